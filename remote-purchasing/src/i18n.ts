import { addTranslations } from '@lager/shared';
import de from './locales/de.json';
import en from './locales/en.json';

/** The section's namespace; imported by every exposed module, since each may load alone. */
export const NS = 'purchasing';
addTranslations(NS, { de, en });
