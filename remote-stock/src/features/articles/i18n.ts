import { addTranslations } from '@lager/shared';
import { NS } from '../../i18n';
import de from './locales/de.json';
import en from './locales/en.json';

/** The texts of the article page join the section's namespace under `detail.` when its chunk loads, not with the list. */
addTranslations(NS, { de: { detail: de }, en: { detail: en } });
