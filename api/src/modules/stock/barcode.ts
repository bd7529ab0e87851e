/**
 * GTIN check digits (EAN-8, UPC-A = GTIN-12, EAN-13): weights 3 and 1 alternate from the
 * right, starting with 3 next to the check digit. Other barcodes (Code 128, internal codes)
 * carry no check digit and are accepted as typed.
 */
export function isGtinLength(code: string): boolean {
  return /^\d+$/.test(code) && [8, 12, 13].includes(code.length);
}

export function hasValidCheckDigit(code: string): boolean {
  const digits = code.split('').map(Number);
  const check = digits.pop()!;
  let sum = 0;
  for (let i = digits.length - 1, weight = 3; i >= 0; i--, weight = weight === 3 ? 1 : 3) sum += digits[i]! * weight;
  return (10 - (sum % 10)) % 10 === check;
}

/** True for codes that are no GTIN or are a GTIN with the right check digit. */
export const barcodeIsValid = (code: string) => !isGtinLength(code) || hasValidCheckDigit(code);
