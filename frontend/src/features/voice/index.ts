// Voice commands (docs/console.md §4, §8, §9): the header's button, which loads the rest on its first press, is all
// the shell needs.
export { VoiceButtonLoader as VoiceButton } from './voice-button-loader';
export type { VoiceButtonProps } from './voice-button';
