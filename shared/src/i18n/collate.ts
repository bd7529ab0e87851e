import { currentLanguage } from './i18n';

const collators = new Map<string, Intl.Collator>();

/** The language's alphabetical order ("Äpfel" beside "Apfel", "Lager 2" before "Lager 10"). */
function collator(language: string): Intl.Collator {
  let found = collators.get(language);
  if (!found) {
    found = new Intl.Collator(language, { numeric: true, sensitivity: 'base' });
    collators.set(language, found);
  }
  return found;
}

/**
 * A list of named things (warehouses, roles, members) sorted with `Intl.Collator` for the current
 * language (a language change reloads the page, so answers sorted on arrival stay right); ties by id.
 */
export function sortByName<T extends { name: string; id?: number }>(
  list: readonly T[],
  language: string = currentLanguage(),
) {
  const compare = collator(language);
  return [...list].sort((a, b) => compare.compare(a.name, b.name) || (a.id ?? 0) - (b.id ?? 0));
}
