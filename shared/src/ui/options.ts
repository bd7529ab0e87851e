import type { TFunction } from 'i18next';
import type { NamedOption } from '../api/endpoints';
import type { SelectOption } from './fields';

/** Industry/usage options: translated names, alphabetical, `other` first (spec §3). */
export function translatedOptions(
  list: NamedOption[] | undefined,
  group: 'industries' | 'usages',
  t: TFunction,
  language: string,
): SelectOption[] {
  const options = (list ?? []).map((o) => ({ value: o.id, key: o.name, label: t(`common:${group}.${o.name}`) }));
  options.sort((a, b) => {
    if (a.key === 'other') return -1;
    if (b.key === 'other') return 1;
    return a.label.localeCompare(b.label, language);
  });
  return options.map(({ value, label }) => ({ value, label }));
}
