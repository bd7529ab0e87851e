/** `npm run new-section`: what a section team gets (the e2e suite builds and deploys such a section). */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

let parent;
beforeEach(() => {
  parent = fs.mkdtempSync(path.join(os.tmpdir(), 'lager-new-section-'));
});
afterEach(() => fs.rmSync(parent, { recursive: true, force: true }));

const run = (...args) =>
  spawnSync(process.execPath, [path.join(__dirname, 'new-section.mjs'), ...args, '--dir', parent], {
    encoding: 'utf8',
  });

/** Validates with the same code deploy and the shell use (TypeScript, so through tsx in a child). */
function validate(file) {
  const script = `const s = require(${JSON.stringify(path.join(__dirname, '..', 'deployment', 'rollout-sections.cjs'))});
    console.log(JSON.stringify(s.validateSection(JSON.parse(require('fs').readFileSync(${JSON.stringify(file)}, 'utf8')))));`;
  return JSON.parse(spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' }).stdout);
}

test('creates a complete remote: names, route, labels, permission, dev port, valid section.json', () => {
  const result = run(
    'stock-count',
    '--title-de',
    'Bestand',
    '--title-en',
    'Stock',
    '--permission',
    'view_stock',
    '--port',
    '3010',
  );
  expect(result.stderr).toBe('');
  expect(result.stdout).toMatch(
    /Created .*remote-stock-count \(container remote_stock_count, route \/stock-count, dev port 3010\)/,
  );
  const dir = path.join(parent, 'remote-stock-count');
  const files = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(d, e.name));
      else files.push(path.relative(dir, path.join(d, e.name)));
    }
  };
  walk(dir);
  expect(files.sort()).toEqual([
    'package.json',
    'public/config.json',
    'section.json',
    'src/app/StockCountRoutes.test.tsx',
    'src/app/StockCountRoutes.tsx',
    'src/bootstrap.tsx',
    'src/features/dashboard/StockCountCard.tsx',
    'src/i18n.ts',
    'src/index.ts',
    'src/locales/de.json',
    'src/locales/en.json',
  ]);
  const section = JSON.parse(fs.readFileSync(path.join(dir, 'section.json'), 'utf8'));
  expect(section).toMatchObject({
    scope: 'remote_stock_count',
    devPort: 3010,
    exposes: {
      './StockCountRoutes': './src/app/StockCountRoutes.tsx',
      './StockCountCard': './src/features/dashboard/StockCountCard.tsx',
    },
    module: './StockCountRoutes',
    mounts: ['/stock-count/*'],
    routes: [{ path: '/stock-count', access: 'verified', permission: 'view_stock' }],
    nav: [{ path: '/stock-count', label: { de: 'Bestand', en: 'Stock' } }],
    slots: { dashboard: [{ module: './StockCountCard', permission: 'view_stock' }] },
  });
  expect(validate(path.join(dir, 'section.json'))).toMatchObject({ ok: true });
  expect(JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).name).toBe('remote-stock-count');
  expect(JSON.parse(fs.readFileSync(path.join(dir, 'src/locales/de.json'), 'utf8')).title).toBe('Bestand');
  const routes = fs.readFileSync(path.join(dir, 'src/app/StockCountRoutes.tsx'), 'utf8');
  expect(routes).toMatch(/export default function StockCountRoutes/);
  expect(fs.readFileSync(path.join(dir, 'src/i18n.ts'), 'utf8')).toMatch(/export const NS = 'stock-count'/);
  // Nothing of the template's placeholder names is left.
  for (const file of files) expect(fs.readFileSync(path.join(dir, file), 'utf8')).not.toMatch(/template|3999/i);
});

test('refuses bad names and existing folders', () => {
  expect(run('Stock').stderr).toMatch(/must be lowercase letters/);
  expect(run('stock').status).toBe(0);
  expect(run('remote-stock').stderr).toMatch(/exists already/);
});

test('--access public: a page for anyone (no permission allowed with it); anything else is refused', () => {
  const result = run('open-page', '--access', 'public');
  expect(result.stderr).toBe('');
  const dir = path.join(parent, 'remote-open-page');
  const section = JSON.parse(fs.readFileSync(path.join(dir, 'section.json'), 'utf8'));
  expect(section.routes).toEqual([{ path: '/open-page', access: 'public', topLevel: true }]);
  expect(validate(path.join(dir, 'section.json'))).toMatchObject({ ok: true });
  const both = run('both', '--access', 'public', '--permission', 'view_stock');
  expect(both.status).toBe(1);
  expect(both.stderr).toMatch(/--permission needs --access verified/);
  const odd = run('odd', '--access', 'guest');
  expect(odd.stderr).toMatch(/--access must be verified or public/);
  expect(fs.existsSync(path.join(parent, 'remote-odd'))).toBe(false);
});
