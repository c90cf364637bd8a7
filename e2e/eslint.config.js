// The end-to-end tests follow the console's TypeScript rules (../frontend/eslint.config.js): strict TypeScript,
// kebab-case file names, no import cycles. Run by the console's `npm run lint` (lint:e2e), with its ESLint.
import { typescriptConfig } from '../frontend/eslint.config.js';

export default [
  { ignores: ['node_modules', 'test-results', 'playwright-report'] },
  ...typescriptConfig({ root: import.meta.dirname, browser: false }),
];
