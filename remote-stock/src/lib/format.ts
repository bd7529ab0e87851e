import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Unit } from '../api/stock-api';
import { NS } from '../i18n';

const NUMBER_OPTIONS = {
  plain: { maximumFractionDigits: 3 },
  signed: { maximumFractionDigits: 3, signDisplay: 'exceptZero' },
} satisfies Record<string, Intl.NumberFormatOptions>;
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per locale and kind, made when first used: making an Intl formatter is slow (the first
 * DateTimeFormat ≈ 100 ms at Lighthouse's 4× CPU, inside the stock list's first render, which shows no date).
 */
function numberFormat(locale: string, kind: keyof typeof NUMBER_OPTIONS): Intl.NumberFormat {
  const key = `${locale} ${kind}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, NUMBER_OPTIONS[kind]);
    numberFormats.set(key, format);
  }
  return format;
}

function dateTimeFormat(locale: string): Intl.DateTimeFormat {
  let format = dateTimeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    dateTimeFormats.set(locale, format);
  }
  return format;
}

/** Quantities and dates in the reader's language (Intl), units with their translated short label. */
export function useFormat() {
  const { t, i18n } = useTranslation(NS);
  const locale = i18n.language === 'en' ? 'en-GB' : 'de-DE';
  return useMemo(
    () => ({
      /** "1.234,5 kg" / "1,234.5 kg" */
      quantity: (value: number, unit: Unit) => `${numberFormat(locale, 'plain').format(value)} ${t(`units.${unit}`)}`,
      /** "+5 Stk." / "−2 pcs" */
      delta: (value: number, unit: Unit) => `${numberFormat(locale, 'signed').format(value)} ${t(`units.${unit}`)}`,
      number: (value: number) => numberFormat(locale, 'plain').format(value),
      dateTime: (iso: string) => dateTimeFormat(locale).format(new Date(iso)),
    }),
    [locale, t],
  );
}

/**
 * A typed quantity as a number: German users type "2,5", English "2.5"; both are accepted
 * (a thousands separator is not: a stock quantity is typed without one). NaN when it is no number.
 */
export function parseQuantity(text: string): number {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return Number.NaN;
  return Number(trimmed);
}
