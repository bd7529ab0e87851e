/**
 * What a scan names: a GS1-128 code ("(01)04006381333931(10)A-1(17)261231" printed, or the raw
 * form with FNC1 separators) gives its GTIN (AI 01) and lot (AI 10); anything else is taken as it
 * is (a SKU or an EAN/UPC barcode).
 */
export interface Scan {
  code: string;
  gtin: string | null;
  lot: string | null;
}

const FNC1 = '\u001d';

export function parseScan(raw: string): Scan {
  const text = raw.trim();
  const printed = /^\(01\)(\d{14})(?:.*?\(10\)([^(]+))?/.exec(text);
  if (printed) return { code: text, gtin: printed[1]!, lot: printed[2]?.trim() ?? null };
  const bare = text.startsWith(']C1') ? text.slice(3) : text;
  if (/^01\d{14}/.test(bare)) {
    const gtin = bare.slice(2, 16);
    let rest = bare.slice(16);
    let lot: string | null = null;
    while (rest.length > 0) {
      if (rest.startsWith('17') || rest.startsWith('15') || rest.startsWith('11')) rest = rest.slice(8);
      else if (rest.startsWith('10')) {
        const end = rest.indexOf(FNC1);
        lot = end < 0 ? rest.slice(2) : rest.slice(2, end);
        rest = end < 0 ? '' : rest.slice(end + 1);
      } else break;
    }
    return { code: text, gtin, lot };
  }
  return { code: text, gtin: null, lot: null };
}

/** Whether an article's SKU or barcode is what was scanned (a GTIN-14 matches its EAN-13/UPC-A/EAN-8 inside). */
export function matches(scan: Scan, article: { sku: string; barcode: string | null }): boolean {
  const code = scan.code.toLowerCase();
  if (article.sku.toLowerCase() === code) return true;
  if (!article.barcode) return false;
  if (article.barcode === scan.code) return true;
  return scan.gtin !== null && scan.gtin.replace(/^0+/, '') === article.barcode.replace(/^0+/, '');
}
