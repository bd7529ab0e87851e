import { de, en, type MessageKey } from './messages';

export type Language = 'de' | 'en';
export type { MessageKey };

const catalogues: Record<Language, Record<MessageKey, string>> = { de, en };

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
  return catalogues[lang][key].replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? `{${name}}`));
}
