/**
 * Where the milliseconds of one authenticated request go: `npx tsx bench/profile-request.ts [--postgres URL] [--n 300]`.
 *
 * The API is built in this process (buildApp, logger at info into /dev/null as in production) on PGlite
 * in memory or on PostgreSQL, with the bench warehouse of `npm run bench` (a member with a non-owner
 * role, roles, 20 articles: bench/lib/session.mjs). Requests go over HTTP one at a time (no queue), and
 * per request it records, from Fastify's own clock (`reply.elapsedTime`, started when the request
 * arrived):
 *
 * - onRequest: cookie parsing, CORS, security headers, **session lookup** (the last onRequest hook is ours)
 * - preValidation: login/verified check, input cleaning
 * - validation + preHandler: schema validation and the **authorization queries** (membership, role permissions)
 * - handler: the route's own queries and the row → JSON mapping
 * - serialization: fast-json-stringify of the response schema
 * - send: onSend hooks (no-store header), writing the answer; the **access log** (onResponse) after it
 *
 * and every database query (count and time, driver call to result) in the phase it ran in.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, createOutboxTransport, type Database, databaseOn } from '../api/src/index';
// @ts-expect-error plain ESM helper of the bench, no types
import { apiRoutes } from './lib/api-load.mjs';
// @ts-expect-error plain ESM helper of the bench, no types
import { createBenchWarehouse } from './lib/session.mjs';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const N = Number(arg('--n') ?? 300);
const postgresUrl = arg('--postgres');

const PHASES = ['onRequest', 'preValidation', 'validation+preHandler', 'handler', 'serialization', 'send'] as const;
type Phase = (typeof PHASES)[number] | 'outside';
let phase: Phase = 'outside';
let queries: { phase: Phase; ms: number }[] = [];

function timed<T extends (...args: never[]) => Promise<unknown>>(fn: T): T {
  return (async (...args: never[]) => {
    const at = phase;
    const start = performance.now();
    try {
      return await fn(...args);
    } finally {
      queries.push({ phase: at, ms: performance.now() - start });
    }
  }) as T;
}

function openTimed(): Promise<Database> {
  return databaseOn(postgresUrl, (client) => {
    client.query = timed(client.query.bind(client) as never);
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : 0;
};

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lager-profile-'));
  const origin = 'http://127.0.0.1:3000';
  const database = await openTimed();
  const app = await buildApp({
    database,
    appUrl: origin,
    frontendOrigins: [origin],
    mail: createOutboxTransport(path.join(dataDir, 'outbox')),
    logger: { level: 'info', stream: fs.createWriteStream('/dev/null') },
    docs: false,
  });
  const marks: Partial<Record<Phase, number>> = {};
  const mark = (name: Phase) => (_req: unknown, reply: { elapsedTime: number }) => {
    marks[name] = reply.elapsedTime;
    phase = PHASES[PHASES.indexOf(name as never) + 1] ?? 'outside';
  };
  // Registered after every plugin hook of the same kind, so each mark ends that phase.
  app.addHook('onRequest', async (req, reply) => mark('onRequest')(req, reply));
  app.addHook('preValidation', async (req, reply) => mark('preValidation')(req, reply));
  app.addHook('preHandler', async (req, reply) => mark('validation+preHandler')(req, reply));
  app.addHook('preSerialization', async (req, reply, payload) => {
    mark('handler')(req, reply);
    return payload;
  });
  app.addHook('onSend', async (req, reply, payload) => {
    mark('serialization')(req, reply);
    return payload;
  });
  app.addHook('onResponse', async (req, reply) => mark('send')(req, reply));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const apiUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const setup = await createBenchWarehouse({ apiUrl, dataDir, origin });
  const headers = { accept: 'application/json', 'accept-language': 'en', origin, cookie: setup.guest.cookieHeader };

  const lines: string[] = [];
  lines.push(
    `| route | client total | server total | ${PHASES.join(' | ')} | queries | query ms | session ms | access ms |`,
  );
  lines.push(
    `| ${Array(PHASES.length + 7)
      .fill('---')
      .join(' | ')} |`,
  );
  for (const route of apiRoutes(setup.warehouseId).filter((r: { auth: boolean }) => r.auth)) {
    const rows: Record<string, number>[] = [];
    for (let i = 0; i < N + 30; i++) {
      queries = [];
      for (const k of Object.keys(marks)) delete marks[k as Phase];
      phase = 'onRequest';
      const t0 = performance.now();
      const res = await fetch(`${apiUrl}${route.path}`, { headers });
      await res.arrayBuffer();
      const total = performance.now() - t0;
      phase = 'outside';
      if (!res.ok) throw new Error(`${route.path} answered ${res.status}`);
      if (i < 30) continue; // warm-up
      const row: Record<string, number> = { total, server: marks.send ?? 0 };
      let previous = 0;
      for (const p of PHASES) {
        row[p] = (marks[p] ?? previous) - previous;
        previous = marks[p] ?? previous;
      }
      row.queries = queries.length;
      row.queryMs = queries.reduce((n, q) => n + q.ms, 0);
      row.sessionMs = queries.filter((q) => q.phase === 'onRequest').reduce((n, q) => n + q.ms, 0);
      row.accessMs = queries.filter((q) => q.phase === 'validation+preHandler').reduce((n, q) => n + q.ms, 0);
      rows.push(row);
    }
    const m = (k: string) => median(rows.map((r) => r[k]!)).toFixed(2);
    lines.push(
      `| ${route.path} | ${m('total')} | ${m('server')} | ${PHASES.map(m).join(' | ')} | ${m('queries')} | ${m('queryMs')} | ${m('sessionMs')} | ${m('accessMs')} |`,
    );
  }
  console.log(
    `\nMedian of ${N} sequential requests per route (ms), ${database.kind}, Node ${process.version}, load ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' / ')}:\n`,
  );
  console.log(lines.join('\n'));
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
