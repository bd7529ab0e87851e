import { registerMessages, translate } from '.';

describe('registerMessages', () => {
  it('refuses a catalogue whose de and en keys differ, naming the keys', () => {
    expect(() => registerMessages({ de: { onlyDe: 'x', both: 'a' }, en: { both: 'b', onlyEn: 'y' } })).toThrow(
      "a catalogue's de and en differ in: onlyDe, onlyEn",
    );
  });

  it('adds a catalogue with the same keys in both languages', () => {
    registerMessages({ de: { catalogueProbe: 'Hallo {name}' }, en: { catalogueProbe: 'Hello {name}' } });
    // biome-ignore lint/suspicious/noExplicitAny: a key no module declares, registered by this test only
    expect(translate('de', 'catalogueProbe' as any, { name: 'Ada' })).toBe('Hallo Ada');
  });
});
