import { addTranslations } from '@lager/shared';
import { NS } from '../../i18n';
import de from './locales/de.json';
import en from './locales/en.json';

/** The feature's texts join the section's namespace (imported by each of its entry points). */
addTranslations(NS, { de, en });

export { NS };
