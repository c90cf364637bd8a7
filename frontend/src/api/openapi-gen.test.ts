import { expect, it } from 'vitest';

import source from '../../../openapi/openapi.json?raw';
import { generate } from '../../scripts/api-types.mjs';
import current from './openapi.gen.ts?raw';

// `just test` fails while the checked-in types lag the gateway's OpenAPI document: `npm run api-types` fixes it.
// Generating from the whole document takes a few seconds on a busy two-core machine: not a measure of anything.
it(
  'openapi.gen.ts is what `npm run api-types` makes of openapi/openapi.json',
  { timeout: 60_000 },
  async () => {
    const expected = await generate(source);
    const firstDifference = current.split('\n').findIndex((line, i) => line !== expected.split('\n')[i]);
    expect(current === expected, `line ${firstDifference + 1} differs: run npm run api-types`).toBe(true);
  },
);
