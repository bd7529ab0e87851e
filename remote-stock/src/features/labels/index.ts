/**
 * Labels (stock-spec-2 §2). What other screens use: the print button with its labels. The dialog
 * and the PDF code are lazy chunks: importing this costs a screen only the button.
 */
import type { LabelInput } from './label-pdf';

export { LocationLabels } from './LocationLabels';
export type { LabelInput } from './label-pdf';
export { locationLabels } from './location-labels';
export { PrintLabelsButton } from './PrintLabelsButton';

/** An article's label: name, SKU and barcode (the PDF decides EAN/UPC or Code 128). */
export const articleLabel = (article: { name: string; sku: string; barcode: string | null }): LabelInput => ({
  kind: 'article',
  name: article.name,
  sku: article.sku,
  barcode: article.barcode,
});
