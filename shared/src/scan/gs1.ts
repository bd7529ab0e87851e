/**
 * GS1-128 element strings as a scanner or a label gives them (stock-spec-3 §2): `(01) GTIN (10) lot
 * (17) YYMMDD (21) serial`, printed with parentheses, or raw with a leading `]C1` symbology identifier
 * and FNC1 (`\u001d`, ASCII GS) ending each variable-length field. Only the AIs Lager reads are kept
 * (01, 10, 17, 21); other fixed-length ones (11, 13, 15, 16, 20, …) are skipped so a code with them still
 * parses, an unknown variable-length AI stops the parse there.
 *
 * Written here rather than taken from npm: the parsers there (gs1-barcode-parser-mod and its forks, a
 * 2015 library without types, ~40 kB of tables for 100+ AIs; gs1js 0.0.2) are either unmaintained or
 * far larger than the four AIs we need.
 */
export interface Gs1 {
  /** GTIN-14 (AI 01). */
  gtin: string | null;
  /** Batch/lot (AI 10), up to 20 characters. */
  lot: string | null;
  /** Best-before (AI 17) as an ISO date; `00` as the day is the month's last day. */
  bestBefore: string | null;
  /** Serial (AI 21), up to 20 characters. */
  serial: string | null;
}

const FNC1 = '\u001d';
/** Fixed lengths of the data after the AI (GS1 General Specifications, predefined-length table). */
const FIXED: Record<string, number> = {
  '00': 18,
  '01': 14,
  '02': 14,
  '11': 6,
  '12': 6,
  '13': 6,
  '15': 6,
  '16': 6,
  '17': 6,
  '20': 2,
};
const VARIABLE: Record<string, number> = { '10': 20, '21': 20 };

/** YYMMDD as an ISO date: the century within 49 years back and 50 ahead of `today` (GS1 §7.12). */
export function gs1Date(yymmdd: string, today = new Date()): string | null {
  const match = /^(\d{2})(\d{2})(\d{2})$/.exec(yymmdd);
  if (!match) return null;
  const [yy, mm, dd] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (mm < 1 || mm > 12) return null;
  const current = today.getUTCFullYear();
  let year = Math.floor(current / 100) * 100 + yy;
  if (year - current > 50) year -= 100;
  else if (current - year > 49) year += 100;
  const last = new Date(Date.UTC(year, mm, 0)).getUTCDate();
  const day = dd === 0 ? last : dd;
  if (day > last) return null;
  return `${year}-${String(mm).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function put(out: Gs1, ai: string, value: string, today: Date) {
  if (ai === '01') out.gtin = value;
  else if (ai === '10') out.lot = value;
  else if (ai === '21') out.serial = value;
  else if (ai === '17') out.bestBefore = gs1Date(value, today);
}

/** The element string's AIs 01/10/17/21, or null when the text is no GS1 code (a SKU, a plain EAN). */
export function parseGs1(raw: string, today = new Date()): Gs1 | null {
  const text = raw.trim();
  const out: Gs1 = { gtin: null, lot: null, bestBefore: null, serial: null };
  if (text.startsWith('(')) {
    const parts = [...text.matchAll(/\((\d{2,4})\)([^(]*)/g)];
    if (parts.length === 0 || parts.map((p) => p[0]).join('') !== text) return null;
    for (const [, ai, value] of parts) {
      const fixed = FIXED[ai!];
      const max = VARIABLE[ai!];
      if ((fixed && value!.length !== fixed) || (max && (value!.length < 1 || value!.length > max))) return null;
      put(out, ai!, value!, today);
    }
    return out.gtin || out.lot || out.serial ? out : null;
  }
  const prefixed = text.startsWith(']C1') || text.startsWith(FNC1);
  let rest = text.startsWith(']C1') ? text.slice(3) : prefixed ? text.slice(1) : text;
  // Without a symbology prefix only a code starting with a GTIN (AI 01) counts: a SKU of digits must not.
  if (!prefixed && !/^01\d{14}/.test(rest)) return null;
  while (rest.length > 0) {
    const ai = rest.slice(0, 2);
    const fixed = FIXED[ai];
    const max = VARIABLE[ai];
    if (fixed) {
      const value = rest.slice(2, 2 + fixed);
      if (value.length !== fixed || !/^\d+$/.test(value)) return null;
      put(out, ai, value, today);
      rest = rest.slice(2 + fixed);
      if (rest.startsWith(FNC1)) rest = rest.slice(1);
    } else if (max) {
      const end = rest.indexOf(FNC1);
      const value = end < 0 ? rest.slice(2) : rest.slice(2, end);
      if (value.length < 1 || value.length > max) return null;
      put(out, ai, value, today);
      rest = end < 0 ? '' : rest.slice(end + 1);
    } else break;
  }
  return out.gtin ? out : null;
}

/** A GTIN (8, 12, 13 or 14 digits) as the 14 digits AI 01 carries. */
export const gtin14 = (code: string) => code.padStart(14, '0');

/**
 * The printed element string of a lot label, as bwip-js's `gs1-128` encoder takes it: `(01)…(17)…(10)…`
 * (the variable-length lot last, so it needs no FNC1 separator). The date as YYMMDD.
 */
export function gs1LotText(input: { gtin: string; lot: string; bestBefore?: string | null }) {
  const date = input.bestBefore
    ? `(17)${input.bestBefore.slice(2, 4)}${input.bestBefore.slice(5, 7)}${input.bestBefore.slice(8, 10)}`
    : '';
  return `(01)${gtin14(input.gtin)}${date}(10)${input.lot}`;
}
