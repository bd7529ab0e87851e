import { de, en, type PlatformMessageKey } from './messages';

export type Language = 'de' | 'en';

/**
 * The modules' message keys, added by declaration merging (`interface ModuleMessages extends
 * Record<Key, string> {}`; modules/index.ts does it for every module's locales/en.json), so a key
 * no module defines does not compile.
 * @public (used by declaration merging, which knip does not see)
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the modules' declaration merging
export interface ModuleMessages {}

export type MessageKey = PlatformMessageKey | (keyof ModuleMessages & string);

/** One module's texts in both languages (the same keys). */
export interface Catalogue {
  de: Record<string, string>;
  en: Record<string, string>;
}

const catalogues: Record<Language, Record<string, string>> = { de: { ...de }, en: { ...en } };

/** Adds a module's texts to the one catalogue (app.ts, for every module it assembles); both languages need the same keys. */
export function registerMessages(catalogue: Catalogue): void {
  const only = (a: Record<string, string>, b: Record<string, string>) => Object.keys(a).filter((key) => !(key in b));
  const missing = [...only(catalogue.de, catalogue.en), ...only(catalogue.en, catalogue.de)];
  if (missing.length) throw new Error(`a catalogue's de and en differ in: ${missing.join(', ')}`);
  Object.assign(catalogues.de, catalogue.de);
  Object.assign(catalogues.en, catalogue.en);
}

/** Picks de or en from Accept-Language in the header's order of preference; de by default. */
export function languageFrom(header: string | undefined): Language {
  if (!header) return 'de';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { lang: tag.slice(0, 2), q: q ? Number(q.trim().slice(2)) : 1, index };
    })
    .filter((entry) => (entry.lang === 'de' || entry.lang === 'en') && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return (ranked[0]?.lang as Language | undefined) ?? 'de';
}

export type Vars = Record<string, string | number>;

export function translate(lang: Language, key: MessageKey, vars: Vars = {}): string {
  return (catalogues[lang][key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? `{${name}}`));
}
