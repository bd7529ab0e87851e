import de from './locales/de.json';
import en from './locales/en.json';

test('the offline bar texts exist in German and English, none empty', () => {
  expect(Object.keys(en).sort()).toEqual(Object.keys(de).sort());
  for (const text of [...Object.values(de), ...Object.values(en)]) expect(text.trim()).not.toBe('');
});
