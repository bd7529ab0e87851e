import { FormFeedback, SelectField, TextField, useFormSubmit } from '@lager/shared';
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
      return idempotent(body, (key) => relocate({ 'idempotency-key': key, body }).unwrap());
    },
    errors: RELOCATION_ERRORS,
    success: (result) => ({
      key: 'locations.relocated',
      values: { quantity: format.quantity(result.in.delta, result.in.unit), to: result.in.location_code },
    }),
    again: true,
  });
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
      </div>
    </form>
  );
}
