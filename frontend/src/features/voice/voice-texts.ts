// The texts the header's voice button shows before voice commands have loaded (`VoiceButtonLoader`), shared with
// the loaded button: a module of its own so that the shell carries these two strings and nothing else of voice.

/** The button's tooltip while voice commands are on and not listening. */
export const VOICE_READY = 'Voice command: press and speak';
/** The button's tooltip in a browser without speech recognition (Firefox). */
export const VOICE_UNSUPPORTED = 'Voice commands need Chrome or Edge';
