import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { browser } from '../browser';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES, type Language } from '../constants';
import de from '../locales/de.json';
import en from '../locales/en.json';

/** The one i18next instance of the app; `@lager/shared` is a federation singleton, so is this. */
export const i18n: I18n = i18next.createInstance();

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function getStoredLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** Initialises the instance once (synchronously: resources are bundled) in the stored language. */
export function initI18n(language: Language = getStoredLanguage()): I18n {
  if (!i18n.isInitialized) {
    i18n.use(initReactI18next).init({
      resources: { de: { common: de }, en: { common: en } },
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
  } else if (i18n.language !== language) {
    void i18n.changeLanguage(language);
  }
  document.documentElement.lang = language;
  return i18n;
}

/** Each section adds its own namespace when its code loads. */
export function addTranslations(namespace: string, resources: { de: object; en: object }): void {
  // A namespace added later (a lazily loaded chunk's texts) keeps the language the page runs in.
  if (!i18n.isInitialized) initI18n();
  i18n.addResourceBundle('de', namespace, resources.de, true, true);
  i18n.addResourceBundle('en', namespace, resources.en, true, true);
}

/** The footer's language switch: store the choice, then start the app anew in that language. */
export function switchLanguage(language: Language): void {
  window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  browser.reload();
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : getStoredLanguage();
}
