-- Custom migration (drizzle-kit generate --custom): the extension the stock article search's
-- trigram index needs (next migration). Installed in schema public, unquoted on purpose: the
-- migrator keeps "public". references inside the schema in use, this one must stay public so
-- every schema (per-file test schemas included) shares one extension. PostgreSQL 13+ lets the
-- database owner create this trusted extension; PGlite loads it in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
