/**
 * Issue 18 item 4 and the kill -9 test kept as a test: the API as its own process on a PGlite
 * directory. 20 concurrent writers create warehouses; the process is killed with SIGKILL; a new
 * process (taking over the dead one's lock) must still have every write it acknowledged. A second
 * process on a directory in use refuses to start with one line naming the owner's pid.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const API_DIR = resolve(__dirname, '..');
const WRITERS = 20;
const CYCLES = 2;
const describePglite = process.env.TEST_DATABASE_URL ? describe.skip : describe;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

interface Api {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

function start(dataDir: string, port: number): Api {
  // tsx as a loader, not its CLI: one process, so SIGKILL hits the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: '1', LOG_LEVEL: 'warn', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

async function healthy(api: Api, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (api.child.exitCode !== null) throw new Error(`API exited: ${api.output()}`);
    try {
      if ((await fetch(`${api.url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`API not healthy in time: ${api.output()}`);
}

/** A logged-in browser stand-in over real HTTP. */
async function session(url: string) {
  const jar = new Map<string, string>();
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      jar.set(name!.trim(), value.join('='));
    }
    return res;
  };
  await call('GET', '/sanctum/csrf-cookie');
  const login = await call('POST', '/api/login', { email: 'owner@lager.demo', password: 'demo1234' });
  if (login.status !== 200) throw new Error(`login ${login.status}`);
  return call;
}

describePglite('kill -9 on a PGlite directory', () => {
  it('loses no acknowledged write across kill -9 cycles and refuses a second process on the directory', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lager-kill9-'));
    const port = await freePort();
    let api = start(dataDir, port);
    await healthy(api);

    const second = start(dataDir, await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `Lager API not started: DATA_DIR: ${join(dataDir, 'pglite')} is in use by process ${api.child.pid}`,
    );
    expect(statSync(join(dataDir, 'pglite')).mode & 0o777).toBe(0o700);
    expect(statSync(join(dataDir, 'app-key')).mode & 0o777).toBe(0o600);
    for (const name of readdirSync(join(dataDir, 'outbox'))) {
      expect(statSync(join(dataDir, 'outbox', name)).mode & 0o777).toBe(0o600);
    }

    const acknowledged = new Set<number>();
    let lost = 0;
    for (let cycle = 0; cycle < CYCLES; cycle += 1) {
      const call = await session(api.url);
      let stop = false;
      let n = 0;
      const writer = async (w: number) => {
        while (!stop) {
          n += 1;
          const name = `c${cycle}-w${w}-${n}`;
          try {
            const res = await call('POST', '/api/admin/warehouse', { name, industry_id: 1, usage_id: 1 });
            if (res.status === 201)
              acknowledged.add(((await res.json()) as { warehouse: { id: number } }).warehouse.id);
          } catch {
            return; // the process is gone: an unanswered write was never acknowledged
          }
        }
      };
      const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
      await new Promise((r) => setTimeout(r, 3_000));
      api.child.kill('SIGKILL');
      await api.exited;
      stop = true;
      await Promise.all(writers);

      api = start(dataDir, port);
      await healthy(api);
      const after = await session(api.url);
      const mine = (await (await after('GET', '/api/mywarehouses')).json()) as { warehouses: { id: number }[] };
      const kept = new Set(mine.warehouses.map((w) => w.id));
      lost += [...acknowledged].filter((id) => !kept.has(id)).length;
    }
    api.child.kill('SIGTERM');
    await api.exited;
    console.log(
      `kill -9: ${CYCLES} cycles, ${WRITERS} writers, ${acknowledged.size} acknowledged writes, ${lost} lost`,
    );
    expect(acknowledged.size).toBeGreaterThan(WRITERS);
    expect(lost).toBe(0);
  }, 240_000);
});
