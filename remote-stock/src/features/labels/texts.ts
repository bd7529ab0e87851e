import { addTranslations } from '@lager/shared';
import { NS } from '../../i18n';
import de from './locales/de.json';
import en from './locales/en.json';

let added = false;

/**
 * The labels' own texts, added to the section's namespace when a screen that shows them first
 * renders (the dialog, the location pages' buttons). A call, not an import side effect: the list
 * page, the section's first load, imports this folder's index but never calls it, so the texts
 * stay out of its chunk.
 */
export function addLabelTexts(): void {
  if (added) return;
  added = true;
  addTranslations(NS, { de: { labelPrint: de }, en: { labelPrint: en } });
}
