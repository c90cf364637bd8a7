/**
 * The browser's side of voice commands, kept apart so the rest is testable without one: the Web Speech API's
 * recognition class (TypeScript's DOM types do not declare it), the alternatives of a result event, and the sound of
 * a match.
 */

/** The recognition object, as far as the console uses it. */
export interface SpeechRecognitionLike extends EventTarget {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  start(): void;
  abort(): void;
}

export type SpeechRecognitionClass = new () => SpeechRecognitionLike;

interface SpeechScope {
  SpeechRecognition?: SpeechRecognitionClass;
  webkitSpeechRecognition?: SpeechRecognitionClass;
}

/** `SpeechRecognition`, or Chrome's and Edge's `webkitSpeechRecognition`; null where there is neither (Firefox). */
export function recognitionClass(scope: object): SpeechRecognitionClass | null {
  const speech = scope as SpeechScope;
  return speech.SpeechRecognition ?? speech.webkitSpeechRecognition ?? null;
}

interface ResultEventLike {
  resultIndex?: number;
  results?: ArrayLike<ArrayLike<{ transcript: string }>>;
}

/** Each new result of a result event (from `resultIndex` on), as its alternatives' transcripts. */
export function heardResults(event: Event): string[][] {
  const { resultIndex = 0, results } = event as unknown as ResultEventLike;
  const heard: string[][] = [];
  for (let index = resultIndex; index < (results?.length ?? 0); index++) {
    const result = results?.[index];
    if (!result) continue;
    const alternatives: string[] = [];
    for (let choice = 0; choice < result.length; choice++) {
      const transcript = result[choice]?.transcript;
      if (typeof transcript === 'string') alternatives.push(transcript);
    }
    heard.push(alternatives);
  }
  return heard;
}

/** The code of a recognition error event ('not-allowed', 'no-speech', ...). */
export function errorCode(event: Event): string {
  const { error } = event as unknown as { error?: unknown };
  return typeof error === 'string' ? error : 'unknown';
}

let audio: AudioContext | null = null;

/**
 * The sound of a match. docs/console.md §9 names sound files (.mp3, .ogg in Firefox); the console ships none, so a
 * short tone (a 120 ms oscillator through Web Audio) stands in for them. Silent where Web Audio is missing.
 */
export function beep(): void {
  try {
    audio ??= new AudioContext();
    void audio.resume();
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.type = 'sine';
    tone.frequency.value = 880;
    volume.gain.value = 0.08;
    tone.connect(volume).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.12);
  } catch {
    // No Web Audio: the match notice is enough.
  }
}
