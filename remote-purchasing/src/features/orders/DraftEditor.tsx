import { Alert } from '@lager/shared';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DRAFT_ERRORS,
  type Order,
  useSearchPurchasingArticlesQuery,
  useUpdatePurchaseOrderMutation,
} from '../../api/purchasing-api';
import { NS } from '../../i18n';
import { purchasingError } from '../../lib/errors';

interface Row {
  article_id: number;
  label: string;
  quantity: string;
  unit_price: string;
}
const MONEY = /^(0|[1-9]\d{0,8})([.,]\d{1,4})?$/;

/** Find an article of the warehouse (the stock API's search) and add it as a line. */
function AddArticle({ onAdd }: { onAdd: (article: { id: number; sku: string; name: string }) => void }) {
  const { t } = useTranslation(NS);
  const id = useId();
  const [q, setQ] = useState('');
  const term = q.trim();
  const { data, isFetching, isError } = useSearchPurchasingArticlesQuery(term, { skip: term.length < 2 });
  return (
    <div className="purchasing-add">
      <label htmlFor={`${id}-q`}>{t('draft.search')}</label>
      <input id={`${id}-q`} value={q} onChange={(e) => setQ(e.target.value)} autoComplete="off" />
      {isError && <Alert kind="error">{t('draft.searchFailed')}</Alert>}
      {term.length >= 2 && data && (
        <ul className="purchasing-results" aria-busy={isFetching}>
          {data.articles.length === 0 && <li>{t('draft.noMatch')}</li>}
          {data.articles.map((a) => (
            <li key={a.id}>
              <button
                type="button"
                className="link"
                onClick={() => {
                  onAdd(a);
                  setQ('');
                }}
              >
                {t('draft.add', { article: `${a.sku} · ${a.name}` })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A draft's delivery date, note and lines, saved as a whole (PUT); the server checks every line. */
export function DraftEditor({ order, onSaved }: { order: Order; onSaved: (text: string) => void }) {
  const { t } = useTranslation(NS);
  const id = useId();
  const [save, { isLoading }] = useUpdatePurchaseOrderMutation();
  const [expected, setExpected] = useState(order.expected_at ?? '');
  const [note, setNote] = useState(order.note ?? '');
  const [rows, setRows] = useState<Row[]>(
    order.lines.map((l) => ({
      article_id: l.article_id,
      label: `${l.article_sku} · ${l.article_name}`,
      quantity: String(l.quantity),
      unit_price: l.unit_price,
    })),
  );
  const [failure, setFailure] = useState<string | null>(null);
  const change = (i: number, patch: Partial<Row>) =>
    setRows((all) => all.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const bad = rows.some(
      (r) =>
        !(Number(r.quantity.replace(',', '.')) > 0) || (r.unit_price.trim() !== '' && !MONEY.test(r.unit_price.trim())),
    );
    if (bad) {
      setFailure(t('errors.draftInvalid'));
      return;
    }
    try {
      await save({
        id: order.id,
        body: {
          supplier_id: order.supplier_id,
          expected_at: expected || null,
          note: note.trim() || null,
          lines: rows.map((r) => ({
            article_id: r.article_id,
            quantity: Number(r.quantity.replace(',', '.')),
            ...(r.unit_price.trim() ? { unit_price: r.unit_price.trim().replace(',', '.') } : {}),
          })),
        },
      }).unwrap();
      onSaved(t('draft.saved'));
    } catch (error) {
      const { key, values } = purchasingError(error, DRAFT_ERRORS);
      setFailure(t(key, values));
    }
  };

  return (
    <form className="purchasing-form purchasing-draft" onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('draft.title')}</h2>
      <div className="field">
        <label htmlFor={`${id}-expected`}>{t('orders.expected')}</label>
        <input id={`${id}-expected`} type="date" value={expected} onChange={(e) => setExpected(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-note`}>{t('order.note')}</label>
        <textarea id={`${id}-note`} rows={2} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      {rows.length === 0 && <p>{t('draft.noLines')}</p>}
      {rows.map((row, i) => (
        <fieldset key={`${row.article_id}-${i}`} className="purchasing-price-row">
          <legend>{row.label}</legend>
          <div className="field">
            <label htmlFor={`${id}-q-${i}`}>{t('order.quantity')}</label>
            <input
              id={`${id}-q-${i}`}
              inputMode="decimal"
              value={row.quantity}
              onChange={(e) => change(i, { quantity: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-p-${i}`}>{t('draft.unitPrice')}</label>
            <input
              id={`${id}-p-${i}`}
              inputMode="decimal"
              value={row.unit_price}
              placeholder={t('draft.supplierPrice')}
              onChange={(e) => change(i, { unit_price: e.target.value })}
            />
          </div>
          <button type="button" className="secondary" onClick={() => setRows((all) => all.filter((_, j) => j !== i))}>
            {t('prices.remove')}
            <span className="visually-hidden"> {row.label}</span>
          </button>
        </fieldset>
      ))}
      <AddArticle
        onAdd={(a) =>
          setRows((all) => [...all, { article_id: a.id, label: `${a.sku} · ${a.name}`, quantity: '1', unit_price: '' }])
        }
      />
      {failure && <Alert kind="error">{failure}</Alert>}
      <p className="actions">
        <button type="submit" disabled={isLoading} aria-busy={isLoading}>
          {t('draft.save')}
        </button>
      </p>
    </form>
  );
}
