/**
 * The shared singleton `react-i18next` as the shell provides it (see react-router-dom.ts beside this
 * file): only the exports the apps use. The package itself is reached under another name
 * (rsbuild.config.ts aliases FULL_PACKAGE to its ES module), because an import of `react-i18next`
 * here would be the shared module asking for itself. Plain JS: the alias has no type declarations.
 */
export { I18nextProvider, initReactI18next, useTranslation } from '@lager-federation/react-i18next';
