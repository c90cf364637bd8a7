import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createVoiceMachine, MIN_RESTART_MS, type VoiceState } from './voice-machine';
import {
  MAX_ALTERNATIVES,
  matchPhrase,
  normalisePhrase,
  type VoiceAction,
  type VoiceNotice,
  VOICE_FAILED,
  VOICE_PHRASES,
} from './voice-phrases';

/** A machine on a fake recognizer and the fake clock, recording what it asks for. */
function harness({ sound = true } = {}) {
  const starts: number[] = [];
  const recognizer = { start: vi.fn(() => void starts.push(Date.now())), abort: vi.fn() };
  const states: VoiceState[] = [];
  const actions: VoiceAction[] = [];
  const notices: VoiceNotice[] = [];
  const beeps: number[] = [];
  const machine = createVoiceMachine({
    recognizer,
    clock: {
      now: () => Date.now(),
      after: (ms, run) => {
        const timer = setTimeout(run, ms);
        return () => clearTimeout(timer);
      },
    },
    outputs: {
      state: (state) => states.push(state),
      action: (action) => actions.push(action),
      notice: (notice) => notices.push(notice),
      beep: () => beeps.push(Date.now()),
    },
    sound,
  });
  const say = (...alternatives: string[]) => machine.send({ type: 'result', alternatives });
  return { machine, recognizer, starts, states, actions, notices, beeps, say };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-01-05T10:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('voice states (docs/console.md §4)', () => {
  it('is on and not started until asked; start listens once', () => {
    const { machine, recognizer, states } = harness();
    expect(machine.state()).toBe('on');
    vi.advanceTimersByTime(10_000);
    expect(recognizer.start).not.toHaveBeenCalled();

    machine.send({ type: 'start' });
    expect(machine.state()).toBe('started');
    expect(states).toEqual(['started']);
    machine.send({ type: 'start' });
    expect(recognizer.start).toHaveBeenCalledTimes(1);
  });

  it('restarts after the browser ends it, no sooner than 1 s after the last start', () => {
    const { machine, starts } = harness();
    machine.send({ type: 'start' });
    vi.advanceTimersByTime(300);
    machine.send({ type: 'end' });
    machine.send({ type: 'end' });
    vi.advanceTimersByTime(MIN_RESTART_MS - 300 - 1);
    expect(starts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(starts).toHaveLength(2);
    expect((starts[1] ?? 0) - (starts[0] ?? 0)).toBe(MIN_RESTART_MS);
    expect(machine.state()).toBe('started');

    // Long after the last start (the browser's 60 to 120 s): at once.
    vi.advanceTimersByTime(90_000);
    machine.send({ type: 'end' });
    expect(starts).toHaveLength(3);
    expect((starts[2] ?? 0) - (starts[1] ?? 0)).toBe(90_000);
  });

  it('a start that throws (already listening) is passed over', () => {
    const { machine, recognizer } = harness();
    recognizer.start.mockImplementation(() => {
      throw new Error('InvalidStateError');
    });
    machine.send({ type: 'start' });
    expect(machine.state()).toBe('started');
  });

  it('stop turns it off: the microphone is released and nothing restarts', () => {
    const { machine, recognizer, starts, notices } = harness();
    machine.send({ type: 'start' });
    machine.send({ type: 'end' });
    machine.send({ type: 'stop' });
    expect(machine.state()).toBe('off');
    expect(recognizer.abort).toHaveBeenCalledTimes(1);
    machine.send({ type: 'end' });
    vi.advanceTimersByTime(5 * MIN_RESTART_MS);
    expect(starts).toHaveLength(1);
    expect(notices.map((notice) => notice.title)).toEqual(['VOICE COMMAND OFF']);

    // The microphone icon turns it back on.
    machine.send({ type: 'start' });
    expect(machine.state()).toBe('started');
    expect(starts).toHaveLength(2);
  });

  it.each(['not-allowed', 'service-not-allowed'])(
    'a denied microphone (%s) is the error state, no restart',
    (error) => {
      const { machine, starts } = harness();
      machine.send({ type: 'start' });
      machine.send({ type: 'error', error });
      machine.send({ type: 'end' });
      vi.advanceTimersByTime(5 * MIN_RESTART_MS);
      expect(machine.state()).toBe('error');
      expect(starts).toHaveLength(1);
      expect(VOICE_FAILED).toBe('Voice command failed: Must Allow Microphone; Must have Internet Connection');
    },
  );

  it('other errors (no speech heard) keep listening: the end that follows restarts', () => {
    const { machine, starts } = harness();
    machine.send({ type: 'start' });
    machine.send({ type: 'error', error: 'no-speech' });
    machine.send({ type: 'end' });
    vi.advanceTimersByTime(MIN_RESTART_MS);
    expect(machine.state()).toBe('started');
    expect(starts).toHaveLength(2);
  });

  it('abort (the button while listening) is aborted: released, no restart, and results are ignored', () => {
    const { machine, recognizer, starts, actions, notices, say } = harness();
    machine.send({ type: 'start' });
    machine.send({ type: 'end' });
    machine.send({ type: 'abort' });
    expect(machine.state()).toBe('aborted');
    expect(recognizer.abort).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5 * MIN_RESTART_MS);
    expect(starts).toHaveLength(1);
    say('show calendar');
    expect(actions).toEqual([]);
    expect(notices).toEqual([]);
  });

  it('dispose stops listening for good', () => {
    const { machine, recognizer, starts, say, actions } = harness();
    machine.send({ type: 'start' });
    machine.send({ type: 'end' });
    machine.dispose();
    expect(recognizer.abort).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5 * MIN_RESTART_MS);
    machine.send({ type: 'start' });
    say('show calendar');
    expect(starts).toHaveLength(1);
    expect(actions).toEqual([]);
  });
});

