import { Page } from '@lager/shared';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router-dom';
import { NS } from '../i18n';

function PurchasingHome() {
  const { t } = useTranslation(NS);
  return (
    <Page title={t('title')}>
      <p>{t('intro')}</p>
    </Page>
  );
}

/** The section's pages, mounted by the shell at the mounts in section.json (paths here are relative). */
export default function PurchasingRoutes() {
  return (
    <Routes>
      <Route index element={<PurchasingHome />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
