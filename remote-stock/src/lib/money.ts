/** A decimal string (costs, values: stock-spec-3 §3) as euros; Intl takes the string itself (no float on the way). */
export const money = (language: string, amount: string) =>
  new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'de-DE', {
    style: 'currency',
    currency: 'EUR',
    maximumFractionDigits: 4,
  }).format(amount as unknown as number);
