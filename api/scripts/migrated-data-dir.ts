/**
 * `tsx scripts/migrated-data-dir.ts <dir>`: creates a PGlite data directory at <dir> with every
 * migration applied, the way the API's first start does, and closes it. The browser journeys copy
 * it into each stack's DATA_DIR (e2e/support/pglite-template.ts) instead of letting every API start
 * run initdb and the migrations again.
 */
import { openDatabase } from '../src/platform/db/client';

async function main() {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: tsx scripts/migrated-data-dir.ts <dir>');
  const database = await openDatabase({ dataDir: dir });
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
