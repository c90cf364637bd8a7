/**
 * The voice phrases of docs/console.md §9 and what each asks for, the voice notices of §8 and §9 with their exact
 * texts and durations, and how what the browser heard is matched to a phrase. Pure: the hook does the actions.
 * The phrases themselves stay English (recognition runs in en-US); what is shown is in the user's language: the
 * notices are worded when they are made, the constants below are shown through t().
 */
import { translate } from '../../lib/i18n';

/** docs/console.md §9: the recognition's language (the original's config) and its number of alternatives. */
export const VOICE_LANGUAGE = 'en-US';
export const MAX_ALTERNATIVES = 5;

export type VoiceAction =
  | { kind: 'navigate'; to: string }
  | { kind: 'back' }
  | { kind: 'scroll'; to: 'top' | 'bottom' }
  | { kind: 'navigation'; show: boolean }
  | { kind: 'sound'; on: boolean }
  | { kind: 'stop' }
  | { kind: 'help'; open: boolean };

export interface VoicePhrase {
  phrase: string;
  action: VoiceAction;
  /** What it does, for the help list and the match notice (English: shown through t()). */
  does: string;
}

export const VOICE_PHRASES: readonly VoicePhrase[] = [
  {
    phrase: 'show dashboard',
    action: { kind: 'navigate', to: '/dashboard/analytics' },
    does: 'Analytics dashboard',
  },
  { phrase: 'show dashboard map', action: { kind: 'navigate', to: '/dashboard/map' }, does: 'Map dashboard' },
  {
    phrase: 'show dashboard summary',
    action: { kind: 'navigate', to: '/dashboard/dashboardsummary' },
    does: 'Dashboard summary',
  },
  { phrase: 'show calendar', action: { kind: 'navigate', to: '/calendar' }, does: 'Calendar' },
  { phrase: 'show outlook', action: { kind: 'navigate', to: '/outlook' }, does: 'Mail (Outlook)' },
  { phrase: 'go back', action: { kind: 'back' }, does: 'The previous page' },
  { phrase: 'scroll up', action: { kind: 'scroll', to: 'top' }, does: 'Scroll to the top of the page' },
  {
    phrase: 'scroll down',
    action: { kind: 'scroll', to: 'bottom' },
    does: 'Scroll to the bottom of the page',
  },
  { phrase: 'hide navigation', action: { kind: 'navigation', show: false }, does: 'Collapse the menu' },
  { phrase: 'show navigation', action: { kind: 'navigation', show: true }, does: 'Expand the menu' },
  { phrase: 'mute', action: { kind: 'sound', on: false }, does: 'Turn the sounds off' },
  { phrase: 'sound on', action: { kind: 'sound', on: true }, does: 'Turn the sounds back on' },
  { phrase: 'stop', action: { kind: 'stop' }, does: 'Turn voice commands off' },
  { phrase: 'help', action: { kind: 'help', open: true }, does: 'Show this list' },
  { phrase: 'got it', action: { kind: 'help', open: false }, does: 'Close this list' },
];

/** A notice as Mantine's notifications take it; `autoClose` in milliseconds. */
export interface VoiceNotice {
  title: string;
  message: string;
  color: string;
  autoClose: number;
}

/** docs/console.md §9: match 2 s, no match 5 s, voice off 8 s, mute 4 s, unmute 5 s. */
export const VOICE_NOTICE_MS = { match: 2000, noMatch: 5000, off: 8000, mute: 4000, unmute: 5000 } as const;

/** docs/console.md §8: the voice button's popover when the microphone is denied. */
export const VOICE_FAILED = 'Voice command failed: Must Allow Microphone; Must have Internet Connection';
export const SPEAK_CLEARLY = 'Please speak clearly into the microphone';
export const VOICE_OFF = 'VOICE COMMAND OFF';
/** The voice button's tooltip in a browser without speech recognition. */

export function matchNotice(phrase: VoicePhrase): VoiceNotice {
  return {
    title: translate('Voice command: {{phrase}}', { phrase: phrase.phrase }),
    message: translate(phrase.does),
    color: 'dark',
    autoClose: VOICE_NOTICE_MS.match,
  };
}

/** 'Error: ... no match found!' of docs/console.md §8, with what was heard in place of the dots. */
export function noMatchNotice(heard: string): VoiceNotice {
  return {
    title: translate('Error: "{{heard}}" no match found!', { heard }),
    message: translate(SPEAK_CLEARLY),
    color: 'red',
    autoClose: VOICE_NOTICE_MS.noMatch,
  };
}

export function voiceOffNotice(): VoiceNotice {
  return {
    title: translate(VOICE_OFF),
    message: translate(
      'Voice commands are turned off. Press the microphone icon in the header to turn them back on.',
    ),
    color: 'green',
    autoClose: VOICE_NOTICE_MS.off,
  };
}

export function muteNotice(): VoiceNotice {
  return {
    title: translate('MUTE'),
    message: translate('All sounds have been muted!'),
    color: 'red',
    autoClose: VOICE_NOTICE_MS.mute,
  };
}

export function unmuteNotice(): VoiceNotice {
  return {
    title: translate('UNMUTE'),
    message: translate('All sounds have been turned on!'),
    color: 'green',
    autoClose: VOICE_NOTICE_MS.unmute,
  };
}

/** Lower case, no surrounding or doubled spaces, no sentence punctuation: "  Show   Calendar. " is "show calendar". */
export function normalisePhrase(heard: string): string {
  return heard
    .toLowerCase()
    .replace(/[.,!?]/g, ' ')
    .trim()
    .replace(/\s+/g, ' ');
}

/**
 * The phrase one of the (up to five) alternatives says, or null. An alternative matches a phrase when it says it and
 * nothing else; of several matches the longest phrase wins, so "show dashboard map" is never taken for "show
 * dashboard" when the browser offers both.
 */
export function matchPhrase(alternatives: readonly string[]): VoicePhrase | null {
  const heard = new Set(alternatives.slice(0, MAX_ALTERNATIVES).map(normalisePhrase));
  let best: VoicePhrase | null = null;
  for (const candidate of VOICE_PHRASES) {
    if (heard.has(candidate.phrase) && (!best || candidate.phrase.length > best.phrase.length))
      best = candidate;
  }
  return best;
}
