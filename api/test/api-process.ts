/**
 * The API as its own process (`src/server.ts` through tsx), for tests that need what one process
 * cannot show: kill -9, several workers. Ports are picked free on 127.0.0.1; the caller stops it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { resolve } from 'node:path';
import { cookieJar } from './cookie-jar.cjs';

const API_DIR = resolve(__dirname, '..');

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

export interface ApiProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts the API with the demo data on `port`; `env` adds to (or overrides) the environment. */
export function startApi(port: number, env: Record<string, string>): ApiProcess {
  // tsx as a loader, not its CLI: one process, so a signal hits the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: { ...process.env, PORT: String(port), SEED_DEMO: '1', LOG_LEVEL: 'warn', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

export async function healthy(api: ApiProcess, timeoutMs = 90_000) {
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

export type Call = (
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<Response>;

/** A browser stand-in over real HTTP (cookie jar, XSRF header); logged in when `login` is given. */
export async function session(url: string, login?: { email: string; password: string }): Promise<Call> {
  const jar = cookieJar();
  const call: Call = async (method, path, body, headers = {}) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...jar.headers(), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    jar.keep(res.headers.getSetCookie());
    return res;
  };
  await call('GET', '/sanctum/csrf-cookie');
  if (login) {
    const res = await call('POST', '/api/login', login);
    if (res.status !== 200) throw new Error(`login ${res.status}`);
  }
  return call;
}

/** The demo data's owner (api/src/demo-data.ts). */
export const DEMO_OWNER = { email: 'owner@lager.demo', password: 'demo1234' };
