/**
 * Logged-in GET /api/mywarehouses under autocannon for 10 s.
 *   npx tsx scripts/load.ts                 start a server (PGlite in a temp dir, demo data) in a child process
 *   npx tsx scripts/load.ts --url http://127.0.0.1:8000   use a running server that has the demo data
 * DATABASE_URL is passed to the child server when set (PostgreSQL run).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

const argUrl = process.argv.indexOf('--url');
const duration = Number(process.env.LOAD_SECONDS ?? 10);

async function waitFor(url: string) {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

async function login(url: string): Promise<string> {
  const csrf = await fetch(`${url}/sanctum/csrf-cookie`);
  const jar = new Map(csrf.headers.getSetCookie().map((c) => c.split(';')[0]!.split('=') as [string, string]));
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-xsrf-token': jar.get('XSRF-TOKEN')!,
    },
    body: JSON.stringify({ email: 'owner@lager.demo', password: 'demo1234' }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  for (const c of res.headers.getSetCookie()) {
    const [k, v] = c.split(';')[0]!.split('=') as [string, string];
    jar.set(k, v);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

async function main() {
  let url = argUrl > 0 ? process.argv[argUrl + 1]! : '';
  let child: ReturnType<typeof spawn> | undefined;
  if (!url) {
    const port = 18_000 + Math.floor(Math.random() * 1000);
    url = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, '..', 'src', 'server.ts')], {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: mkdtempSync(join(tmpdir(), 'lager-load-')),
        SEED_DEMO: '1',
        LOG_LEVEL: 'warn',
      },
      stdio: 'inherit',
    });
  }
  try {
    await waitFor(url);
    const cookie = await login(url);
    const result = await autocannon({ url: `${url}/api/mywarehouses`, headers: { cookie }, connections: 10, duration });
    const non2xx = result.non2xx;
    console.log(
      JSON.stringify({
        endpoint: 'GET /api/mywarehouses',
        reqPerSec: result.requests.average,
        latencyP99Ms: result.latency.p99,
        non2xx,
      }),
    );
  } finally {
    child?.kill('SIGTERM');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
