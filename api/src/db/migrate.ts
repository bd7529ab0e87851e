import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from './client';

const MIGRATIONS_DIR = join(__dirname, 'migrations');
// Any constant works; it only has to be the same in every API process.
const MIGRATION_LOCK_KEY = 7_412_031;

function splitStatements(source: string): string[] {
  return source
    .split(/;\s*$/m)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
}

/**
 * Applies every not-yet-applied file in ./migrations in name order, each in its own
 * transaction under an advisory lock, so several API processes may start at once.
 */
export async function runMigrations(db: Db): Promise<string[]> {
  await db.execute(
    sql.raw(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz DEFAULT now())',
    ),
  );
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const applied: string[] = [];
  for (const file of files) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
      const done = await tx.execute(sql`SELECT 1 FROM schema_migrations WHERE name = ${file}`);
      if ((done as unknown as { rows: unknown[] }).rows.length > 0) return;
      for (const statement of splitStatements(readFileSync(join(MIGRATIONS_DIR, file), 'utf8'))) {
        await tx.execute(sql.raw(statement));
      }
      await tx.execute(sql`INSERT INTO schema_migrations (name) VALUES (${file})`);
      applied.push(file);
    });
  }
  return applied;
}
