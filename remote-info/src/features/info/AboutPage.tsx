import { Page } from '@lager/shared';
import { useTranslation } from 'react-i18next';

export function AboutPage() {
  const { t } = useTranslation('info');
  return (
    <Page title={t('about.title')}>
      <p>{t('about.intro')}</p>
      <p>{t('about.free')}</p>
      <p>{t('about.stock')}</p>
      <p>{t('about.team')}</p>
    </Page>
  );
}
