import { FormFeedback, SelectField, TextField, useAuth, useFormSubmit, useListWarehousesQuery } from '@lager/shared';
import { useTranslation } from 'react-i18next';
import {
  type Article,
  BOOKING_ERRORS,
  type TransferStockApiResponse,
  useTransferStockMutation,
} from '../../api/stock-api';
import { NS } from '../../i18n';
import { parseQuantity, useFormat } from '../../lib/format';
import { useIdempotentSubmit } from '../../lib/idempotency';
import { LIMITS_STOCK } from '../../lib/units';
import { LocationSelect } from '../locations';
import { LotFields, type LotValues, lotBody, NO_LOTS } from '../lots';

interface TransferValues extends Record<string, unknown>, LotValues {
  to: string;
  quantity: string;
  note: string;
  location: string;
}

/** Moves stock to another warehouse of the user (the article with the same SKU there). */
export function TransferForm({ article }: { article: Article }) {
  const { t } = useTranslation(NS);
  const format = useFormat();
  const { user } = useAuth();
  const warehouses = useListWarehousesQuery();
  const [transfer] = useTransferStockMutation();
  const idempotent = useIdempotentSubmit();
  const targets = (warehouses.data ?? []).filter((w) => w.id !== user?.current_warehouse_id);
  const form = useFormSubmit<TransferValues, TransferStockApiResponse>({
    ns: NS,
    initial: { to: '', quantity: '', note: '', location: '', ...NO_LOTS },
    validate: (v) => {
      if (!v.to) return 'errors.targetRequired';
      const quantity = parseQuantity(v.quantity);
      if (Number.isNaN(quantity) || quantity <= 0) return 'errors.quantityInvalid';
      return undefined;
    },
    send: (v) => {
      const body = {
        article_id: article.id,
        to_warehouse_id: Number(v.to),
        quantity: parseQuantity(v.quantity),
        note: v.note.trim() || null,
        ...(v.location && { location_id: Number(v.location) }),
        // stock-spec-3 §2: the lot or serials to move (a lot article without one: FEFO).
        ...(article.tracking !== 'none' ? lotBody({ ...v, best_before: '' }) : {}),
      };
      return idempotent(body, (key) => transfer({ 'idempotency-key': key, body }).unwrap());
    },
    errors: BOOKING_ERRORS,
    success: (result) => ({
      key: 'booking.transferred',
      values: { stock: format.quantity(result.out.quantity_after, result.out.unit) },
    }),
    again: true,
  });
  return (
    <form onSubmit={form.onSubmit} noValidate className="form stock-booking" aria-labelledby="transfer-title">
      <h2 id="transfer-title">{t('actions.transfer')}</h2>
      <fieldset disabled={form.busy}>
        <SelectField
          label={t('booking.target')}
          options={targets.map((w) => ({ value: w.id, label: w.name }))}
          {...form.field('to')}
        />
        <TextField
          label={t('booking.quantity', { unit: t(`units.${article.unit}`) })}
          inputMode="decimal"
          autoComplete="off"
          {...form.field('quantity')}
        />
        <LocationSelect value={form.values.location} onChange={(value) => form.setField('location', value)} />
        {article.tracking !== 'none' && <LotFields field={form.field} tracking={article.tracking} direction="out" />}
        <TextField label={t('booking.note')} maxLength={LIMITS_STOCK.note} {...form.field('note')} />
      </fieldset>
      {warehouses.isSuccess && targets.length === 0 && <p>{t('booking.noTargets')}</p>}
      <FormFeedback feedback={form.feedback} />
      <div className="actions">
        <button type="submit" disabled={form.busy || targets.length === 0} aria-busy={form.busy}>
          {t('booking.confirmTransfer')}
        </button>
      </div>
    </form>
  );
}
