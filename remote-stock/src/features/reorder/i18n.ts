import { addTranslations } from '@lager/shared';
import { NS } from '../../i18n';
import de from './locales/de.json';
import en from './locales/en.json';

/** The reorder page's texts join the section's namespace under `reorder.` (also the nav's link). */
addTranslations(NS, { de: { reorder: de }, en: { reorder: en } });
