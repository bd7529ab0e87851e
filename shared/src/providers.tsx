import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { i18n, initI18n } from './i18n/i18n';
import type { AppStore } from './store';

/** Store, i18n and router: the shell wraps everything in these, and so does a remote running alone. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  initI18n();
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <BrowserRouter>{children}</BrowserRouter>
      </I18nextProvider>
    </Provider>
  );
}
