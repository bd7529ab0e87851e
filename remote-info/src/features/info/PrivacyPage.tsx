import { getRuntimeConfig, Page, useIsMobile } from '@lager/shared';
import { useTranslation } from 'react-i18next';

export function PrivacyPage() {
  const { t } = useTranslation('info');
  const { contactEmail, apiHost } = getRuntimeConfig();
  const title = t(useIsMobile() ? 'privacy.shortTitle' : 'privacy.title');
  return (
    <Page title={title}>
      <h2>{t('privacy.dataTitle')}</h2>
      <p>{t('privacy.data')}</p>
      <h2>{t('privacy.cookiesTitle')}</h2>
      <p>{t('privacy.cookies')}</p>
      <h2>{t('privacy.logsTitle')}</h2>
      <p>{t('privacy.logs', { host: apiHost })}</p>
      <h2>{t('privacy.hostingTitle')}</h2>
      <p>{t('privacy.hosting')}</p>
      <h2>{t('privacy.contactTitle')}</h2>
      <p>
        {t('privacy.contact')} <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
      </p>
    </Page>
  );
}
