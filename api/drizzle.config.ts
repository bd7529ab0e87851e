import { defineConfig } from 'drizzle-kit';

/**
 * `npm run db:generate -w api` (drizzle-kit generate) writes a migration for every schema change into ./drizzle;
 * the API applies them at start (src/db/migrate.ts). Every `schema.ts` under src is a source:
 * src/db/schema.ts (accounts, warehouses, roles, ...) and src/stock/schema.ts.
 * Fixed-list data goes into custom migrations: `npm run db:generate -w api -- --custom --name <what>`.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/**/schema.ts',
  out: './drizzle',
  strict: true,
});
