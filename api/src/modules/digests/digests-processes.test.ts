/**
 * stock-spec-2 §4's proof: the digest queue with real API processes on one PostgreSQL. Two
 * processes run the queue together, and processes are killed (SIGKILL, by the test hook
 * LAGER_DIGEST_CRASH) inside a job's transaction and between handing a mail to the outbox and
 * recording it. Afterwards every digest is in the outbox exactly once. PostgreSQL only: PGlite is
 * one process.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type ApiProcess, freePort, healthy, startApi } from '../../../test/api-process';
import { buildTestApp, createWarehouse, loggedIn, openTestDatabase } from '../../../test/helpers';
import { book, createArticle, stockUp } from '../../../test/stock/helpers';
import type { Database } from '../../platform/db/client';

jest.setTimeout(300_000);

const url = process.env.TEST_DATABASE_URL;
const describePostgres = url ? describe : describe.skip;
const SUBSCRIBERS = 12;
const SCHEMA = 'test_digests_processes_test_ts';

describePostgres('the digest queue across processes and crashes', () => {
  let database: Database;
  const emails: string[] = [];
  const running: ApiProcess[] = [];
  const outbox = mkdtempSync(join(tmpdir(), 'lager-digest-outbox-'));

  beforeAll(async () => {
    database = await openTestDatabase(__filename);
    const { app } = await buildTestApp(database);
    for (let i = 0; i < SUBSCRIBERS; i += 1) {
      const { user, client } = await loggedIn(app);
      const warehouse = await createWarehouse(client);
      expect((await client.put(`/api/digests/${warehouse.id}`, { hour: 0, time_zone: 'UTC' })).statusCode).toBe(200);
      const article = await createArticle(client, { min_stock: 5 });
      await stockUp(client, article.id, 10);
      await book(client, '/api/stock/movements', { article_id: article.id, kind: 'out', quantity: 6, reason: 'sale' });
      emails.push(user.email);
    }
    await app.close();
  });

  afterAll(async () => {
    for (const api of running) if (api.child.exitCode === null) api.child.kill('SIGTERM');
    await Promise.all(running.map((api) => api.exited));
    await database?.close();
  });

  async function start(env: Record<string, string> = {}) {
    const target = new URL(url!);
    target.searchParams.set('options', `-c search_path=${SCHEMA}`);
    const api = startApi(await freePort(), {
      DATABASE_URL: target.toString(),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'lager-digest-data-')),
      MAIL_OUTBOX_DIR: outbox,
      APP_KEY: 'digest-processes-test-key-0123456789abcdef',
      SEED_DEMO: '',
      DIGEST_POLL_MS: '100',
      ...env,
    });
    running.push(api);
    return api;
  }

  const rows = async (query: ReturnType<typeof sql>) => {
    const result = await database.db.execute(query);
    return (Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows) as Record<
      string,
      unknown
    >[];
  };
  const mails = () =>
    readdirSync(outbox)
      .filter((name) => name.endsWith('.json'))
      .map((name) => JSON.parse(readFileSync(join(outbox, name), 'utf8')) as { to: string; subject: string });

  it('sends every digest exactly once though processes die mid-run', async () => {
    // 1. Killed inside the 3rd job's transaction, after its outbox row was written: rolled back.
    const first = await start({ LAGER_DIGEST_CRASH: 'job-written:3' });
    expect(await first.exited).toBeNull();
    expect(first.child.signalCode).toBe('SIGKILL');
    const afterFirst = await rows(sql`SELECT count(*)::int AS n FROM digest_mails`);
    expect(Number(afterFirst[0]!.n)).toBe(2);

    // 2. Killed after handing the 2nd mail to the outbox, before recording it as sent.
    const second = await start({ LAGER_DIGEST_CRASH: 'mail-sent:2' });
    expect(await second.exited).toBeNull();
    expect(second.child.signalCode).toBe('SIGKILL');
    const sentSoFar = await rows(sql`SELECT count(*)::int AS n FROM digest_mails WHERE sent_at IS NOT NULL`);
    expect(Number(sentSoFar[0]!.n)).toBe(1);
    expect(mails()).toHaveLength(2); // the 2nd is out but not recorded

    // 3. Two processes finish the queue together.
    const [a, b] = [await start(), await start()];
    await Promise.all([healthy(a), healthy(b)]);
    const deadline = Date.now() + 120_000;
    for (;;) {
      const [pending] = await rows(
        sql`SELECT (SELECT count(*) FROM digest_jobs WHERE state = 'pending')::int AS jobs,
                   (SELECT count(*) FROM digest_mails WHERE sent_at IS NULL)::int AS mails,
                   (SELECT count(*) FROM digest_jobs)::int AS total`,
      );
      if (Number(pending!.total) === SUBSCRIBERS && !Number(pending!.jobs) && !Number(pending!.mails)) break;
      if (Date.now() > deadline) throw new Error(`queue not done: ${JSON.stringify(pending)}`);
      await new Promise((r) => setTimeout(r, 200));
    }

    const out = mails();
    expect(out).toHaveLength(SUBSCRIBERS);
    expect(out.map((m) => m.to).sort()).toEqual([...emails].sort());
    const jobs = await rows(sql`SELECT state, count(*)::int AS n FROM digest_jobs GROUP BY state`);
    expect(jobs).toEqual([{ state: 'sent', n: SUBSCRIBERS }]);
    const [queued] = await rows(sql`SELECT count(*)::int AS n FROM digest_mails`);
    expect(Number(queued!.n)).toBe(SUBSCRIBERS);
  });
});
