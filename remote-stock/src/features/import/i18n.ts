import { addTranslations } from '@lager/shared';
import { NS } from '../../i18n';
import de from './locales/de.json';
import en from './locales/en.json';

/** The texts of the import page join the section's namespace under `import.` when its chunk loads, not with the list. */
addTranslations(NS, { de: { import: de }, en: { import: en } });
