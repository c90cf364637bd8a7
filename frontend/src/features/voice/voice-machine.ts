/**
 * Voice control's states and transitions (docs/console.md §4): on (ready, not started), started (listening), error
 * (the microphone denied), off (the "stop" phrase) and aborted (the voice button pressed while listening); the
 * automatic restart after the browser ends recognition, never sooner than 1 s after the last start; and what a heard
 * result leads to. No React and no browser: the recognition, the clock and the outputs are passed in, so the tests
 * drive it with fakes and fake timers.
 */
import {
  matchNotice,
  matchPhrase,
  muteNotice,
  noMatchNotice,
  unmuteNotice,
  type VoiceAction,
  voiceOffNotice,
  type VoiceNotice,
} from './voice-phrases';

export type VoiceState = 'on' | 'started' | 'error' | 'off' | 'aborted';

export type VoiceEvent =
  /** The voice button, when not listening. */
  | { type: 'start' }
  /** The voice button, while listening. */
  | { type: 'abort' }
  /** The "stop" phrase. */
  | { type: 'stop' }
  /** The browser ended recognition (it drops the microphone every 60 to 120 s, and after an error). */
  | { type: 'end' }
  /** The recognition's error event, with its code ('not-allowed', 'no-speech', ...). */
  | { type: 'error'; error: string }
  /** One final result: its alternatives, most likely first. */
  | { type: 'result'; alternatives: readonly string[] };

/** docs/console.md §4, §9: at least 1 s between starts of recognition. */
export const MIN_RESTART_MS = 1000;

/**
 * Errors after which recognition does not restart, and the button's popover says the voice command failed: the
 * microphone refused (docs/console.md §8), and, as that message names them, no microphone or no connection to the
 * recognition service; restarting each second would only fail again.
 */
export const FATAL_ERRORS: readonly string[] = [
  'not-allowed',
  'service-not-allowed',
  'audio-capture',
  'network',
];

/** The browser's recognition as far as the machine uses it. */
export interface VoiceRecognizer {
  start(): void;
  abort(): void;
}

export interface VoiceClock {
  now(): number;
  /** Runs `run` after `ms`; answers a function that cancels it. */
  after(ms: number, run: () => void): () => void;
}

/** What the machine asks of the page. */
export interface VoiceOutputs {
  state(state: VoiceState): void;
  action(action: VoiceAction): void;
  notice(notice: VoiceNotice): void;
  /** The sound of a match, asked only while the sound is on. */
  beep(): void;
}

export interface VoiceMachineOptions {
  recognizer: VoiceRecognizer;
  clock: VoiceClock;
  outputs: VoiceOutputs;
  /** Whether the sound is on (docs/console.md §9: on by default; the page keeps the user's choice). */
  sound: boolean;
}

export interface VoiceMachine {
  send(event: VoiceEvent): void;
  state(): VoiceState;
  sound(): boolean;
  /** Stops listening for good (the page goes away): no restart, no more outputs. */
  dispose(): void;
}

export function createVoiceMachine({
  recognizer,
  clock,
  outputs,
  sound: soundOn,
}: VoiceMachineOptions): VoiceMachine {
  let state: VoiceState = 'on';
  let sound = soundOn;
  let lastStart = Number.NEGATIVE_INFINITY;
  let cancelRestart: (() => void) | null = null;
  let disposed = false;

  const become = (next: VoiceState) => {
    if (next === state) return;
    state = next;
    outputs.state(next);
  };

  const clearRestart = () => {
    cancelRestart?.();
    cancelRestart = null;
  };

  const begin = () => {
    clearRestart();
    lastStart = clock.now();
    try {
      recognizer.start();
    } catch {
      // Already listening (InvalidStateError): nothing to start.
    }
  };

  /** Leaves listening: no restart, the microphone released. */
  const halt = (next: VoiceState) => {
    const listening = state === 'started';
    clearRestart();
    become(next);
    if (listening) recognizer.abort();
  };

  const heard = (alternatives: readonly string[]) => {
    const match = matchPhrase(alternatives);
    if (!match) return outputs.notice(noMatchNotice(alternatives[0]?.trim() ?? ''));
    const { action } = match;
    if (action.kind === 'stop') {
      halt('off');
      if (sound) outputs.beep();
      return outputs.notice(voiceOffNotice());
    }
    if (action.kind === 'sound') {
      sound = action.on;
      outputs.action(action);
      if (sound) outputs.beep();
      return outputs.notice(action.on ? unmuteNotice() : muteNotice());
    }
    if (sound) outputs.beep();
    outputs.notice(matchNotice(match));
    outputs.action(action);
  };

  const send = (event: VoiceEvent) => {
    if (disposed) return;
    switch (event.type) {
      case 'start':
        if (state === 'started') return;
        become('started');
        return begin();
      case 'abort':
        return halt('aborted');
      case 'stop':
        halt('off');
        return outputs.notice(voiceOffNotice());
      case 'end': {
        if (state !== 'started' || cancelRestart) return;
        const wait = lastStart + MIN_RESTART_MS - clock.now();
        if (wait <= 0) return begin();
        cancelRestart = clock.after(wait, () => {
          cancelRestart = null;
          if (!disposed && state === 'started') begin();
        });
        return;
      }
      case 'error':
        // Other errors ('no-speech', 'aborted', ...) are followed by 'end', which restarts.
        if (state === 'started' && FATAL_ERRORS.includes(event.error)) halt('error');
        return;
      case 'result':
        if (state === 'started') heard(event.alternatives);
        return;
    }
  };

  return {
    send,
    state: () => state,
    sound: () => sound,
    dispose: () => {
      if (state === 'started') recognizer.abort();
      clearRestart();
      disposed = true;
    },
  };
}
