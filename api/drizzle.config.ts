import { defineConfig } from 'drizzle-kit';

/**
 * `npm run db:generate -w api` (drizzle-kit generate) writes a migration for every schema change into ./drizzle;
 * the API applies them at start (src/platform/db/migrate.ts). Every `tables.ts` under src is a source: the
 * platform's (tenancy core, rate limits, access log) and each module's own.
 * Fixed-list data goes into custom migrations: `npm run db:generate -w api -- --custom --name <what>`.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/**/tables.ts',
  out: './drizzle',
  strict: true,
});
