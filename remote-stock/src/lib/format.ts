import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Unit } from '../api/stock-api';
import { NS } from '../i18n';

/** Quantities and dates in the reader's language (Intl), units with their translated short label. */
export function useFormat() {
  const { t, i18n } = useTranslation(NS);
  const locale = i18n.language === 'en' ? 'en-GB' : 'de-DE';
  return useMemo(() => {
    const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
    const signed = new Intl.NumberFormat(locale, { maximumFractionDigits: 3, signDisplay: 'exceptZero' });
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    return {
      /** "1.234,5 kg" / "1,234.5 kg" */
      quantity: (value: number, unit: Unit) => `${number.format(value)} ${t(`units.${unit}`)}`,
      /** "+5 Stk." / "−2 pcs" */
      delta: (value: number, unit: Unit) => `${signed.format(value)} ${t(`units.${unit}`)}`,
      number: (value: number) => number.format(value),
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
    };
  }, [locale, t]);
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
