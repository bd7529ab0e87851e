/**
 * Serves the bench builds on loopback the way a CDN would: precompressed bodies (brotli or
 * gzip, whatever the browser accepts), hashed files immutable for a year, manifests and HTML
 * revalidated, CORS on remote origins. The shell's origin also answers /config.json and
 * /remotes.json and proxies /api and /sanctum to the API (cookies stay first-party), as
 * scripts/stack.cjs does for `npm start`.
 */
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
// The shell's page exactly as scripts/stack.cjs sends it: runtime data inline, the route's section preloaded.
const shellPage = require('../../scripts/shell-page.cjs');
// The same static files (cache headers, precompressed bodies, CORS) as `npm start`.
const { apiProxy, closeServer, listen, sendJson, staticHandler } = require('../../scripts/stack.cjs');
const { stableManifest } = require('../../deployment/federation-apps.cjs');

async function serveStatic(dir, port, { spa = false, cors = false, extra } = {}) {
  const handler = staticHandler(dir, { spa, cors });
  const server = http.createServer((req, res) => {
    if (extra?.(req, res)) return;
    handler(req, res, () => {
      res.statusCode = 404;
      res.end('Not found');
    });
  });
  const bound = await listen(server, port);
  return { url: `http://127.0.0.1:${bound}`, port: bound, dir, stop: () => closeServer(server) };
}

function shellExtras({ apiUrl, config, remotesManifest, dir, preloadSections, plainPage }) {
  // plainPage: the built index.html as it is (the "before" build: no inline data, no section preloads).
  const template = plainPage ? undefined : shellPage.templateReader(dir);
  const proxy = apiProxy({ target: apiUrl, xfwd: true });
  return (req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith('/api/') || url === '/api' || url.startsWith('/sanctum/')) {
      proxy.web(req, res);
      return true;
    }
    const pathname = url.split('?')[0];
    if (pathname === '/config.json') return sendJson(res, config);
    if (pathname === '/remotes.json') return sendJson(res, remotesManifest);
    if (!template || !shellPage.isPageRequest(req, pathname)) return false;
    const search = url.includes('?') ? url.slice(url.indexOf('?')) : '';
    (preloadSections ? shellPage.sectionPreloads(remotesManifest, pathname, search) : Promise.resolve([]))
      .then((preloads) =>
        shellPage.sendPage(req, res, shellPage.renderShellPage(template(), { config, remotesManifest, preloads })),
      )
      .catch((error) => {
        res.statusCode = 500;
        res.end(String(error));
      });
    return true;
  };
}

/**
 * One deployment: `shellDir` (a federated shell or a monolith) and, for a federated build, one
 * origin per remote (`remoteDirs`). Directories are relative to `outDir` and double as the keys
 * of the size measurements. `shellPort` is fixed in advance so the API can list the origin.
 */
export async function startDeployment({
  kind,
  outDir,
  shellDir,
  remoteDirs = {},
  remoteNames,
  shellPort,
  apiUrl,
  // Where each section's section.json is read (a build of another commit is served with its own).
  sectionsRoot = path.join(import.meta.dirname, '../..'),
}) {
  const remotes = {};
  for (const [name, dir] of Object.entries(remoteDirs)) {
    remotes[name] = { ...(await serveStatic(path.join(outDir, dir), 0, { cors: true })), key: dir };
  }
  const shellUrl = `http://127.0.0.1:${shellPort}`;
  // The monolith ignores entries, but the shell still reads remotes.json and needs a row per section.
  const remotesManifest = stableManifest(remoteNames, (n) => ({
    version: 'bench',
    entry: remotes[n] ? `${remotes[n].url}/mf-manifest.json` : `${shellUrl}/bundled`,
    // The shell routes by each section's description (its section.json).
    section: JSON.parse(fs.readFileSync(path.join(sectionsRoot, n, 'section.json'), 'utf8')),
  }));
  const config = { apiBaseUrl: '', apiHost: `127.0.0.1:${shellPort}`, contactEmail: 'kontakt@lager.example' };
  const shell = await serveStatic(path.join(outDir, shellDir), shellPort, {
    spa: true,
    extra: shellExtras({
      apiUrl,
      config,
      remotesManifest,
      dir: path.join(outDir, shellDir),
      // The monolith has no remotes to preload (its sections are its own chunks).
      preloadSections: Object.keys(remotes).length > 0,
      plainPage: kind === 'federated-before',
    }),
  });
  return {
    kind,
    shell: { ...shell, key: shellDir },
    remotes,
    async stop() {
      await shell.stop();
      for (const r of Object.values(remotes)) await r.stop();
    },
  };
}
