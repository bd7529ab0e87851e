/**
 * executePrepared on PostgreSQL: a named statement (parsed and planned once per connection) whose result is
 * exactly what `db.execute` gives for the same SQL — raw values as drizzle's driver parses them, dates, intervals
 * and their arrays left as PostgreSQL's text. (PGlite's named statements: pglite-worker.test.ts.)
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from '../../test/helpers';
import { executePrepared } from './prepared';

const describePostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

describePostgres('executePrepared (PostgreSQL)', () => {
  let app: FastifyInstance;
  // One connection, so the statement list read afterwards is the connection the call used.
  useTestApp(__filename, (t) => ({ app } = t), { poolSize: 1 });

  const query = (n: number) => sql`
    SELECT ${n}::int AS n, 12345678901234::bigint AS big, '2026-01-02 03:04:05+00'::timestamptz AS at,
      '2026-01-02'::date AS day, interval '1 day 2 hours' AS span,
      ARRAY['2026-01-02 03:04:05+00'::timestamptz, '2026-02-03 04:05:06+00'] AS ats,
      ARRAY[interval '1 hour'] AS spans, ARRAY['2026-01-02'::date] AS days, '{"a":1}'::jsonb AS doc,
      ARRAY[1, 2]::int[] AS ints, true AS yes`;

  it('answers what db.execute answers', async () => {
    const plain = (await app.ctx.db.execute(query(7))) as unknown as { rows: unknown[] };
    const named = (await executePrepared(app.ctx.db, query(7))) as unknown as { rows: unknown[] };
    expect(named.rows).toEqual(plain.rows);
    // timestamptz[] as PostgreSQL's text, as drizzle leaves it (not Dates).
    expect(named.rows[0]).toMatchObject({ n: 7, ats: expect.stringMatching(/^\{"2026-0/) });
  });

  it('sends the statement under a name, once per connection, for any values', async () => {
    await executePrepared(app.ctx.db, query(1));
    await executePrepared(app.ctx.db, query(2));
    const statements = (await app.ctx.db.execute(
      sql`SELECT name, statement FROM pg_prepared_statements WHERE name LIKE 'lager_raw_%'`,
    )) as unknown as { rows: { name: string; statement: string }[] };
    const ours = statements.rows.filter((r) => r.statement.includes('12345678901234::bigint'));
    expect(ours).toHaveLength(1);
  });
});
