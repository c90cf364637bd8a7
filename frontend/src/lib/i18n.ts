/**
 * The console's languages (docs/console.md "Languages"). English is the source language: a text's key is its English
 * wording, so a text missing from a language file shows in English and English needs no file of its own. The other
 * languages are loaded from `/assets/api/langs/{key}.json` when chosen, by the loader app/start-up.ts hands in (the
 * gateway client: lib/ does not call the server itself); the choice is kept in the browser. Components take `useTranslation` from here, never from react-i18next, so the instance is always
 * set up before a text is asked for (in tests too).
 */
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';

export { Trans, useTranslation } from 'react-i18next';

export const SOURCE_LANGUAGE = 'en';
const LANGUAGE_KEY = 'pmis.language';
/** The locale of each language for dates and times; numbers keep Indian grouping in every language. */
const LOCALES: Readonly<Record<string, string>> = { en: 'en-IN', hi: 'hi-IN' };

/** A language file: the English text → the text in that language. */
export type LanguageFile = Readonly<Record<string, string>>;

let loadLanguageFile: ((language: string) => Promise<LanguageFile>) | undefined;

const languageFiles: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, _namespace: string, callback: ReadCallback) {
    if (!loadLanguageFile || !/^[a-z]{2}$/.test(language)) {
      callback(new Error(`no such language: ${language}`), false);
      return;
    }
    loadLanguageFile(language)
      .then((file) => callback(null, file))
      .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false));
  },
};

function storage(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

/** The language the user chose last, or English. */
export function storedLanguage(): string {
  const stored = storage()?.getItem(LANGUAGE_KEY);
  return stored && /^[a-z]{2}$/.test(stored) ? stored : SOURCE_LANGUAGE;
}

void i18next
  .use(languageFiles)
  .use(initReactI18next)
  .init({
    // English until startLanguages has its loader: the remembered language is chosen then.
    lng: SOURCE_LANGUAGE,
    fallbackLng: SOURCE_LANGUAGE,
    // English is bundled (it is the keys themselves): only another language's file is fetched.
    resources: { [SOURCE_LANGUAGE]: { translation: {} } },
    partialBundledLanguages: true,
    // Keys are English sentences: their dots and colons are text, not paths or namespaces.
    keySeparator: false,
    nsSeparator: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    react: { useSuspense: false },
  });

syncDocumentLanguage(i18next.language);
i18next.on('languageChanged', syncDocumentLanguage);

function syncDocumentLanguage(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Hands in the loader of language files and switches to the language this browser chose last. */
export async function startLanguages(load: (language: string) => Promise<LanguageFile>): Promise<void> {
  loadLanguageFile = load;
  const language = storedLanguage();
  if (language !== SOURCE_LANGUAGE) await switchTo(language);
}

/** Switches the console's language and remembers the choice in this browser. */
export async function chooseLanguage(language: string): Promise<void> {
  await switchTo(language);
  storage()?.setItem(LANGUAGE_KEY, language);
}

/** Languages written in Devanagari, whose words need the font the console ships (`app/devanagari-font.css`). */
const DEVANAGARI_LANGUAGES = new Set(['hi', 'mr', 'ne', 'sa', 'kok', 'mai']);

/**
 * The language's script fonts are fetched before its words are drawn: Chromium draws text laid out while a weight
 * of a web font is still loading as boxes, and keeps them (bold headings stayed boxes after the font arrived). A
 * font that cannot be fetched leaves the system's fonts to it.
 */
async function switchTo(language: string): Promise<void> {
  if (DEVANAGARI_LANGUAGES.has(language) && typeof document !== 'undefined' && document.fonts) {
    await Promise.all(
      ['400', '700'].map((weight) =>
        document.fonts.load(`${weight} 1em "Noto Sans Devanagari"`, 'क').catch(() => []),
      ),
    );
  }
  await i18next.changeLanguage(language);
}

/** The current language's key (`en`, `hi`). */
function currentLanguage(): string {
  return i18next.resolvedLanguage ?? i18next.language;
}

/** The locale dates and times are written in for the current language. */
export function currentLocale(): string {
  return LOCALES[currentLanguage()] ?? LOCALES[SOURCE_LANGUAGE] ?? 'en-IN';
}

/**
 * A text outside React (a controller's message, a zod message built when a form opens), in the current language.
 * Call it when the text is produced, never at module load: a later language change would not reach it.
 */
export function translate(text: string, values?: Readonly<Record<string, unknown>>): string {
  return i18next.t(text, values);
}

/**
 * A registry label in the current language: the register's own key `registry.<entry>.<column>` first (for a label
 * that reads differently in one register), then the English label as a key, then the English label itself.
 */
export function registryLabel(entry: string, column: string, label: string): string {
  return i18next.t([`registry.${entry}.${column}`, label], { defaultValue: label });
}

export { i18next };
