import { describe, expect, it } from 'vitest';

import { errorCode, heardResults, recognitionClass } from './browser-voice';

/** A result event as the browser sends it: the results so far, and where the new ones begin. */
function resultEvent(resultIndex: number, results: string[][]): Event {
  return Object.assign(new Event('result'), {
    resultIndex,
    results: results.map((alternatives) =>
      alternatives.map((transcript) => ({ transcript, confidence: 0.9 })),
    ),
  });
}

describe('the browser side of voice commands', () => {
  it('finds the standard class first, then the prefixed one, else none', () => {
    class Standard {
      lang = 'en-US';
    }
    class Prefixed {
      lang = 'en-US';
    }
    expect(recognitionClass({ SpeechRecognition: Standard, webkitSpeechRecognition: Prefixed })).toBe(
      Standard,
    );
    expect(recognitionClass({ webkitSpeechRecognition: Prefixed })).toBe(Prefixed);
    expect(recognitionClass({})).toBeNull();
  });

  it('reads the new results only, each with its alternatives', () => {
    const event = resultEvent(1, [['show calendar'], ['show dashboard map', 'show dashboard'], ['go back']]);
    expect(heardResults(event)).toEqual([['show dashboard map', 'show dashboard'], ['go back']]);
    expect(heardResults(new Event('result'))).toEqual([]);
  });

  it("reads an error event's code", () => {
    expect(errorCode(Object.assign(new Event('error'), { error: 'not-allowed' }))).toBe('not-allowed');
    expect(errorCode(new Event('error'))).toBe('unknown');
  });
});
