/**
 * Issue 28 "Scale across processes": API_WORKERS=2 on one PostgreSQL — node's cluster hands the
 * connections to both workers in turn, and what one process guarantees holds across both:
 * a session made by one worker is good at the other, the login throttle counts every worker's
 * failures, an Idempotency-Key books once whichever worker answers, and 50 parallel goods-out of 1
 * on a stock of 20 book exactly 20. On PGlite API_WORKERS > 1 is refused with one line.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { type ApiProcess, type Call, DEMO_OWNER, freePort, healthy, session, startApi } from './api-process';

jest.setTimeout(240_000);

const url = process.env.TEST_DATABASE_URL;
const describePostgres = url ? describe : describe.skip;

it('refuses API_WORKERS=2 on the embedded database with one line naming the fix', async () => {
  const api = startApi(await freePort(), {
    API_WORKERS: '2',
    DATABASE_URL: '',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'lager-workers-')),
  });
  expect(await api.exited).toBe(1);
  expect(api.output()).toContain(
    'Lager API not started: API_WORKERS=2: expected 1 with the embedded database (one process owns PGlite); set DATABASE_URL to a PostgreSQL server to run several workers',
  );
});

describePostgres('API_WORKERS=2 on one PostgreSQL', () => {
  const database = `lager_workers_${process.pid}`;
  let admin: Pool;
  let api: ApiProcess;
  let owner: Call;

  /** Which worker answered: every worker logs its requests with its pid (pino). */
  const pidsInLog = () =>
    new Set(
      api
        .output()
        .split('\n')
        .filter((line) => line.includes('"reqId"'))
        .map((line) => (JSON.parse(line) as { pid: number }).pid),
    );

  beforeAll(async () => {
    admin = new Pool({ connectionString: url, max: 1 });
    await admin.query(`DROP DATABASE IF EXISTS ${database}`);
    await admin.query(`CREATE DATABASE ${database}`);
    const dbUrl = new URL(url!);
    dbUrl.pathname = `/${database}`;
    api = startApi(await freePort(), {
      API_WORKERS: '2',
      DATABASE_URL: dbUrl.toString(),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'lager-workers-')),
      LOG_LEVEL: 'info',
    });
    await healthy(api);
    // The second worker starts once the first listens; wait until both have said so.
    const deadline = Date.now() + 60_000;
    while ((api.output().match(/Lager API listening/g) ?? []).length < 2 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
    }
    owner = await session(api.url, DEMO_OWNER);
  });

  /** One stock booking by the owner, under `key` (a fresh one unless given). */
  const book = (movement: Record<string, unknown>, key: string = randomUUID()) =>
    owner('POST', '/api/stock/movements', movement, { 'idempotency-key': key });

  afterAll(async () => {
    if (api) {
      api.child.kill('SIGTERM');
      await api.exited;
    }
    // FORCE may not end an autovacuum worker that is busy in the database (it has no role a
    // non-superuser may signal: "must be a member of the role…"); it is gone a moment later.
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
        break;
      } catch (error) {
        if (attempt >= 20 || !/member of the role/.test(String(error))) throw error;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    await admin.end();
  });

  it('answers from both workers, and a session made by one is good at the other', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, () => owner('GET', '/api/user')));
    expect(answers.map((r) => r.status)).toEqual(Array(40).fill(200));
    expect(pidsInLog().size).toBe(2);
    expect(pidsInLog()).not.toContain(api.child.pid);
  });

  it('counts failed logins of every worker: the 6th wrong password within a minute is throttled', async () => {
    const visitor = await session(api.url);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await visitor('POST', '/api/login', { email: 'guest@lager.demo', password: `wrong-${i}` });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(statuses[5]).toBe(429);
  });

  it('books one Idempotency-Key once when 10 copies reach both workers at once', async () => {
    const page = (await (await owner('GET', '/api/stock/articles?limit=1')).json()) as {
      articles: { id: number; quantity: number }[];
    };
    const article = page.articles[0]!;
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        book({ article_id: article.id, kind: 'in', quantity: 3, reason: 'purchase' }, key),
      ),
    );
    const bodies = await Promise.all(answers.map((r) => r.json() as Promise<{ movement?: { id: number } }>));
    // Every answer is the one booking (201) or "the same key is still being booked" (409), never a second booking.
    expect(answers.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const ids = new Set(bodies.filter((b) => b.movement).map((b) => b.movement!.id));
    expect(ids.size).toBe(1);
    const after = (await (await owner('GET', `/api/stock/articles/${article.id}`)).json()) as {
      article: { quantity: number };
    };
    expect(after.article.quantity).toBe(article.quantity + 3);
  });

  it('50 parallel goods-out of 1 on a stock of 20: exactly 20 succeed, stock 0, 20 journal rows', async () => {
    const created = await owner('POST', '/api/stock/articles', {
      sku: `W-${process.pid}`,
      name: 'Worker test',
      unit: 'pcs',
      min_stock: 0,
    });
    expect(created.status).toBe(201);
    const { article } = (await created.json()) as { article: { id: number } };
    const stockUp = await book({ article_id: article.id, kind: 'in', quantity: 20, reason: 'purchase' });
    expect(stockUp.status).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => book({ article_id: article.id, kind: 'out', quantity: 1, reason: 'sale' })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 409)).toHaveLength(30);
    const { article: after } = (await (await owner('GET', `/api/stock/articles/${article.id}`)).json()) as {
      article: { quantity: number };
    };
    expect(after.quantity).toBe(0);
    const journal = (await (
      await owner('GET', `/api/stock/movements?article_id=${article.id}&kind=out&limit=100`)
    ).json()) as { movements: unknown[] };
    expect(journal.movements).toHaveLength(20);
  });

  /** The primary's workers (its child processes), by pid. */
  const workerPids = () => {
    let listing = '';
    try {
      listing = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(api.child.pid)], { encoding: 'utf8' });
    } catch {
      // ps exits 1 when the primary has no children left (it stopped).
    }
    return (
      listing
        .split('\n')
        // tsx's esbuild service is a child too; the workers are node processes.
        .filter((line) => /\bnode$/.test(line.trim()))
        .map((line) => Number.parseInt(line.trim(), 10))
    );
  };
  /** Polls until `found` returns a value (the cluster's own pace, no fixed sleep). */
  const until = async <T>(found: () => T | undefined, what: string, timeoutMs = 30_000): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = found();
      if (value !== undefined) return value;
      if (Date.now() > deadline || api.child.exitCode !== null) throw new Error(`${what}: ${api.output()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  it('replaces a worker killed by a signal seconds after its start (kill -9 of a replacement), and answers (issue 37)', async () => {
    const before = workerPids();
    expect(before).toHaveLength(2);
    process.kill(before[0]!, 'SIGKILL');
    const replacement = await until(() => {
      const fresh = workerPids().filter((pid) => !before.includes(pid));
      return fresh.length === 1 ? fresh[0] : undefined;
    }, 'the killed worker was not replaced');
    // Within 10 s of its start (before it even listens): the old primary stopped the whole API here.
    process.kill(replacement, 'SIGKILL');
    const seen = [...before, replacement];
    await until(() => {
      const pids = workerPids();
      return pids.length === 2 && pids.some((pid) => !seen.includes(pid)) ? pids : undefined;
    }, 'the replacement killed at start-up was not replaced');
    expect(api.child.exitCode).toBeNull();
    expect(api.output()).toMatch(/worker \d ended \(SIGKILL\); starting a new one in \d+ ms/);
    await healthy(api);
    const answers = await Promise.all(Array.from({ length: 20 }, () => owner('GET', '/api/user')));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
  });
});
