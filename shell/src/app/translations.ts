import { addTranslations } from '@lager/shared';
import de from '../locales/de.json';
import en from '../locales/en.json';

// The shell's namespace, registered when the app module loads (tests included), like every section's.
addTranslations('shell', { de, en });
