import { Page, useIsMobile } from '@lager/shared';
import { useTranslation } from 'react-i18next';

export function TermsPage() {
  const { t } = useTranslation('info');
  // Narrow screens show the short German title (spec §2), whatever the language.
  const title = t(useIsMobile() ? 'terms.shortTitle' : 'terms.title');
  return (
    <Page title={title}>
      <h2>{t('terms.scopeTitle')}</h2>
      <p>{t('terms.scope')}</p>
      <h2>{t('terms.priceTitle')}</h2>
      <p>{t('terms.price')}</p>
      <h2>{t('terms.accountTitle')}</h2>
      <p>{t('terms.account')}</p>
      <h2>{t('terms.liabilityTitle')}</h2>
      <p>{t('terms.liability')}</p>
      <h2>{t('terms.lawTitle')}</h2>
      <p>{t('terms.law')}</p>
    </Page>
  );
}
