import { useTranslation } from 'react-i18next';
import { useSectionsLoading } from './section-progress';

/** A thin bar at the top while a section is on its way. */
export function SectionProgress() {
  const { t } = useTranslation('common');
  if (!useSectionsLoading()) return null;
  return <div className="section-progress" role="progressbar" aria-label={t('section.loading')} />;
}
