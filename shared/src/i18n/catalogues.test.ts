import fs from 'node:fs';
import path from 'node:path';

/** Every catalogue pair in the repo (any `locales/{de,en}.json` under a package src) must have the same keys. */
const repo = path.resolve(__dirname, '../../..');

function localeDirs(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory() || entry.name === 'node_modules') return [];
    const full = path.join(dir, entry.name);
    if (entry.name === 'locales' && fs.existsSync(path.join(full, 'de.json'))) return [full];
    return localeDirs(full);
  });
}

const catalogues = fs
  .readdirSync(repo)
  .filter((dir) => fs.existsSync(path.join(repo, dir, 'src')))
  .flatMap((dir) => localeDirs(path.join(repo, dir, 'src')))
  .map((dir) => path.relative(repo, dir));

function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

const load = (dir: string, lng: string) =>
  JSON.parse(fs.readFileSync(path.join(repo, dir, `${lng}.json`), 'utf8')) as unknown;

test('finds the catalogues of the shared package, the shell and every section', () => {
  expect(catalogues).toEqual(
    expect.arrayContaining([
      'shared/src/locales',
      'shell/src/locales',
      'remote-info/src/locales',
      'remote-account/src/locales',
      'remote-warehouse-admin/src/locales',
      'remote-user-admin/src/locales',
    ]),
  );
});

test.each(catalogues)('%s: de and en have the same keys and no empty texts', (dir) => {
  const de = keys(load(dir, 'de')).sort();
  const en = keys(load(dir, 'en')).sort();
  expect(en).toEqual(de);
  const texts = (lng: string) => JSON.stringify(load(dir, lng));
  expect(texts('de')).not.toMatch(/:""/);
  expect(texts('en')).not.toMatch(/:""/);
});
