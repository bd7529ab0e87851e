import de from './locales/de.json';
import en from './locales/en.json';

/** Every key path of a catalogue, plural suffixes folded (German and English plurals have the same forms here). */
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key));
}

test('the German and English catalogues have the same keys', () => {
  expect(keys(en).sort()).toEqual(keys(de).sort());
});

test('no text is empty', () => {
  for (const catalogue of [de, en]) {
    for (const key of keys(catalogue)) {
      const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue);
      expect(typeof text === 'string' && text.trim().length > 0).toBe(true);
    }
  }
});
