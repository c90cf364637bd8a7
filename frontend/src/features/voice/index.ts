// Voice commands (docs/console.md §4, §8, §9): the header's button, with its popover and help, is all the shell needs.
export { VoiceButton, type VoiceButtonProps } from './voice-button';
