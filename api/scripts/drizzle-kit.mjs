/**
 * `npm run db:generate -w api [-- --custom --name <what>]`: runs drizzle-kit generate.
 * npm installs drizzle-kit at the repo root but drizzle-orm under api/node_modules, where a
 * bare `npx drizzle-kit` cannot find it ("Please install latest version of drizzle-orm"). So
 * the root's packages and api's drizzle-orm are linked side by side in a temporary folder and
 * drizzle-kit runs from there with --preserve-symlinks(-main).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';

const require = createRequire(import.meta.url);
/** The package's folder (its package.json is not exported, so cut the resolved entry's path). */
const packageDir = (name) => {
  const entry = require.resolve(name);
  const marker = `${sep}node_modules${sep}${name}${sep}`;
  return entry.slice(0, entry.lastIndexOf(marker) + marker.length - 1);
};
const dir = mkdtempSync(join(tmpdir(), 'lager-drizzle-kit-'));
try {
  const modules = join(dir, 'node_modules');
  mkdirSync(modules);
  // drizzle-kit's own dependencies (esbuild, ...) must resolve from the linked folder too.
  const rootModules = dirname(packageDir('drizzle-kit'));
  for (const name of readdirSync(rootModules)) symlinkSync(join(rootModules, name), join(modules, name));
  rmSync(join(modules, 'drizzle-orm'), { force: true });
  symlinkSync(packageDir('drizzle-orm'), join(modules, 'drizzle-orm'));
  const result = spawnSync(
    process.execPath,
    [
      '--preserve-symlinks',
      '--preserve-symlinks-main',
      join(modules, 'drizzle-kit', 'bin.cjs'),
      ...process.argv.slice(2),
    ],
    { stdio: 'inherit', cwd: join(import.meta.dirname, '..') },
  );
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
