import { addTranslations } from '@lager/shared';
import { useTranslation } from 'react-i18next';
import de from '../locales/de.json';
import en from '../locales/en.json';

const ACCOUNT_NS = 'account';

// Registered when the section's code loads, before any screen renders.
addTranslations(ACCOUNT_NS, { de, en });

/** The section's texts; `common:` keys of the shared catalogue stay reachable with their prefix. */
export const ACCOUNT_TEXTS = [ACCOUNT_NS, 'common'];
export const useAccountTranslation = () => useTranslation(ACCOUNT_TEXTS);
