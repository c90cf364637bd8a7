// Writes src/api/openapi.gen.ts, the TypeScript types of the gateway's OpenAPI document (../openapi/openapi.json),
// with openapi-typescript. `npm run api-types` regenerates it after `just openapi`; `npm run api-types:check`
// (part of `npm run lint`, and a Vitest test) fails while the checked-in file is not what this makes.
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';

const here = dirname(fileURLToPath(import.meta.url));
export const SOURCE = resolve(here, '../../openapi/openapi.json');
export const TARGET = resolve(here, '../src/api/openapi.gen.ts');

/**
 * An operationId that more than one operation carries identifies none of them, and openapi-typescript refuses the
 * document: such ids are left out (their operations are then typed under `paths` only). No-op once the gateway's
 * ids are unique.
 */
function withoutSharedOperationIds(document) {
  const operations = Object.values(document.paths ?? {}).flatMap((item) =>
    Object.values(item).filter((operation) => typeof operation === 'object' && operation !== null),
  );
  const count = new Map();
  for (const { operationId } of operations)
    if (operationId) count.set(operationId, (count.get(operationId) ?? 0) + 1);
  for (const operation of operations) {
    if ((count.get(operation.operationId) ?? 0) > 1) delete operation.operationId;
  }
  return document;
}

/** The generated file's text for the OpenAPI document `text`. */
export async function generate(text) {
  const ast = await openapiTS(withoutSharedOperationIds(JSON.parse(text)), {
    silent: true,
    emptyObjectsUnknown: true,
  });
  return `${COMMENT_HEADER}${astToString(ast)}`;
}

async function main() {
  const expected = await generate(await readFile(SOURCE, 'utf8'));
  const name = relative(process.cwd(), TARGET);
  if (process.argv.includes('--check')) {
    const current = await readFile(TARGET, 'utf8').catch(() => '');
    if (current !== expected) {
      console.error(
        `${name} is not what openapi-typescript makes of openapi/openapi.json: run npm run api-types`,
      );
      process.exit(1);
    }
    return;
  }
  await writeFile(TARGET, expected);
  console.log(`wrote ${name}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
