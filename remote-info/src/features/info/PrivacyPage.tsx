import { getRuntimeConfig, Page, useIsMobile } from '@lager/shared';
import { useTranslation } from 'react-i18next';
import { InfoSections } from './InfoSections';

export function PrivacyPage() {
  const { t } = useTranslation('info');
  const { contactEmail, apiHost } = getRuntimeConfig();
  const title = t(useIsMobile() ? 'privacy.shortTitle' : 'privacy.title');
  return (
    <Page title={title}>
      <InfoSections page="privacy" parts={['data', 'cookies', 'logs', 'hosting']} values={{ host: apiHost }} />
      <h2>{t('privacy.contactTitle')}</h2>
      <p>
        {t('privacy.contact')} <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
      </p>
    </Page>
  );
}
