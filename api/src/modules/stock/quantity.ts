import type { Language } from '../../platform/i18n';

export const UNITS = ['pcs', 'box', 'pack', 'pallet', 'kg', 'g', 'l', 'ml', 'm', 'cm', 'm2', 'm3'] as const;
export type Unit = (typeof UNITS)[number];

/** Units counted in whole numbers; the others take up to three decimal places. */
export const WHOLE_UNITS: readonly Unit[] = ['pcs', 'box', 'pack', 'pallet'];

/** The largest amount one field may carry (fits numeric(14,3) and a JS double exactly). */
export const MAX_QUANTITY = 99_999_999_999;

/**
 * The most one article may hold, in thousandths: the same 99 999 999 999 units. Stock is a bigint
 * read as a JS number; capped at 10^14 thousandths (2^53 is ~9 × 10^15), every stock, delta and
 * their sum stays exact, so what the API reports is what the database holds. A booking that would
 * go above it is refused (409 `stock.limit_exceeded`), like one that would go below zero.
 */
export const MAX_STOCK_MILLI = MAX_QUANTITY * 1000;

/** The SI units' symbols: the same in every language. */
const SI_SYMBOLS = { kg: 'kg', g: 'g', l: 'l', ml: 'ml', m: 'm', cm: 'cm', m2: 'm²', m3: 'm³' } as const;

/** Short unit labels for messages ("3 Stk. verfügbar"); the web app has its own. */
const UNIT_LABELS: Record<Language, Record<Unit, string>> = {
  de: {
    pcs: 'Stk.',
    box: 'Kart.',
    pack: 'Pck.',
    pallet: 'Pal.',
    ...SI_SYMBOLS,
  },
  en: {
    pcs: 'pcs',
    box: 'boxes',
    pack: 'packs',
    pallet: 'pallets',
    ...SI_SYMBOLS,
  },
};

/** Unit labels as the web app's tables write them (remote-stock's `units`), for CSV files. */
const SCREEN_UNIT_LABELS: Record<Language, Record<Unit, string>> = {
  de: { ...UNIT_LABELS.de, box: 'Krt.' },
  en: { ...UNIT_LABELS.en, box: 'box', pack: 'pack', pallet: 'pallet' },
};
export const unitLabel = (lang: Language, unit: string): string => SCREEN_UNIT_LABELS[lang][unit as Unit] ?? unit;

/** Decimal from the wire → integer thousandths; null when it has more than three places. */
export function toMilli(value: number): number | null {
  const milli = Math.round(value * 1000);
  return milli / 1000 === value ? milli : null;
}

/** Integer thousandths → the decimal the API answers with. */
export const fromMilli = (milli: number): number => milli / 1000;

export const isWhole = (milli: number) => milli % 1000 === 0;

export const needsWhole = (unit: string) => (WHOLE_UNITS as readonly string[]).includes(unit);

/** "3 Stk." / "2,5 kg" in the request's language. */
export function formatQuantity(lang: Language, milli: number, unit: string): string {
  const number = new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-US', { maximumFractionDigits: 3 }).format(
    fromMilli(milli),
  );
  return `${number} ${UNIT_LABELS[lang][unit as Unit] ?? unit}`;
}
