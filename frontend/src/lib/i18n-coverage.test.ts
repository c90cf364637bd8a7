// Every text the console asks for has its Hindi, with the same placeholders; what is not in the file would show in
// English to a Hindi reader.
import { describe, expect, it } from 'vitest';

import hindi from '../../public/assets/api/langs/hi.json';
import languages from '../../public/assets/api/langs/languages.json';
import { keysIn, placeholdersOf } from './i18n-keys';

const sources = import.meta.glob<string>(
  ['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../api/openapi.gen.ts'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);
const file: Readonly<Record<string, string>> = hindi;

describe('the Hindi language file', () => {
  it('has every text the source asks for', () => {
    const missing = new Set<string>();
    for (const [path, source] of Object.entries(sources)) {
      for (const key of keysIn(source)) if (!(key in file)) missing.add(`${key}    (${path})`);
    }
    expect([...missing]).toEqual([]);
  });

  it('keeps each text’s placeholders and says something', () => {
    const wrong = Object.entries(file).filter(
      ([key, text]) => text.trim() === '' || placeholdersOf(key).join() !== placeholdersOf(text).join(),
    );
    expect(wrong).toEqual([]);
  });

  it('is listed in languages.json beside English, each with key, alt and title', () => {
    expect(languages.map((l) => l.key)).toEqual(['en', 'hi']);
    for (const language of languages) expect(language.alt && language.title).toBeTruthy();
  });
});
