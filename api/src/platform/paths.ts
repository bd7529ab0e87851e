import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The api package folder, found upwards from this file: `api/src/platform/` under tsx and jest,
 * `api/dist/` in the compiled bundle. DATA_DIR defaults to `<api>/data` and the migrations are
 * read from `<api>/drizzle` whatever the working directory.
 */
function findApiRoot(start: string): string {
  for (let dir = start; dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'drizzle')) && existsSync(join(dir, 'package.json'))) return dir;
  }
  throw new Error(`api folder (with drizzle/) not found above ${start}`);
}

export const API_ROOT = findApiRoot(__dirname);
