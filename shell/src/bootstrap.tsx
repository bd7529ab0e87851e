import '@lager/shared/styles.css';
import {
  AppProviders,
  addTranslations,
  createAppStore,
  initI18n,
  loadRuntimeConfig,
  type RuntimeConfig,
  setRuntimeConfig,
  setStyleNonce,
} from '@lager/shared';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { readInlineRuntime } from './app/inline-runtime';
import { registerServiceWorker, watchConnection } from './features/offline';
import { fetchRemotesManifest } from './features/remotes/remotes-manifest';
import { ReportMount, startTelemetry } from './features/telemetry';
import de from './locales/de.json';
import en from './locales/en.json';

async function start() {
  // Runtime configuration first: API origin, contact mailbox and where each remote lives
  // (inline in the page when the serving stack wrote it there, else fetched).
  const inline = readInlineRuntime();
  setStyleNonce(inline.styleNonce);
  await Promise.all([
    inline.config ? setRuntimeConfig(inline.config as Partial<RuntimeConfig>) : loadRuntimeConfig(),
    fetchRemotesManifest(undefined, inline.remotes),
  ]);
  startTelemetry();
  watchConnection();
  // The app's start (i18n, store, first render) in a task of its own: the entry script's evaluation (module
  // evaluation and federation init) is one long task already. The page below the AuthGate mounts in a deferred,
  // time-sliced render, so the answers arriving before this task do not make the whole page one long task.
  await new Promise((resolve) => setTimeout(resolve, 0));
  initI18n();
  addTranslations('shell', { de, en });
  createRoot(document.getElementById('root')!).render(
    <AppProviders store={createAppStore()}>
      <App />
      <ReportMount />
    </AppProviders>,
  );
  registerServiceWorker();
}

void start();
