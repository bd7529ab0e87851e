import { FormFeedback, SelectField, TextField, useFormSubmit } from '@lager/shared';
import { useTranslation } from 'react-i18next';
import {
  type Article,
  BOOKING_ERRORS,
  type BookStockMovementApiArg,
  type BookStockMovementApiResponse,
  type Reason,
  useBookStockMovementMutation,
} from '../../api/stock-api';
import { NS } from '../../i18n';
import { parseQuantity, useFormat } from '../../lib/format';
import { useIdempotentSubmit } from '../../lib/idempotency';
import { LIMITS_STOCK, REASONS } from '../../lib/units';
import { LocationSelect } from '../locations';
import { LotFields, type LotValues, lotBody, NO_LOTS } from '../lots';

export type BookingKind = 'in' | 'out' | 'correction';

interface BookingValues extends Record<string, unknown>, LotValues {
  quantity: string;
  reason: string;
  note: string;
  reference: string;
  location: string;
}

const EMPTY: BookingValues = { quantity: '', reason: '', note: '', reference: '', location: '', ...NO_LOTS };

/** Goods in, goods out or a correction (the counted stock) of one article. */
export function BookingForm({ article, kind }: { article: Article; kind: BookingKind }) {
  const { t } = useTranslation(NS);
  const format = useFormat();
  const [book] = useBookStockMovementMutation();
  const idempotent = useIdempotentSubmit();
  const form = useFormSubmit<BookingValues, BookStockMovementApiResponse>({
    ns: NS,
    initial: { ...EMPTY, reason: kind === 'in' ? 'purchase' : '' },
    validate: (v) => {
      const quantity = parseQuantity(v.quantity);
      if (Number.isNaN(quantity) || (kind !== 'correction' && quantity <= 0)) return 'errors.quantityInvalid';
      if (kind !== 'in' && !v.reason) return 'errors.reasonRequired';
      if (v.reason === 'other' && !v.note.trim()) return 'errors.noteRequired';
      return undefined;
    },
    send: (v) => {
      const body: BookStockMovementApiArg['body'] = {
        article_id: article.id,
        kind,
        quantity: parseQuantity(v.quantity),
        reason: (v.reason || null) as Reason | null,
        note: v.note.trim() || null,
        reference: kind === 'correction' ? null : v.reference.trim() || null,
        ...(v.location && { location_id: Number(v.location) }),
        // stock-spec-3 §2: a tracked article's lot, serials and best-before (none for an untracked one).
        ...(article.tracking !== 'none' ? lotBody(v) : {}),
      };
      return idempotent(body, (key) => book({ 'idempotency-key': key, body }).unwrap());
    },
    errors: BOOKING_ERRORS,
    success: (result) =>
      result.movement
        ? { key: 'booking.booked', values: { stock: format.quantity(result.article.quantity, result.article.unit) } }
        : 'booking.unchanged',
    again: true,
  });
  const id = `booking-${kind}`;
  return (
    <form onSubmit={form.onSubmit} noValidate className="form stock-booking" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t(`actions.${kind}`)}</h2>
      <fieldset disabled={form.busy}>
        <TextField
          label={
            kind === 'correction'
              ? t('booking.counted', { unit: t(`units.${article.unit}`) })
              : t('booking.quantity', { unit: t(`units.${article.unit}`) })
          }
          inputMode="decimal"
          autoComplete="off"
          {...form.field('quantity')}
        />
        <LocationSelect value={form.values.location} onChange={(value) => form.setField('location', value)} />
        {article.tracking !== 'none' && <LotFields field={form.field} tracking={article.tracking} direction={kind} />}
        <SelectField
          label={t('booking.reason')}
          options={REASONS[kind].map((reason) => ({ value: reason, label: t(`reasons.${reason}`) }))}
          {...form.field('reason')}
        />
        <TextField label={t('booking.note')} maxLength={LIMITS_STOCK.note} {...form.field('note')} />
        {kind !== 'correction' && (
          <TextField label={t('booking.reference')} maxLength={LIMITS_STOCK.reference} {...form.field('reference')} />
        )}
      </fieldset>
      <FormFeedback feedback={form.feedback} />
      <div className="actions">
        <button type="submit" disabled={form.busy} aria-busy={form.busy}>
          {t('booking.confirm')}
        </button>
      </div>
    </form>
  );
}
