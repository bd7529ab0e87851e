/**
 * Issue 18 items 3, 7 and 12 for what `npm start` serves: the shell's proxy forwards the client
 * address and the API believes only that proxy (one client's wrong logins lock only that client),
 * the shell page carries a CSP built from the remotes manifest, and a dead API child is restarted.
 */
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const { cookieJar } = require('../api/test/cookie-jar.cjs');
const { freePort, serveShell, startApi } = require('./stack.cjs');

jest.setTimeout(180_000);

/** One browser at a loopback address of its own (127.0.0.x), keeping its cookies. */
function browserAt(localAddress, baseUrl) {
  const jar = cookieJar();
  const call = (method, url, body, extraHeaders = {}) =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        `${baseUrl}${url}`,
        {
          method,
          localAddress,
          headers: { 'content-type': 'application/json', ...jar.headers(), ...extraHeaders },
        },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => {
            jar.keep(res.headers['set-cookie'] ?? []);
            resolve({ status: res.statusCode, headers: res.headers, text });
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  return call;
}

describe('the stack npm start runs', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lager-stack-'));
  const shellDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lager-shell-'));
  fs.writeFileSync(path.join(shellDir, 'index.html'), '<!doctype html><title>shell</title>');
  fs.writeFileSync(path.join(shellDir, 'sw.js'), '/* the service worker */');
  const logs = [];
  let api;
  let shell;

  beforeAll(async () => {
    const port = await freePort();
    api = await startApi({
      port,
      dataDir,
      appUrl: 'http://127.0.0.1:3000',
      origins: ['http://127.0.0.1:3000'],
      seedDemo: true,
      quiet: true,
      supervise: true,
      log: (line) => logs.push(line),
    });
    shell = await serveShell({
      dir: shellDir,
      port: 0,
      apiUrl: api.url,
      config: () => ({ apiBaseUrl: '' }),
      remotesManifest: () => ({
        remotes: {
          'remote-info': {
            stable: { version: '1.0.0', entry: 'http://127.0.0.1:3004/mf-manifest.json' },
            canary: { version: '2.0.0', entry: 'https://cdn.example/remote-info/2.0.0/mf-manifest.json' },
          },
        },
      }),
    });
  });
  afterAll(async () => {
    await shell?.stop();
    await api?.stop();
  });

  it('forwards each client address: five wrong logins lock that client only, and a claimed address is ignored', async () => {
    const attacker = browserAt('127.0.0.2', shell.url);
    await attacker('GET', '/sanctum/csrf-cookie');
    const codes = [];
    for (let i = 0; i < 7; i += 1) {
      // Claiming other addresses changes nothing: the proxy replaces X-Forwarded-For.
      const spoof = { 'x-forwarded-for': `10.9.${i}.1` };
      codes.push(
        (await attacker('POST', '/api/login', { email: 'owner@lager.demo', password: 'wrong' }, spoof)).status,
      );
    }
    expect(codes).toEqual([422, 422, 422, 422, 422, 429, 429]);
    const owner = browserAt('127.0.0.3', shell.url);
    await owner('GET', '/sanctum/csrf-cookie');
    expect((await owner('POST', '/api/login', { email: 'owner@lager.demo', password: 'demo1234' })).status).toBe(200);
  });

  it('sends the shell page with a CSP generated from the remotes manifest and the other security headers', async () => {
    const page = await browserAt('127.0.0.1', shell.url)('GET', '/');
    const csp = page.headers['content-security-policy'];
    expect(csp).toContain("script-src 'self' http://127.0.0.1:3004 https://cdn.example");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['strict-transport-security']).toBeUndefined();
    const https = await browserAt('127.0.0.1', shell.url)('GET', '/', undefined, { 'x-forwarded-proto': 'https' });
    expect(https.headers['strict-transport-security']).toMatch(/max-age=31536000/);
  });

  it('sends the service worker with a CSP of its own that names no remote origin (a remote may move; issue 38)', async () => {
    const worker = await browserAt('127.0.0.1', shell.url)('GET', '/sw.js');
    expect(worker.status).toBe(200);
    const csp = worker.headers['content-security-policy'];
    expect(csp).toBe("default-src 'none'; script-src 'self'; connect-src 'self' https: http:");
    expect(csp).not.toContain('127.0.0.1:3004');
    expect(worker.headers['cache-control']).toBe('no-cache');
  });

  it('restarts the API child when it dies, and logs it', async () => {
    const first = api.child.pid;
    api.child.kill('SIGKILL');
    const deadline = Date.now() + 120_000;
    let status = 0;
    while (Date.now() < deadline) {
      try {
        if (api.child.pid !== first) status = (await fetch(`${api.url}/api/health`)).status;
      } catch {
        status = 0;
      }
      if (status === 200) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(status).toBe(200);
    expect(api.restarts).toBe(1);
    expect(logs[0]).toMatch(/^API exited \(SIGKILL\); restarting in 1 s \(restart 1\)$/);
  });
});
