import '@lager/shared/styles.css';
import { AppProviders, addTranslations, createAppStore, initI18n, loadRuntimeConfig } from '@lager/shared';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { fetchRemotesManifest } from './features/remotes/remotes-manifest';
import de from './locales/de.json';
import en from './locales/en.json';

async function start() {
  // Runtime configuration first: API origin, contact mailbox and where each remote lives.
  await Promise.all([loadRuntimeConfig(), fetchRemotesManifest()]);
  initI18n();
  addTranslations('shell', { de, en });
  createRoot(document.getElementById('root')!).render(
    <AppProviders store={createAppStore()}>
      <App />
    </AppProviders>,
  );
}

void start();
