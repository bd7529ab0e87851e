import { addTranslations } from '@lager/shared';
import { NS } from '../../i18n';
import de from './locales/de.json';
import en from './locales/en.json';

/** The value page's texts join the section's namespace under `value.`. */
addTranslations(NS, { de: { value: de }, en: { value: en } });
