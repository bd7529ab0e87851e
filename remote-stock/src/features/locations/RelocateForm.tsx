import { errorMessage, FormFeedback, SelectField, TextField, useFormSubmit } from '@lager/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseQuantity, useFormat } from '../../lib/format';
import { useIdempotentSubmit } from '../../lib/idempotency';
import { RELOCATION_ERRORS, type RelocateStockResult, useRelocateStockMutation } from './api';
import { NS } from './i18n';
import { LocationSelect } from './LocationSelect';

interface RelocateValues extends Record<string, unknown> {
  article: string;
  from: string;
  to: string;
  quantity: string;
}

/**
 * The relocation that moves `moved` back (#39 "relocations can be undone"). The reversal API refuses
 * relocation rows (409 movement.not_reversible: a storno of one half would leave the other), so the
 * undo is the opposite relocation through the same API: the same quantity (and lot or serials) from
 * where it went back to where it came from, two new journal rows. Goods moved out of several lots at
 * once cannot go back in one relocation: then null, and the form says why.
 */
export function undoBody(moved: RelocateStockResult) {
  const back = (moved.movements ?? []).filter((row) => row.delta > 0);
  const lots = [...new Set(back.flatMap((row) => (row.lot ? [row.lot] : [])))];
  const serials = back.flatMap((row) => (row.serial ? [row.serial] : []));
  if (lots.length > 1 || moved.in.location_id === null || moved.out.location_id === null) return null;
  return {
    article_id: moved.in.article_id,
    from_location_id: moved.in.location_id,
    to_location_id: moved.out.location_id,
    quantity: moved.in.delta,
    ...(serials.length ? { serials } : lots.length ? { lot: lots[0] } : {}),
  };
}

/**
 * Moves a quantity of one article from one location to another (POST api/stock/relocations, one
 * Idempotency-Key per submission). Either the article or the source location is fixed by the page.
 */
export function RelocateForm({
  articles,
  from,
  article,
  sources,
}: {
  /** The articles to choose from (the location page: what lies there). */
  articles?: { id: number; label: string }[];
  /** The fixed source location (the location page). */
  from?: number;
  /** The fixed article (the article page). */
  article?: number;
  /** The places the fixed article lies at, with its quantity there: the only sources offered. */
  sources?: { value: string; label: string }[];
}) {
  const { t } = useTranslation(NS);
  const format = useFormat();
  const [relocate] = useRelocateStockMutation();
  const idempotent = useIdempotentSubmit();
  // The last relocation, offered to be undone until it is (or another one is booked).
  const [moved, setMoved] = useState<RelocateStockResult | null>(null);
  const [undoRelocation, undoing] = useRelocateStockMutation();
  const undoIdempotent = useIdempotentSubmit();
  const [undone, setUndone] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const form = useFormSubmit<RelocateValues, RelocateStockResult>({
    ns: NS,
    initial: { article: article ? String(article) : '', from: from ? String(from) : '', to: '', quantity: '' },
    validate: (v) => {
      if (!v.article) return { key: 'locations.chooseArticle', field: 'article' };
      if (!v.from) return { key: 'locations.chooseLocation', field: 'from' };
      if (!v.to) return { key: 'locations.chooseLocation', field: 'to' };
      const quantity = parseQuantity(v.quantity);
      if (Number.isNaN(quantity) || quantity <= 0) return { key: 'errors.quantityInvalid', field: 'quantity' };
      return undefined;
    },
    send: (v) => {
      const body = {
        article_id: Number(v.article),
        from_location_id: Number(v.from),
        to_location_id: Number(v.to),
        quantity: parseQuantity(v.quantity),
      };
      setMoved(null);
      setUndone(null);
      return idempotent(body, (key) => relocate({ 'idempotency-key': key, body }).unwrap()).then((result) => {
        setMoved(result);
        return result;
      });
    },
    errors: RELOCATION_ERRORS,
    success: (result) => ({
      key: 'locations.relocated',
      values: { quantity: format.quantity(result.in.delta, result.in.unit), to: result.in.location_code },
    }),
    again: true,
  });
  const undo = async (last: RelocateStockResult) => {
    const body = undoBody(last);
    if (!body) return;
    setUndone(null);
    try {
      const back = await undoIdempotent(body, (key) => undoRelocation({ 'idempotency-key': key, body }).unwrap());
      setMoved(null);
      const values = { quantity: format.quantity(back.in.delta, back.in.unit), to: back.in.location_code };
      setUndone({ kind: 'success', text: t('locations.undone', values) });
    } catch (failure) {
      const { key, values } = errorMessage(failure, RELOCATION_ERRORS);
      setUndone({ kind: 'error', text: t(key, values) });
    }
  };
  return (
    <form onSubmit={form.onSubmit} noValidate className="form stock-relocate" aria-labelledby="relocate-title">
      <h2 id="relocate-title">{t('locations.relocateTitle')}</h2>
      <fieldset disabled={form.busy}>
        {articles && (
          <SelectField
            label={t('locations.relocateArticle')}
            placeholder={t('locations.chooseArticle')}
            options={articles.map((a) => ({ value: String(a.id), label: a.label }))}
            {...form.field('article')}
          />
        )}
        {from === undefined && sources && (
          <SelectField
            label={t('locations.relocateFrom')}
            placeholder={t('locations.chooseLocation')}
            options={sources}
            {...form.field('from')}
          />
        )}
        {from === undefined && !sources && (
          <LocationSelect
            label={t('locations.relocateFrom')}
            placeholder={t('locations.chooseLocation')}
            value={form.values.from}
            error={form.fieldErrors.from}
            onChange={(value) => form.setField('from', value)}
          />
        )}
        <LocationSelect
          exclude={form.values.from}
          label={t('locations.relocateTo')}
          placeholder={t('locations.chooseLocation')}
          value={form.values.to}
          error={form.fieldErrors.to}
          onChange={(value) => form.setField('to', value)}
        />
        <TextField
          label={t('locations.relocateQuantity')}
          inputMode="decimal"
          autoComplete="off"
          {...form.field('quantity')}
        />
      </fieldset>
      <FormFeedback feedback={form.feedback} />
      <div className="actions">
        <button type="submit" disabled={form.busy} aria-busy={form.busy}>
          {t('locations.relocateConfirm')}
        </button>
        {moved &&
          (undoBody(moved) ? (
            <button
              type="button"
              className="secondary"
              disabled={undoing.isLoading}
              aria-busy={undoing.isLoading}
              aria-label={t('locations.undoLabel', {
                quantity: format.quantity(moved.in.delta, moved.in.unit),
                to: moved.out.location_code,
              })}
              onClick={() => void undo(moved)}
            >
              {t('locations.undo')}
            </button>
          ) : (
            <span className="field-hint">{t('locations.undoSeveralLots')}</span>
          ))}
      </div>
      {undone && (
        <p role={undone.kind === 'error' ? 'alert' : 'status'} className={undone.kind === 'error' ? 'field-error' : ''}>
          {undone.text}
        </p>
      )}
    </form>
  );
}
