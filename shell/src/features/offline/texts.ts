import { addTranslations } from '@lager/shared';
import de from './locales/de.json';
import en from './locales/en.json';

// The bar's texts come with its chunk, loaded only when there is something to show: a first load
// online with nothing waiting carries none of them (issue 25: ≤ 2 kB gzip more for /login and
// /dashboard). `offline.needsConnection` stays in the shell's catalogue (the section card uses it).
addTranslations('shell', { de: { offline: de }, en: { offline: en } });
