/**
 * GTIN check digits (EAN-8, UPC-A = GTIN-12, EAN-13): weights 3 and 1 alternate from the
 * right, starting with 3 next to the check digit. Other barcodes (Code 128, internal codes)
 * carry no check digit and are accepted as typed. The API validates article barcodes with it;
 * the labels print a GTIN as its own symbology only when it passes.
 */
function isGtinLength(code: string): boolean {
  return /^\d+$/.test(code) && [8, 12, 13].includes(code.length);
}

function hasValidCheckDigit(code: string): boolean {
  const digits = code.split('').map(Number);
  const check = digits.pop();
  let sum = 0;
  for (let i = digits.length - 1, weight = 3; i >= 0; i--, weight = weight === 3 ? 1 : 3)
    sum += (digits[i] ?? 0) * weight;
  return (10 - (sum % 10)) % 10 === check;
}

/** True for codes that are no GTIN or are a GTIN with the right check digit. */
export const barcodeIsValid = (code: string) => !isGtinLength(code) || hasValidCheckDigit(code);

const GTIN_SYMBOLOGIES = { 8: 'ean8', 12: 'upca', 13: 'ean13' } as const;
export type GtinSymbology = (typeof GTIN_SYMBOLOGIES)[keyof typeof GTIN_SYMBOLOGIES];

/** The symbology a code is printed in as itself: EAN-8, UPC-A or EAN-13 with a valid check digit; else null. */
export function gtinSymbology(code: string): GtinSymbology | null {
  if (!isGtinLength(code) || !hasValidCheckDigit(code)) return null;
  return GTIN_SYMBOLOGIES[code.length as keyof typeof GTIN_SYMBOLOGIES];
}
