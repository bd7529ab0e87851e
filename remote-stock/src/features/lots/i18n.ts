import { addTranslations } from '@lager/shared';
import { NS } from '../../i18n';
import de from './locales/de.json';
import en from './locales/en.json';

/** Lots, best-before and trace texts (stock-spec-3 §2) join the section's namespace under `lots.`. */
addTranslations(NS, { de: { lots: de }, en: { lots: en } });
