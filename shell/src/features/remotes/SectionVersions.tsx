import { addTranslations } from '@lager/shared';
import { useTranslation } from 'react-i18next';
import de from './locales/de.json';
import en from './locales/en.json';
import { useSectionVersions } from './section-versions';

addTranslations('sections', { de, en });

/**
 * For support: which version of each section this page runs (e.g. in the footer). A
 * disclosure rather than a tooltip, so keyboard and touch users can open it too.
 */
export function SectionVersions() {
  const { t } = useTranslation('sections');
  const versions = useSectionVersions();
  return (
    <details className="section-versions">
      <summary>{t('versions.title')}</summary>
      {versions.length === 0 ? (
        <p>{t('versions.none')}</p>
      ) : (
        <ul>
          {versions.map((v) => (
            <li key={v.remote}>
              {t('versions.entry', {
                remote: v.remote,
                version: v.version,
                channel: t(`versions.channels.${v.channel}`),
              })}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
