import fs from 'node:fs';
import path from 'node:path';

/** Every catalogue pair in the repo (`<pkg>/src/locales/{de,en}.json`) must have the same keys. */
const repo = path.resolve(__dirname, '../../..');
const packages = fs.readdirSync(repo).filter((dir) => fs.existsSync(path.join(repo, dir, 'src/locales/de.json')));

function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

const load = (pkg: string, lng: string) =>
  JSON.parse(fs.readFileSync(path.join(repo, pkg, 'src/locales', `${lng}.json`), 'utf8')) as unknown;

test('finds the catalogues of the shared package, the shell and the sections', () => {
  expect(packages).toEqual(expect.arrayContaining(['shared', 'shell', 'remote-info']));
});

test.each(packages)('%s: de and en have the same keys and no empty texts', (pkg) => {
  const de = keys(load(pkg, 'de')).sort();
  const en = keys(load(pkg, 'en')).sort();
  expect(en).toEqual(de);
  const texts = (lng: string) => JSON.stringify(load(pkg, lng));
  expect(texts('de')).not.toMatch(/:""/);
  expect(texts('en')).not.toMatch(/:""/);
});
