/**
 * Serves Lager the way production does, on loopback: the API, the shell (with /api and
 * /sanctum proxied to the API so cookies stay first-party), and every remote from its own
 * origin with CORS. Used by `npm start`, the end-to-end tests and the benchmark.
 */
const { spawn } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const httpProxy = require('http-proxy');
const sirv = require('sirv');
const { resolveEntries } = require('../deployment/rollout-lib.cjs');
const shellPage = require('./shell-page.cjs');
const { describeBuild } = require('../deployment/rollout-sections.cjs');
const {
  remoteNames,
  SHELL_PORT,
  API_PORT,
  DEPLOY_PORT,
  devPorts,
  stableManifest,
} = require('../deployment/federation-apps.cjs');

const repoRoot = path.resolve(__dirname, '..');
/** Every remote workspace; its default port is its dev port from its section.json. */
const REMOTES = remoteNames;
const DEFAULT_PORTS = {
  shell: SHELL_PORT,
  ...Object.fromEntries(REMOTES.map((remote) => [remote, devPorts[remote]])),
  api: API_PORT,
  /** The deployment target `.deploy/` (versioned remote builds + rollout manifest), when it exists. */
  deploy: DEPLOY_PORT,
};

const HASHED = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg)$/;

/** The origins (scheme://host:port) of every entry in a remotes manifest, stable and stale alike. */
function manifestOrigins(manifest) {
  const origins = new Set();
  for (const versions of Object.values(manifest?.remotes ?? {})) {
    for (const version of Object.values(versions ?? {})) {
      try {
        if (version?.entry) origins.add(new URL(version.entry).origin);
      } catch {
        // a relative or broken entry adds no origin
      }
    }
  }
  return [...origins].sort();
}

/**
 * The shell page's Content-Security-Policy: scripts, styles and fetches only from the shell's own
 * origin and the remotes the manifest names right now (so a new remote origin or a canary on a CDN
 * needs no code change), nothing may frame the page (clickjacking), no plugins, no <base> tricks.
 */
