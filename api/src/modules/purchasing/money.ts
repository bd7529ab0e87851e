/**
 * Money (stock-spec-3.md): decimal strings with at most 4 places, 0 to 999 999 999.9999, never
 * binary floating point. Stored as `numeric(13,4)`; arithmetic here is BigInt in 1/10 000 units.
 */
import type { FieldErrors } from '../../platform/errors';

const MONEY = /^(0|[1-9]\d{0,8})(\.\d{1,4})?$/;

/** A money field as sent: adds a 422 message for `field` unless it is a decimal string in range. */
export function moneyField(errors: FieldErrors, field: string, value: string): string {
  if (!MONEY.test(value)) {
    errors[field] = [...(errors[field] ?? []), { key: 'purchasing.moneyInvalid', vars: { field } }];
  }
  return value;
}

/** "12.5000" (as numeric prints it) → "12.5"; "3.0000" → "3". */
export function moneyText(value: string): string {
  if (!value.includes('.')) return value;
  const trimmed = value.replace(/0+$/, '');
  return trimmed.endsWith('.') ? trimmed.slice(0, -1) : trimmed;
}

/** Decimal string → integer ten-thousandths. */
function toCents4(value: string): bigint {
  const [whole = '0', fraction = ''] = value.split('.');
  return BigInt(whole) * 10_000n + BigInt(`${fraction}0000`.slice(0, 4));
}

/** Integer ten-thousandths → decimal string without trailing zeros. */
export function fromCents4(value: bigint): string {
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  const whole = abs / 10_000n;
  const fraction = (abs % 10_000n).toString().padStart(4, '0').replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * quantity (thousandths) × unit price, exact, rounded half-up to 4 places: the product is in
 * 10⁻⁷ units; + 500 then ÷ 1000 rounds it to 10⁻⁴ (all values are ≥ 0).
 */
export function lineTotal(quantityMilli: number, unitPrice: string): bigint {
  return (BigInt(quantityMilli) * toCents4(unitPrice) + 500n) / 1000n;
}
