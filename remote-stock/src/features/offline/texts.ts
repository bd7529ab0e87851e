import { addTranslations } from '@lager/shared';
import { NS } from '../../i18n';
import de from './locales/de.json';
import en from './locales/en.json';

// The outbox's texts come with quick booking's chunk: the section's first load (and the dashboard's
// stock card) carry none of them (issue 25: pages other than /stock/book grow by at most 2 kB).
addTranslations(NS, { de: { offline: de }, en: { offline: en } });
