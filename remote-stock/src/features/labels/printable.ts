import { gtinSymbology } from '@lager/contract';
import type { LabelInput } from './label-pdf';

/** Beyond Latin-1 Code 128 has no encoding (vector-barcode.ts): such a label would get no code. */
const beyondLatin1 = (text: string) => [...text].some((char) => char.codePointAt(0)! > 0xff);

/**
 * The SKUs whose labels cannot carry a barcode: articles without a valid EAN/UPC whose SKU holds a
 * character Code 128 cannot encode (e.g. "Ł"). The dialog names them before printing. Location
 * codes are limited to A–Z 0–9 - . / and always fit. Small: no PDF library in the dialog's chunk.
 */
export function withoutBarcode(labels: readonly LabelInput[]): string[] {
  return labels.flatMap((label) =>
    label.kind === 'article' && !(label.barcode && gtinSymbology(label.barcode)) && beyondLatin1(label.sku)
      ? [label.sku]
      : [],
  );
}