describe('phrase matching', () => {
  it('ignores case, surrounding and doubled spaces and sentence punctuation', () => {
    expect(normalisePhrase('  Show   CALENDAR. ')).toBe('show calendar');
    expect(matchPhrase(['  Show   CALENDAR '])?.phrase).toBe('show calendar');
    expect(matchPhrase(['Go back!'])?.phrase).toBe('go back');
  });

  it('looks at each of up to five alternatives', () => {
    expect(matchPhrase(['show colander', 'so calendar', 'show calendar'])?.phrase).toBe('show calendar');
    const five = ['a', 'b', 'c', 'd', 'show outlook'];
    expect(five).toHaveLength(MAX_ALTERNATIVES);
    expect(matchPhrase(five)?.phrase).toBe('show outlook');
    // A sixth alternative is beyond what the recognition is asked for.
    expect(matchPhrase(['a', 'b', 'c', 'd', 'e', 'show outlook'])).toBeNull();
  });

  it('takes the longest phrase matched', () => {
    expect(matchPhrase(['show dashboard', 'show dashboard map'])?.phrase).toBe('show dashboard map');
    expect(matchPhrase(['show dashboard summary', 'show dashboard'])?.phrase).toBe('show dashboard summary');
    expect(matchPhrase(['show dashboard', 'show dashboards'])?.phrase).toBe('show dashboard');
  });

  it('matches a whole phrase only', () => {
    expect(matchPhrase(['please show calendar'])).toBeNull();
    expect(matchPhrase(['stop it'])).toBeNull();
    expect(matchPhrase([])).toBeNull();
  });
});

