import { addTranslations } from '@lager/shared';
import { NS } from '../../i18n';
import de from './locales/de.json';
import en from './locales/en.json';

/**
 * Quick booking's texts join the section's namespace under `quick.` when its chunk loads, not with
 * the list (the outbox panel shown on this page uses them too).
 */
addTranslations(NS, { de: { quick: de }, en: { quick: en } });
