import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BackButton } from './BackButton';
import { Footer } from './Footer';
import { Header } from './Header';

export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <BackButton />
        {children}
      </main>
      <Footer />
    </div>
  );
}
