import { addTranslations } from '@lager/shared';
import { NS } from '../../i18n';
import de from './locales/de.json';
import en from './locales/en.json';

// The labels' own texts come with the chunks that show them (the dialog, the location pages'
// buttons): the list page, the section's first load, carries only its button's.
addTranslations(NS, { de: { labelPrint: de }, en: { labelPrint: en } });