describe('what each phrase does (docs/console.md §9)', () => {
  const expected: [string, VoiceAction][] = [
    ['show dashboard', { kind: 'navigate', to: '/dashboard/analytics' }],
    ['show dashboard map', { kind: 'navigate', to: '/dashboard/map' }],
    ['show dashboard summary', { kind: 'navigate', to: '/dashboard/dashboardsummary' }],
    ['show calendar', { kind: 'navigate', to: '/calendar' }],
    ['show outlook', { kind: 'navigate', to: '/outlook' }],
    ['go back', { kind: 'back' }],
    ['scroll up', { kind: 'scroll', to: 'top' }],
    ['scroll down', { kind: 'scroll', to: 'bottom' }],
    ['hide navigation', { kind: 'navigation', show: false }],
    ['show navigation', { kind: 'navigation', show: true }],
    ['help', { kind: 'help', open: true }],
    ['got it', { kind: 'help', open: false }],
  ];

  it('lists exactly the phrases of §9', () => {
    expect(VOICE_PHRASES.map((phrase) => phrase.phrase).sort()).toEqual(
      [...expected.map(([phrase]) => phrase), 'mute', 'sound on', 'stop'].sort(),
    );
  });

  it.each(expected)('"%s" does its action with a 2 s notice naming it, and a beep', (phrase, action) => {
    const { machine, actions, notices, beeps, say } = harness();
    machine.send({ type: 'start' });
    say(phrase.toUpperCase());
    expect(actions).toEqual([action]);
    expect(notices).toEqual([
      {
        title: `Voice command: ${phrase}`,
        message: VOICE_PHRASES.find((candidate) => candidate.phrase === phrase)?.does,
        color: 'dark',
        autoClose: 2000,
      },
    ]);
    expect(beeps).toHaveLength(1);
    expect(machine.state()).toBe('started');
  });

  it('no match: the notice says what was heard, for 5 s', () => {
    const { machine, actions, notices, beeps, say } = harness();
    machine.send({ type: 'start' });
    say('  open the pod bay doors ', 'open the pod bay door');
    expect(actions).toEqual([]);
    expect(beeps).toEqual([]);
    expect(notices).toEqual([
      {
        title: 'Error: "open the pod bay doors" no match found!',
        message: 'Please speak clearly into the microphone',
        color: 'red',
        autoClose: 5000,
      },
    ]);
  });

  it('"mute" turns the sound off (4 s notice), "sound on" back on (5 s notice, with a beep)', () => {
    const { machine, actions, notices, beeps, say } = harness();
    machine.send({ type: 'start' });
    say('mute');
    expect(machine.sound()).toBe(false);
    say('show calendar');
    expect(beeps).toEqual([]);
    say('sound on');
    expect(machine.sound()).toBe(true);
    expect(beeps).toHaveLength(1);
    expect(actions).toEqual([
      { kind: 'sound', on: false },
      { kind: 'navigate', to: '/calendar' },
      { kind: 'sound', on: true },
    ]);
    expect(notices[0]).toEqual({
      title: 'MUTE',
      message: 'All sounds have been muted!',
      color: 'red',
      autoClose: 4000,
    });
    expect(notices[2]).toEqual({
      title: 'UNMUTE',
      message: 'All sounds have been turned on!',
      color: 'green',
      autoClose: 5000,
    });
  });

  it('a muted start stays silent', () => {
    const { machine, beeps, say } = harness({ sound: false });
    machine.send({ type: 'start' });
    say('show outlook');
    expect(beeps).toEqual([]);
  });

  it('"stop" turns voice off for 8 s, naming the microphone icon', () => {
    const { machine, recognizer, notices, starts, say } = harness();
    machine.send({ type: 'start' });
    say('Stop');
    expect(machine.state()).toBe('off');
    expect(recognizer.abort).toHaveBeenCalledTimes(1);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.title).toBe('VOICE COMMAND OFF');
    expect(notices[0]?.message).toMatch(/microphone icon.*back on/);
    expect(notices[0]?.autoClose).toBe(8000);
    machine.send({ type: 'end' });
    vi.advanceTimersByTime(5 * MIN_RESTART_MS);
    expect(starts).toHaveLength(1);
  });
});
