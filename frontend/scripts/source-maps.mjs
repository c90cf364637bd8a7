// Moves the build's source maps out of dist/ (which the gateway serves) into ../.pmis/console-sourcemaps/ (the
// project's git-ignored local state), keeping their paths (assets/index-….js.map). `npm run build` runs it after
// `vite build`. The bundles name no map (`sourcemap: 'hidden'` in vite.config.ts), so a browser never asks for one;
// a developer reading a stack trace from production loads the matching map by hand in the browser's tools. The
// gateway answers 404 for any `.map` under /assets/ in any case.
import { copyFile, mkdir, readdir, rm } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const DIST = resolve(here, '../dist');
const TARGET = resolve(here, '../../.pmis/console-sourcemaps');

await rm(TARGET, { recursive: true, force: true });
let moved = 0;
for (const entry of await readdir(DIST, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.map')) continue;
  const from = join(entry.parentPath, entry.name);
  const to = join(TARGET, relative(DIST, from));
  await mkdir(dirname(to), { recursive: true });
  await copyFile(from, to);
  await rm(from);
  moved += 1;
}
console.log(`source maps: ${moved} moved to ${relative(process.cwd(), TARGET) || '.'} (not served)`);
