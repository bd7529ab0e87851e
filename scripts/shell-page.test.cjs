/** The shell page of the serving stack: inline runtime data and the current section's preload hints. */
const http = require('node:http');
const { remoteForPath, renderShellPage, sectionPreloads } = require('./shell-page.cjs');

const TEMPLATE =
  '<!doctype html><html><head><title>Lager</title><script defer src="/static/js/index.1234abcd.js"></script>' +
  '<link rel="preload" href="/config.json" as="fetch" crossorigin="anonymous">' +
  '<link rel="preload" href="/remotes.json" as="fetch" crossorigin="anonymous"></head><body><div id="root"></div></body></html>';

const section = (scope, module, routes) => ({
  scope,
  module,
  mounts: ['/*'],
  routes: routes.map((path) => ({ path })),
});

let server;
let base;
const mfManifest = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'static/js/remote_stock.aaaa1111.js', path: '' } },
  exposes: [
    {
      name: 'StockRoutes',
      path: './StockRoutes',
      assets: {
        js: { sync: ['static/js/async/expose_StockRoutes.bbbb2222.js', 'static/js/async/ab.cccc3333.js'], async: [] },
        css: { sync: ['static/css/async/expose.dddd4444.css'], async: [] },
      },
    },
    { name: 'StockCard', path: './StockCard', assets: { js: { sync: ['static/js/async/card.eeee.js'] } } },
  ],
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/stock/1.0.0/mf-manifest.json') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return res.end(JSON.stringify(mfManifest));
    }
    res.writeHead(404).end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const manifest = (rollout = {}) => ({
  remotes: {
    'remote-account': {
      stable: {
        version: '1',
        entry: `${base}/account/mf-manifest.json`,
        section: section('remote_account', './AccountRoutes', ['/login']),
      },
    },
    'remote-stock': {
      stable: {
        version: '1.0.0',
        entry: `${base}/stock/1.0.0/mf-manifest.json`,
        section: section('remote_stock', './StockRoutes', ['/stock', '/stock/articles/:id']),
      },
      ...rollout,
    },
  },
});

test('a path belongs to the section that declares it (parameters match one segment)', () => {
  expect(remoteForPath(manifest(), '/stock')).toBe('remote-stock');
  expect(remoteForPath(manifest(), '/stock/articles/42')).toBe('remote-stock');
  expect(remoteForPath(manifest(), '/stock/articles/42/edit')).toBeUndefined();
  expect(remoteForPath(manifest(), '/login')).toBe('remote-account');
  expect(remoteForPath(manifest(), '/dashboard')).toBeUndefined();
});

test("preloads the section's manifest, remote entry and the exposed module's chunks, not the other exposes", async () => {
  const hints = await sectionPreloads(manifest(), '/stock/articles/7', '');
  expect(hints).toEqual([
    { href: `${base}/stock/1.0.0/mf-manifest.json`, as: 'fetch' },
    { href: `${base}/stock/1.0.0/static/js/remote_stock.aaaa1111.js`, as: 'script' },
    { href: `${base}/stock/1.0.0/static/js/async/expose_StockRoutes.bbbb2222.js`, as: 'script' },
    { href: `${base}/stock/1.0.0/static/js/async/ab.cccc3333.js`, as: 'script' },
    { href: `${base}/stock/1.0.0/static/css/async/expose.dddd4444.css`, as: 'style' },
  ]);
});

test('no hints when the version depends on the user (canary), a QA pin is asked for, or the remote is down', async () => {
  const canary = { canary: { version: '2.0.0', percent: 10, entry: `${base}/stock/2.0.0/mf-manifest.json` } };
  expect(await sectionPreloads(manifest(canary), '/stock', '')).toEqual([]);
  expect(await sectionPreloads(manifest(), '/stock', '?lager-pin=remote-stock@0.9.0')).toEqual([]);
  // The account manifest answers 404: only the manifest hint itself, no guessed chunk names.
  expect(await sectionPreloads(manifest(), '/login', '')).toEqual([
    { href: `${base}/account/mf-manifest.json`, as: 'fetch' },
  ]);
});

test('the page carries the runtime data inline (no script-closing text) and the hints; the fetch preloads are gone', () => {
  const config = { apiBaseUrl: '', apiHost: 'x', contactEmail: '</script><script>alert(1)</script>' };
  const html = renderShellPage(TEMPLATE, {
    config,
    remotesManifest: manifest(),
    preloads: [{ href: 'http://cdn/remote.js', as: 'script' }],
  });
  const data = html.match(/<script type="application\/json" id="lager-runtime">(.*?)<\/script>/)[1];
  expect(JSON.parse(data).config).toEqual(config);
  expect(data).not.toContain('</');
  expect(html).toContain('<link rel="preload" href="http://cdn/remote.js" as="script"></head>');
  expect(html).not.toContain('/config.json');
  expect(html).toContain('<script defer src="/static/js/index.1234abcd.js"></script>');
});
