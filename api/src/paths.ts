import { resolve } from 'node:path';

/**
 * The api package folder, from `api/src/paths.ts` under tsx and jest and from the compiled bundle
 * `api/dist/server.js` alike (both one level below it): DATA_DIR defaults to `<api>/data` and the
 * migrations are read from `<api>/drizzle` whatever the working directory.
 */
export const API_ROOT = resolve(__dirname, '..');
