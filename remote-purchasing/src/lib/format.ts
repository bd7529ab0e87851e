import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';

/**
 * Money, quantities and dates in the reader's language. Amounts arrive as decimal strings and go
 * to Intl as strings (no float on the way: "0.0345" stays 0,0345 €).
 */
export function useFormat() {
  const { t, i18n } = useTranslation(NS);
  const locale = i18n.language === 'en' ? 'en-GB' : 'de-DE';
  return useMemo(() => {
    const money = new Map<string, Intl.NumberFormat>();
    const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
    return {
      money(amount: string, currency = 'EUR') {
        let format = money.get(currency);
        if (!format) {
          format = new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 4 });
          money.set(currency, format);
        }
        return format.format(amount as unknown as number);
      },
      quantity(value: number, unit: string) {
        return `${number.format(value)} ${t(`units.${unit}`, { defaultValue: unit })}`;
      },
      number: (value: number) => number.format(value),
      /** A calendar date (YYYY-MM-DD) or an instant, as the day. */
      date(value: string) {
        return date.format(new Date(value.length === 10 ? `${value}T12:00:00Z` : value));
      },
    };
  }, [locale, t]);
}
