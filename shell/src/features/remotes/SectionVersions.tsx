import { addTranslations } from '@lager/shared';
import { useTranslation } from 'react-i18next';
import de from './locales/de.json';
import en from './locales/en.json';
import { useSectionMismatches, useSectionVersions } from './section-versions';

addTranslations('sections', { de, en });

/**
 * For support: which version of each section this page runs, behind the footer's "Support
 * information" (one click away). A disclosure rather than a tooltip, so keyboard and touch users
 * can open it too.
 */
export function SectionVersions() {
  const { t } = useTranslation('sections');
  const versions = useSectionVersions();
  const mismatches = useSectionMismatches();
  return (
    <details className="section-versions">
      <summary>{t('versions.title')}</summary>
      <p className="section-versions-title">{t('versions.sectionsTitle')}</p>
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
      {mismatches.length > 0 && (
        <ul aria-label={t('versions.mismatchTitle')}>
          {mismatches.flatMap((m) =>
            m.unmet.map((u) => (
              <li key={`${m.remote}@${m.version}:${u.package}`}>
                {t('versions.mismatch', { remote: m.remote, version: m.version, ...u })}
              </li>
            )),
          )}
        </ul>
      )}
    </details>
  );
}
