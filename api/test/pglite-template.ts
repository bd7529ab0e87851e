/**
 * Jest globalSetup of the API project: one migrated PGlite database per run, as a tar of its data
 * directory, that every test file's own in-memory database starts from (openTestDatabase passes
 * it as `loadDataDir`). A new PGlite runs initdb, ≈ 4 s of CPU per file; loading this tar ≈ 0.7 s.
 * Made afresh on every run, so it always holds the migrations of this checkout; the migrations
 * themselves still run from an empty database in migrations.test.ts and pglite-worker.test.ts,
 * and in every file of the PostgreSQL run (which needs no template: TEST_DATABASE_URL set).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../src/platform/db/types';

/** Read by openTestDatabase (helpers.ts); the test files inherit it from Jest's process. */
export const TEMPLATE_ENV = 'LAGER_TEST_PGLITE_TEMPLATE';

export default async function makePgliteTemplate(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) return;
  // Loaded here, not at the top: every test file imports TEMPLATE_ENV through helpers.ts.
  const [{ PGlite }, { pg_trgm }, { drizzle }, { runMigrations }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('../src/platform/db/migrate'),
  ]);
  const dir = mkdtempSync(join(tmpdir(), 'lager-pglite-template-'));
  // Jest's process outlives every test file (workers included); the tar goes with it.
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  // The same extensions as pglite-worker.ts: the stock search's migration creates pg_trgm.
  const pg = new PGlite({ extensions: { pg_trgm } });
  try {
    await runMigrations(drizzle({ client: pg }) as unknown as Db);
    const tar = await pg.dumpDataDir('none');
    const file = join(dir, 'migrated.tar');
    writeFileSync(file, Buffer.from(await tar.arrayBuffer()));
    process.env[TEMPLATE_ENV] = file;
  } finally {
    await pg.close();
  }
}