function shellCsp(remoteOrigins, apiOrigin, styleNonce) {
  const remotes = remoteOrigins.join(' ');
  const connect = [remotes, apiOrigin].filter(Boolean).join(' ');
  // The page's own nonce lets the one inline <style> Radix's dialog scroll lock adds (see setStyleNonce).
  const nonce = styleNonce ? `'nonce-${styleNonce}'` : '';
  return [
    "default-src 'self'",
    `script-src 'self' ${remotes}`.trim(),
    `style-src 'self' ${nonce} ${remotes}`.replace(/ +/g, ' ').trim(),
    `connect-src 'self' ${connect}`.trim(),
    `font-src 'self' data: ${remotes}`.trim(),
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The service worker's own policy: it runs no code but its bundle and fetches only for the pages it
 * serves (whose CSP, sent anew with every page, decides what they may load), so it names no remote
 * origin — a worker installed before a remote moved keeps working (README "Working offline").
 */
const WORKER_CSP = "default-src 'none'; script-src 'self'; connect-src 'self' https: http:";

/** Headers for every answer of the static servers; HSTS only when the page arrived over HTTPS. */
function setCommonSecurityHeaders(req, res) {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('X-Frame-Options', 'DENY');
  const https = req.socket.encrypted || String(req.headers['x-forwarded-proto'] ?? '').split(',')[0] === 'https';
  if (https) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}

/**
 * Static files: hashed assets cached for a year, manifests and HTML never cached; the build's
 * precompressed `.br`/`.gz` beside each file are sent to browsers that accept them.
 */
function staticHandler(dir, { spa = false, cors = false } = {}) {
  return sirv(dir, {
    dev: false,
    etag: true,
    single: spa,
    gzip: true,
    brotli: true,
    setHeaders(res, pathname) {
      if (cors) {
        res.setHeader('Access-Control-Allow-Origin', '*');
        res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      }
      res.setHeader('Cache-Control', HASHED.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}

function listen(server, port, host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address().port);
    });
  });
}

function closeServer(server) {
  return new Promise((resolve) => {
    server.closeAllConnections?.();
    server.close(() => resolve());
  });
}

/** A restartable static server for one remote's build (a remote team's "CDN origin"). */
async function serveRemote(dir, port = 0) {
  const handler = staticHandler(dir, { cors: true });
  const notFound = (_req, res) => {
    res.statusCode = 404;
    res.end('Not found');
  };
  const serve = (req, res) => {
    setCommonSecurityHeaders(req, res);
    // A remote's own index.html (standalone page) loads only from its origin.
    res.setHeader('Content-Security-Policy', shellCsp([], ''));
    handler(req, res, () => {
      // A page navigation to one of the section's routes gets the standalone page; anything else
      // missing (a file, an API call: this origin has no API) stays 404.
      const pathname = (req.url ?? '/').split('?')[0];
      const navigation = String(req.headers.accept ?? '').includes('text/html');
      if (navigation && path.posix.extname(pathname) === '' && fs.existsSync(path.join(dir, 'index.html'))) {
        req.url = '/index.html';
        return handler(req, res, () => notFound(req, res));
      }
      return notFound(req, res);
    });
  };
  let server = http.createServer(serve);
  const boundPort = await listen(server, port);
  return {
    url: `http://127.0.0.1:${boundPort}`,
    port: boundPort,
    async stop() {
      await closeServer(server);
    },
    async restart() {
      // Restarting a running server would orphan it (and keep the process alive).
      if (server.listening) return;
      server = http.createServer(serve);
      await listen(server, boundPort);
    },
  };
}

/**
 * A deployment target as a CDN serves it: `<remote>/<version>/…` immutable (a published
 * version never changes), `rollout.json` never cached. Looked up per request (sirv's dev
 * mode), so versions deployed or deleted while the stack runs are seen at once.
 */
async function serveDeployment(dir, port = 0) {
  const VERSION_FILE = /^\/[^/]+\/[^/]+\/./;
  const handler = sirv(dir, {
    dev: true,
    etag: true,
    dotfiles: false,
    gzip: true,
    brotli: true,
    setHeaders(res, pathname) {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      res.setHeader('Cache-Control', VERSION_FILE.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const server = http.createServer((req, res) => {
    setCommonSecurityHeaders(req, res);
    const pathname = (req.url ?? '/').split('?')[0];
    // Only version folders and the manifest are public; history and lock files are not.
    if (pathname !== '/rollout.json' && !VERSION_FILE.test(pathname)) {
      res.writeHead(404, { 'Access-Control-Allow-Origin': '*' }).end('Not found');
      return;
    }
    handler(req, res, () => res.writeHead(404, { 'Access-Control-Allow-Origin': '*' }).end('Not found'));
  });
  const boundPort = await listen(server, port);
  return { url: `http://127.0.0.1:${boundPort}`, port: boundPort, dir, stop: () => closeServer(server) };
}

/** The rollout manifest of a deployment directory with absolute entries, or undefined without one. */
function deploymentManifestFor(dir, url) {
  const file = path.join(dir, 'rollout.json');
  if (!fs.existsSync(file)) return undefined;
  try {
    return resolveEntries(JSON.parse(fs.readFileSync(file, 'utf8')), url);
  } catch {
    return undefined; // half-written or broken: keep serving the local builds
  }
}

/** An http-proxy to the API that answers 502 with a JSON message while the API is down. */
function apiProxy(options) {
  const proxy = httpProxy.createProxyServer(options);
  proxy.on('error', (_err, _req, res) => {
    if (res.writeHead && !res.headersSent) res.writeHead(502, { 'Content-Type': 'application/json' });
    res.end?.(JSON.stringify({ message: 'API unavailable.' }));
  });
  return proxy;
}

/** A JSON answer that is never cached (the shell's config.json and remotes.json); true: answered. */
function sendJson(res, body) {
  res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' });
  res.end(JSON.stringify(body));
  return true;
}

/**
 * The shell's origin: its build, `config.json` and `remotes.json` generated from the
 * running stack (runtime configuration, never baked into the build), and a proxy to the API.
 */
async function serveShell({ dir, port = 0, apiUrl, config, remotesManifest }) {
  const handler = staticHandler(dir, { spa: true });
  const template = shellPage.templateReader(dir);
  // The edge proxy: the API trusts exactly this hop (TRUST_PROXY=127.0.0.1), so X-Forwarded-For is
  // set to the address that connected here, never appended to what a client claimed.
  const proxy = apiProxy({ target: apiUrl, xfwd: false });
  proxy.on('proxyReq', (proxyReq, req) => {
    proxyReq.setHeader('X-Forwarded-For', req.socket.remoteAddress ?? '');
    proxyReq.setHeader('X-Forwarded-Proto', req.socket.encrypted ? 'https' : 'http');
    proxyReq.setHeader('X-Forwarded-Host', req.headers.host ?? '');
  });
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith('/api/') || url === '/api' || url.startsWith('/sanctum/')) return proxy.web(req, res);
    setCommonSecurityHeaders(req, res);
    if (url.split('?')[0] === '/config.json') return sendJson(res, config());
    if (url.split('?')[0] === '/remotes.json') return sendJson(res, remotesManifest());
    // Generated from the manifest per request: a rollout to a new origin is allowed at once.
    const { apiBaseUrl } = config();
    const apiOrigin = apiBaseUrl ? new URL(apiBaseUrl).origin : '';
    const manifest = remotesManifest();
    res.setHeader('Content-Security-Policy', shellCsp(manifestOrigins(manifest), apiOrigin));
    const { pathname, search } = new URL(url, 'http://shell');
    // The service worker keeps the CSP of the answer it was installed from until its bytes change:
    // one naming today's remote origins would refuse a remote moved to a new host (issue 38).
    if (pathname === '/sw.js') res.setHeader('Content-Security-Policy', WORKER_CSP);
    if (!shellPage.isPageRequest(req, pathname)) return handler(req, res);
    // The page carries the runtime data and the current section's preload hints (scripts/shell-page.cjs),
    // and a style nonce of its own (a new one per page, so the page is sent whole, never a 304).
    const styleNonce = crypto.randomBytes(16).toString('base64');
    shellPage
      .sectionPreloads(manifest, pathname, search)
      .then((preloads) => {
        res.setHeader('Content-Security-Policy', shellCsp(manifestOrigins(manifest), apiOrigin, styleNonce));
        shellPage.sendPage(
          req,
          res,
          shellPage.renderShellPage(template(), { config: config(), remotesManifest: manifest, preloads, styleNonce }),
        );
      })
      .catch(() => handler(req, res));
  });
  const boundPort = await listen(server, port);
  return { url: `http://127.0.0.1:${boundPort}`, port: boundPort, stop: () => closeServer(server) };
}

async function waitForHealth(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('API did not become healthy in time');
}

const SUPERVISE_BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
/** A child that stayed up this long is healthy again: the next crash restarts after the first delay. */
const SUPERVISE_STABLE_MS = 60_000;

/**
 * The API runs compiled (api/dist/server.js, no TypeScript loader at run time): built here first when
 * a source is newer than the build (esbuild, about a second; api/scripts/build.mjs).
 */
function ensureApiBuild() {
  const { spawnSync } = require('node:child_process');
  const run = spawnSync(process.execPath, [path.join(repoRoot, 'api/scripts/build.mjs'), '--if-stale'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (run.status !== 0) throw new Error(`API build failed (node api/scripts/build.mjs exited ${run.status})`);
}

/** The environment the API process runs with (also the benchmark's, for an API built from another commit). */
function apiEnvironment({ port, dataDir, appUrl, origins, seedDemo = false, env = {} }) {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_URL: appUrl,
    FRONTEND_ORIGINS: origins.join(','),
    SEED_DEMO: seedDemo ? '1' : '',
    // The shell's proxy is the one hop in front: believe its X-Forwarded-For, nobody else's.
    TRUST_PROXY: '127.0.0.1',
    ...env,
  };
}

/**
 * Starts the compiled API as a child process and waits until /api/health answers. With `supervise`
 * (npm start) a child that dies is started again after a growing delay and the restart is logged,
 * instead of the proxy answering 502 forever.
 */
async function startApi({
  port,
  dataDir,
  appUrl,
  origins,
  seedDemo = false,
  env = {},
  quiet = false,
  supervise = false,
  log = (line) => console.error(line),
}) {
  ensureApiBuild();
  const spawnChild = () =>
    // node itself runs the server (no CLI wrapper that forks): a crash or kill of the server is seen here.
    spawn(process.execPath, ['--enable-source-maps', 'dist/server.js'], {
      cwd: path.join(repoRoot, 'api'),
      env: apiEnvironment({ port, dataDir, appUrl, origins, seedDemo, env }),
      stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
    });
  const url = `http://127.0.0.1:${port}`;
  let child = spawnChild();
  let stopping = false;
  let restarts = 0;
  let timer;
  try {
    await waitForHealth(url, child);
  } catch (error) {
    // Never leave a half-started API behind (a test run would wait for it until its timeout).
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    throw error;
  }

  const watch = (current) => {
    const startedAt = Date.now();
    current.once('exit', (code, signal) => {
      if (stopping || !supervise) return;
      if (Date.now() - startedAt > SUPERVISE_STABLE_MS) restarts = 0;
      const delay = SUPERVISE_BACKOFF_MS[Math.min(restarts, SUPERVISE_BACKOFF_MS.length - 1)];
      restarts += 1;
      log(`API exited (${signal ?? `code ${code}`}); restarting in ${delay / 1000} s (restart ${restarts})`);
      timer = setTimeout(() => {
        if (stopping) return;
        child = spawnChild();
        watch(child);
        waitForHealth(url, child).then(
          () => log(`API is up again at ${url}`),
          (err) => log(`API restart failed: ${err.message}`),
        );
      }, delay);
    });
  };
  watch(child);

  return {
    url,
    get child() {
      return child;
    },
    get restarts() {
      return restarts;
    },
    stop: () =>
      new Promise((resolve) => {
        stopping = true;
        clearTimeout(timer);
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function remoteManifestFor(remoteUrls) {
  return stableManifest(Object.keys(remoteUrls), (name) => ({
    version: 'local',
    entry: `${remoteUrls[name]}/mf-manifest.json`,
    // The build's own section description and shared ranges: the shell routes by them.
    ...describeBuild(path.join(repoRoot, name, 'dist')),
  }));
}

/** Everything at once. Ports of 0 pick free ones (tests); `npm start` uses the defaults. */
async function startStack({
  ports = DEFAULT_PORTS,
  dataDir = path.join(repoRoot, 'data'),
  seedDemo = false,
  quietApi = false,
  contactEmail = process.env.CONTACT_EMAIL ?? 'kontakt@lager.example',
  remotesManifest,
  /**
   * A deployment directory (`npm run deploy`): its rollout.json decides the remotes it names. Read
   * per request, so one made after the start is served at the next page load (issue 38).
   */
  deployDir,
  /** Create deployDir at start (tests); `npm start` leaves a missing one to `npm run deploy`. */
  createDeployDir = true,
  /** Serve the front end against a minimal stand-in API (logged out) instead of api/. */
  apiStub = false,
  /** Restart the API child when it dies (npm start). */
  superviseApi = false,
  /** Local remotes not to serve (a test then adds one by deploy, as a section the stack never had). */
  withoutRemotes = [],
  /** More environment for the API process (operators, limits); it also gets LAGER_DEPLOY_DIR=deployDir. */
  apiEnv = {},
} = {}) {
  const served = REMOTES.filter((name) => !withoutRemotes.includes(name));
  for (const app of ['shell', ...served]) {
    if (!fs.existsSync(path.join(repoRoot, app, 'dist/index.html'))) {
      throw new Error(`${app}/dist is missing: run "npm run build" first`);
    }
  }
  const remotes = {};
  let deployment;
  try {
    return await startRest();
  } catch (error) {
    // A part that failed to start (e.g. the API's health check) stops the parts already listening,
    // so the caller gets the error instead of a process kept alive by open servers.
    await deployment?.stop().catch(() => {});
    for (const r of Object.values(remotes)) await r.stop().catch(() => {});
    throw error;
  }

  async function startRest() {
    for (const name of served) remotes[name] = await serveRemote(path.join(repoRoot, name, 'dist'), ports[name] ?? 0);
    const shellPort = ports.shell ?? 0;
    // The shell port must be known before the API starts (CORS origins, links in mails).
    const reserved = http.createServer();
    const actualShellPort = await listen(reserved, shellPort);
    await closeServer(reserved);
    const shellUrl = `http://127.0.0.1:${actualShellPort}`;
    const apiPort = ports.api || (await freePort());
    if (deployDir) {
      if (createDeployDir) fs.mkdirSync(deployDir, { recursive: true });
      deployment = await serveDeployment(deployDir, ports.deploy ?? 0);
    }
    const origins = [shellUrl, `http://localhost:${actualShellPort}`, ...Object.values(remotes).map((r) => r.url)];
    if (deployment) origins.push(deployment.url);
    const api = apiStub
      ? await require('./stub-api.cjs').startStubApi({ port: apiPort })
      : await startApi({
          port: apiPort,
          dataDir,
          appUrl: shellUrl,
          origins,
          seedDemo,
          // GET /api/releases reads the same deployment as the rollout commands.
          env: { ...(deployDir && { LAGER_DEPLOY_DIR: deployDir }), ...apiEnv },
          quiet: quietApi,
          supervise: superviseApi,
        });
    const localManifest = () =>
      remoteManifestFor(Object.fromEntries(Object.entries(remotes).map(([n, r]) => [n, r.url])));
    // Read per request: a rollout/promote/rollback is live at the next page load, no restart.
    const manifest = () => {
      const custom = remotesManifest?.();
      if (custom) return custom;
      const local = localManifest();
      const deployed = deployment && deploymentManifestFor(deployDir, deployment.url);
      return deployed ? { remotes: { ...local.remotes, ...deployed.remotes } } : local;
    };
    const shell = await serveShell({
      dir: path.join(repoRoot, 'shell/dist'),
      port: actualShellPort,
      apiUrl: api.url,
      config: () => ({ apiBaseUrl: '', apiHost: new URL(shellUrl).host, contactEmail }),
      remotesManifest: manifest,
    });
    return {
      shell,
      api,
      remotes,
      deployment,
      dataDir,
      async stop() {
        await shell.stop();
        await deployment?.stop();
        for (const r of Object.values(remotes)) await r.stop().catch(() => {});
        await api.stop();
      },
    };
  }
}

/**
 * What `npm start` serves (scripts/start.mjs): demo data, a supervised API, and its deployment
 * directory served even before it exists — a `.deploy/` made after the start (`npm run deploy`
 * says "effective at the next page load") is picked up at the next page load, and the Releases
 * page, which reads the same directory, never shows a rollout this stack does not serve (issue 38).
 */
function startNpmStack({ deployDir, ...options }) {
  return startStack({ seedDemo: true, superviseApi: true, ...options, deployDir, createDeployDir: false });
}

async function freePort() {
  const server = http.createServer();
  const port = await listen(server, 0);
  await closeServer(server);
  return port;
}

module.exports = {
  repoRoot,
  REMOTES,
  DEFAULT_PORTS,
  serveRemote,
  serveShell,
  startApi,
  startStack,
  startNpmStack,
  remoteManifestFor,
  serveDeployment,
  deploymentManifestFor,
  freePort,
  apiEnvironment,
  staticHandler,
  listen,
  closeServer,
  apiProxy,
  sendJson,
};
