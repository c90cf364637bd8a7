// ESLint for the console (and, through `typescriptConfig`, for the end-to-end tests in ../e2e): TypeScript strict,
// kebab-case file names, no import cycles, and the console's layers (frontend/README.md):
//   app/ composes; features/<name>/ are reached by other features and app/ only through their index.ts;
//   api/ and lib/ import no feature and not app/; lib/ takes only types from api/ (the generated schema).
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
import i18next from 'eslint-plugin-i18next';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const here = dirname(fileURLToPath(import.meta.url));

/** The shared TypeScript rules; `root` is the folder whose tsconfig.json resolves imports. */
export function typescriptConfig({ root, browser }) {
  return tseslint.config({
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.strict],
    languageOptions: { globals: browser ? globals.browser : globals.node },
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      // import-x reads TypeScript modules (to follow their imports for no-cycle) and resolves like tsc.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: join(root, 'tsconfig.json') })],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  });
}

const features = readdirSync(join(here, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** A feature's public entries besides index.ts: the screen engine's record fields for other features' forms. */
const SECOND_ENTRIES = { screens: ['./record-fields.ts'] };

const layers = [
  {
    target: ['./src/api', './src/lib'],
    from: ['./src/features', './src/app'],
    message: 'api/ and lib/ sit below every feature: pass what they need in, or move it down to lib/.',
  },
  {
    target: './src/features',
    from: './src/app',
    message: 'app/ composes the features; a feature does not reach back into it.',
  },
  {
    target: './src/lib',
    from: './src/api',
    except: ['./openapi.gen.ts', './schema.ts'],
    message: 'lib/ takes only the generated types from api/.',
  },
  // Each feature is reached from outside through its index.ts only, and the few second entries named here (loaded
  // apart from the index, so that what only some screens use is not in every screen's first load).
  ...features.map((feature) => ({
    target: [`./src/features/!(${feature})/**/*`, './src/app/**/*'],
    from: `./src/features/${feature}`,
    except: ['./index.ts', ...(SECOND_ENTRIES[feature] ?? [])],
    message: `import the ${feature} feature through features/${feature}/index.ts, its public entry.`,
  })),
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'src/api/openapi.gen.ts'] },
  ...typescriptConfig({ root: here, browser: true }),
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: layers }],
      // Every text comes through lib/i18n, so each language gets it (docs/console.md "Languages").
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-i18next',
              message: 'take useTranslation from lib/i18n: it sets the languages up.',
            },
          ],
        },
      ],
    },
  },
  {
    // A text written in JSX is a text no language file can reach: it goes through t() (lib/i18n).
    files: ['src/**/*.tsx'],
    ignores: ['src/**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: [
              '^(label|placeholder|title|aria-label|description|alt|error|message|tooltip|emptyText)$',
            ],
          },
        },
      ],
    },
  },
  {
    files: ['src/lib/i18n.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['*.js', 'scripts/**/*.mjs'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
);
