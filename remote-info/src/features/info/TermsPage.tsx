import { Page, useIsMobile } from '@lager/shared';
import { useTranslation } from 'react-i18next';
import { InfoSections } from './InfoSections';

export function TermsPage() {
  const { t } = useTranslation('info');
  // Narrow screens show the short German title (spec §2), whatever the language.
  const title = t(useIsMobile() ? 'terms.shortTitle' : 'terms.title');
  return (
    <Page title={title}>
      <InfoSections page="terms" parts={['scope', 'price', 'account', 'liability', 'law']} />
    </Page>
  );
}
