import { addTranslations } from '@lager/shared';
import { NS } from '../../i18n';
import de from './locales/de.json';
import en from './locales/en.json';

/** The texts of the stocktake page join the section's namespace under `count.` when its chunk loads, not with the list. */
addTranslations(NS, { de: { count: de }, en: { count: en } });
