/**
 * Stock value (stock-spec-3 §3): costs are exact decimal strings (`numeric(13,4)` in the database),
 * never binary floating point; arithmetic here is BigInt. The moving average itself is kept by the
 * journal trigger of migration 0020.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FieldErrors } from '../../platform/errors';

const COST = /^(0|[1-9]\d{0,8})(\.\d{1,4})?$/;

/** A cost as sent (goods-in `unit_cost`): a decimal string, at most 4 places, 0–999 999 999.9999. */
export function costField(errors: FieldErrors, field: string, value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (!COST.test(value)) errors[field] = [...(errors[field] ?? []), { key: 'stock.costInvalid', vars: { field } }];
  return value;
}

/** "0.1500" (as numeric prints it) → "0.15"; "3.0000" → "3"; null stays null. */
export function costText(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (!value.includes('.')) return value;
  const trimmed = value.replace(/0+$/, '');
  return trimmed.endsWith('.') ? trimmed.slice(0, -1) : trimmed;
}

/** Decimal string → integer ten-thousandths. */
function tenThousandths(value: string): bigint {
  const [whole = '0', fraction = ''] = value.split('.');
  return BigInt(whole) * 10_000n + BigInt(`${fraction}0000`.slice(0, 4));
}

/** Integer hundredths → "12.30" (always two places). */
export function centsText(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/**
 * quantity (thousandths) × average cost in hundredths, exact, half-up: the product is in 10⁻⁷
 * units, + 50 000 then ÷ 100 000 rounds it to cents (both are ≥ 0). Null without an average.
 */
export function valueCents(quantityMilli: number, averageCost: string | null | undefined): bigint | null {
  if (averageCost === null || averageCost === undefined) return null;
  return (BigInt(quantityMilli) * tenThousandths(averageCost) + 50_000n) / 100_000n;
}

/** `value` as the API answers it: "0.90", or null without an average. */
export function valueText(quantityMilli: number, averageCost: string | null | undefined): string | null {
  const cents = valueCents(quantityMilli, averageCost);
  return cents === null ? null : centsText(cents);
}

/** The fields only `view_stock_value` may receive, in any JSON answer (stripped by the stock plugin's hook). */
export const COST_FIELDS = ['unit_cost', 'average_cost', 'average_cost_after', 'value'] as const;

type Json = unknown;
const hidden = new Set<string>(COST_FIELDS);
function withoutCosts(value: Json): Json {
  if (Array.isArray(value)) return value.map(withoutCosts);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const out: Record<string, Json> = {};
  for (const [key, inner] of Object.entries(value)) if (!hidden.has(key)) out[key] = withoutCosts(inner);
  return out;
}

/** May this request see costs and values? (`view_stock_value` in the warehouse it acts on.) */
export const seesValue = (request: FastifyRequest) => request.access?.permissions.has('view_stock_value') ?? false;

/**
 * preSerialization hook of the stock and locations plugins: members without `view_stock_value` never
 * receive `unit_cost`, `average_cost`, `average_cost_after` or `value` in any JSON answer, however
 * it was built (stored idempotent answers included).
 */
export async function hideCosts(request: FastifyRequest, _reply: FastifyReply, payload: Json) {
  return seesValue(request) ? payload : withoutCosts(payload);
}
