import { addTranslations } from '@lager/shared';
import { NS } from '../../i18n';
import de from './locales/de.json';
import en from './locales/en.json';

/** The count sessions' texts join the section's namespace under `countSessions.` when their chunk loads. */
addTranslations(NS, { de: { countSessions: de }, en: { countSessions: en } });
