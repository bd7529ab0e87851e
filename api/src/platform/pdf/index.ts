/**
 * What every server-made PDF shares (pdf-lib, standard Helvetica, WinAnsi: umlauts, ß and €): text
 * that the font can draw, text cut to a width, and money and numbers in the request's language.
 */
import type { PDFFont } from 'pdf-lib';
import type { Language } from '../i18n';

export const pdfLocale = (lang: Language) => (lang === 'de' ? 'de-DE' : 'en-GB');

/** A decimal string as money in the language; Intl takes the string itself (no float on the way). */
export function formatMoney(lang: Language, amount: string, currency: string) {
  return new Intl.NumberFormat(pdfLocale(lang), { style: 'currency', currency, maximumFractionDigits: 4 }).format(
    amount as unknown as number,
  );
}

/** A quantity (at most 3 places) in the language. */
export const formatNumber = (lang: Language, value: number) =>
  new Intl.NumberFormat(pdfLocale(lang), { maximumFractionDigits: 3 }).format(value);

const charsets = new WeakMap<PDFFont, Set<number>>();
/** Printable ASCII, which every standard font draws: no look-up needed (a 100 000-line table has a million cells). */
const PLAIN = /^[\x20-\x7e]*$/;

/** Only what WinAnsi can encode; anything else becomes "?". The font's character set is built once per font. */
export function printable(font: PDFFont, text: string) {
  if (PLAIN.test(text)) return text;
  let charset = charsets.get(font);
  if (!charset) {
    charset = new Set(font.getCharacterSet());
    charsets.set(font, charset);
  }
  const known = charset;
  return [...text.replace(/[\r\n\t]+/g, ' ')].map((c) => (known.has(c.codePointAt(0)!) ? c : '?')).join('');
}

/** The text, shortened with "…" until it fits the width. */
export function fit(font: PDFFont, size: number, text: string, width: number) {
  let out = printable(font, text);
  while (out.length > 1 && font.widthOfTextAtSize(out, size) > width) out = `${out.slice(0, -2)}…`.replace('……', '…');
  return out;
}
