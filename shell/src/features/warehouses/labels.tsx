import { type NamedOption, useListIndustriesQuery, useListUsagesQuery } from '@lager/shared';
import { useTranslation } from 'react-i18next';

/** A member's or the user's role as text: the owner label, the no-role label, or the role's name. */
export function RoleLabel({ role }: { role: string | null | undefined }) {
  const { t } = useTranslation('shell');
  if (role === 'owner') return <span className="badge badge-owner">{t('roles.owner')}</span>;
  if (!role) return <span className="badge badge-muted">{t('roles.none')}</span>;
  return <span className="badge">{role}</span>;
}

function useOptionName(list: NamedOption[] | undefined, group: 'industries' | 'usages', id: number | undefined) {
  const { t } = useTranslation('common');
  const option = list?.find((o) => o.id === id);
  // The API sends translation keys (spec §3); an unknown key still shows something readable.
  return option ? t(`${group}.${option.name}`, { defaultValue: option.name }) : '–';
}

export function IndustryName({ id }: { id: number | undefined }) {
  const { data } = useListIndustriesQuery();
  return <>{useOptionName(data, 'industries', id)}</>;
}

export function UsageName({ id }: { id: number | undefined }) {
  const { data } = useListUsagesQuery();
  return <>{useOptionName(data, 'usages', id)}</>;
}
