import { addTranslations, namedRoutes } from '@lager/shared';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AboutPage } from '../features/info/AboutPage';
import { InfoHome } from '../features/info/InfoHome';
import { PrivacyPage } from '../features/info/PrivacyPage';
import { TermsPage } from '../features/info/TermsPage';
import de from '../locales/de.json';
import en from '../locales/en.json';

addTranslations('info', { de, en });

/** The info section, mounted by the shell under /info/*. */
export default function InfoRoutes() {
  return (
    <Routes>
      <Route index element={<InfoHome />} />
      <Route path="about" element={<AboutPage />} />
      <Route path="agb" element={<TermsPage />} />
      <Route path="privacypolicy" element={<PrivacyPage />} />
      <Route path="*" element={<Navigate to={namedRoutes.home()} replace />} />
    </Routes>
  );
}
