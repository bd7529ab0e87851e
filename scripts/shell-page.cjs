/**
 * The shell's HTML page as the serving stack sends it: the built `index.html` with
 * - the runtime configuration and the remotes manifest inline (`<script type="application/json"
 *   id="lager-runtime">`, read by the shell before it would fetch `config.json`/`remotes.json`;
 *   a data block is not executed, so the page's CSP needs no 'unsafe-inline'), and
 * - `<link rel="preload" as="script">` hints for the current route's section: its remote entry
 *   and the chunks of its exposed module, read from the remote's `mf-manifest.json`, so the browser
 *   fetches them in parallel with the shell instead of after it (HTML → shell → manifest → entry →
 *   chunks was a chain of five round trips).
 * Compressed per request (the page is small and differs by route); revalidated with an ETag.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

const RUNTIME_ELEMENT_ID = 'lager-runtime';
const MANIFEST_TTL_MS = 2_000;
const MANIFEST_TIMEOUT_MS = 400;

/** `/stock/articles/:id` → a RegExp for the whole path. */
function routePattern(routePath) {
  const escaped = routePath
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}/?$`);
}

/** The remote whose section declares a route matching `pathname` (undefined for the shell's own pages). */
function remoteForPath(manifest, pathname) {
  for (const [remote, rollout] of Object.entries(manifest?.remotes ?? {})) {
    const routes = rollout?.stable?.section?.routes;
    if (!Array.isArray(routes)) continue;
    if (routes.some((r) => typeof r?.path === 'string' && routePattern(r.path).test(pathname))) return remote;
  }
  return undefined;
}

/**
 * The version every visitor gets without knowing who they are: stable, or a canary at 100 %.
 * A canary between 0 and 100 % depends on the user's bucket: no hint then.
 */
function versionForEveryone(rollout) {
  const percent = rollout?.canary?.percent ?? 0;
  if (percent > 0 && percent < 100) return undefined;
  return percent >= 100 ? rollout.canary : rollout?.stable;
}

const manifestCache = new Map();

/** A remote's mf-manifest.json, cached for a moment; undefined when it does not answer quickly. */
async function readRemoteManifest(url) {
  const cached = manifestCache.get(url);
  if (cached && Date.now() - cached.at < MANIFEST_TTL_MS) return cached.value;
  let value;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(MANIFEST_TIMEOUT_MS) });
    if (res.ok) value = await res.json();
  } catch {
    value = undefined; // a remote that is down gets no hints; the shell shows its unavailable card
  }
  manifestCache.set(url, { at: Date.now(), value });
  return value;
}

/** URLs of the remote entry and of the exposed module's JS/CSS, absolute (publicPath "auto" = beside the manifest). */
function sectionAssets(mf, manifestUrl, moduleName) {
  if (!mf?.metaData?.remoteEntry?.name) return [];
  const base =
    mf.metaData.publicPath && mf.metaData.publicPath !== 'auto'
      ? new URL(mf.metaData.publicPath, manifestUrl).href
      : new URL('.', manifestUrl).href;
  const at = (file) => new URL(file, base).href;
  const entry = mf.metaData.remoteEntry;
  const assets = [{ href: at(path.posix.join(entry.path ?? '', entry.name)), as: 'script' }];
  const wanted = (moduleName ?? '').replace(/^\.\//, '');
  const exposed = (mf.exposes ?? []).find((e) => e.name === wanted || e.path === moduleName);
  for (const file of exposed?.assets?.js?.sync ?? []) assets.push({ href: at(file), as: 'script' });
  for (const file of exposed?.assets?.css?.sync ?? []) assets.push({ href: at(file), as: 'style' });
  return assets;
}

/** Preload hints for the section that shows `pathname` (none for the shell's own pages or a user-dependent canary). */
async function sectionPreloads(manifest, pathname, search) {
  if (new URLSearchParams(search).has('lager-pin')) return [];
  const remote = remoteForPath(manifest, pathname);
  const version = remote && versionForEveryone(manifest.remotes[remote]);
  if (!version?.entry) return [];
  const mf = await readRemoteManifest(version.entry);
  return [{ href: version.entry, as: 'fetch' }, ...sectionAssets(mf, version.entry, version.section?.module)];
}

const escapeAttr = (s) => String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** JSON that cannot end the script element or open a comment. */
const inlineJson = (value) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028|\u2029/g, '');

function linkTag({ href, as }) {
  // The MF runtime loads entry and chunks as classic scripts without CORS and the manifest with
  // fetch() (CORS): the hint must use the same mode or the browser downloads the file twice.
  const cors = as === 'fetch' ? ' crossorigin="anonymous"' : '';
  return `<link rel="preload" href="${escapeAttr(href)}" as="${as}"${cors}>`;
}

/** The built page without the config/remotes preloads (the data is inline now) and with the additions. */
function renderShellPage(template, { config, remotesManifest, preloads, styleNonce }) {
  const withoutFetchPreloads = template.replace(
    /<link rel="preload" href="\/(config|remotes)\.json" as="fetch" crossorigin="anonymous">/g,
    '',
  );
  const head = [
    `<script type="application/json" id="${RUNTIME_ELEMENT_ID}">${inlineJson({ config, remotes: remotesManifest, ...(styleNonce ? { styleNonce } : {}) })}</script>`,
    ...preloads.map(linkTag),
  ].join('');
  return withoutFetchPreloads.replace('</head>', `${head}</head>`);
}

/** Reads `index.html` of a build folder again only when it changed (a rebuild while the stack runs). */
function templateReader(dir) {
  const file = path.join(dir, 'index.html');
  let cached;
  return () => {
    const { mtimeMs } = fs.statSync(file);
    if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, html: fs.readFileSync(file, 'utf8') };
    return cached.html;
  };
}

/** Sends `body` (HTML) compressed as the client accepts, with an ETag; 304 when the client has it. */
function sendPage(req, res, body) {
  const etag = `"${crypto.createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('ETag', etag);
  res.setHeader('Vary', 'Accept-Encoding');
  if (req.headers['if-none-match'] === etag) {
    res.statusCode = 304;
    return res.end();
  }
  const accepts = String(req.headers['accept-encoding'] ?? '');
  let out = Buffer.from(body);
  if (/\bbr\b/.test(accepts)) {
    out = zlib.brotliCompressSync(out, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    res.setHeader('Content-Encoding', 'br');
  } else if (/\bgzip\b/.test(accepts)) {
    out = zlib.gzipSync(out, { level: 6 });
    res.setHeader('Content-Encoding', 'gzip');
  }
  res.setHeader('Content-Length', out.length);
  res.end(req.method === 'HEAD' ? undefined : out);
}

/** True for a request the SPA answers with its page (no file extension, or index.html itself). */
function isPageRequest(req, pathname) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  return pathname === '/index.html' || path.posix.extname(pathname) === '';
}

module.exports = {
  RUNTIME_ELEMENT_ID,
  isPageRequest,
  remoteForPath,
  renderShellPage,
  sectionAssets,
  sectionPreloads,
  sendPage,
  templateReader,
};
