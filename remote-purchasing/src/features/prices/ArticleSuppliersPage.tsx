import { Alert, Page, Skeleton } from '@lager/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import {
  SUPPLIER_ERRORS,
  useGetArticleSuppliersQuery,
  useGetPurchasingArticleQuery,
  useListSuppliersQuery,
  useSetArticleSuppliersMutation,
} from '../../api/purchasing-api';
import { NS } from '../../i18n';
import { purchasingError } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { usePurchasingPermissions } from '../../lib/permissions';
import { PurchasingNav } from '../Nav';

interface Row {
  supplier_id: string;
  supplier_sku: string;
  unit_price: string;
  pack_size: string;
  preferred: boolean;
}
const MONEY = /^(0|[1-9]\d{0,8})([.,]\d{1,4})?$/;

/**
 * /purchasing/articles/:id: who supplies the article at what price. The stock section's article page
 * links here (a link between routes, no import between sections); editing needs manage_suppliers.
 */
export function ArticleSuppliersPage() {
  const { t } = useTranslation(NS);
  const format = useFormat();
  const can = usePurchasingPermissions();
  const id = Number(useParams().id);
  const article = useGetPurchasingArticleQuery(id);
  const prices = useGetArticleSuppliersQuery(id, { refetchOnMountOrArgChange: true });
  const suppliers = useListSuppliersQuery(undefined, { skip: !can.suppliers });
  const [save, saving] = useSetArticleSuppliersMutation();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  useEffect(() => {
    if (prices.data && rows === null) {
      setRows(
        prices.data.map((p) => ({
          supplier_id: String(p.supplier_id),
          supplier_sku: p.supplier_sku ?? '',
          unit_price: p.unit_price,
          pack_size: String(p.pack_size),
          preferred: p.preferred,
        })),
      );
    }
  }, [prices.data, rows]);

  const name = article.data?.article.name;
  const title = name ? t('prices.titleOf', { name }) : t('prices.title');
  const unit = article.data?.article.unit ?? 'pcs';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!rows) return;
    setMessage(null);
    if (rows.some((r) => !r.supplier_id || !MONEY.test(r.unit_price.trim()))) {
      setMessage({ kind: 'error', text: t('prices.invalid') });
      return;
    }
    const body = rows.map((r) => ({
      supplier_id: Number(r.supplier_id),
      supplier_sku: r.supplier_sku.trim() || null,
      unit_price: r.unit_price.trim().replace(',', '.'),
      pack_size: Math.max(1, Number(r.pack_size) || 1),
      preferred: r.preferred,
    }));
    try {
      await save({ id, body }).unwrap();
      setMessage({ kind: 'success', text: t('prices.saved') });
    } catch (error) {
      const { key, values } = purchasingError(error, { ...SUPPLIER_ERRORS, fallback: 'prices.invalid' });
      setMessage({ kind: 'error', text: t(key, values) });
    }
  };
  const change = (i: number, patch: Partial<Row>) =>
    setRows((current) =>
      (current ?? []).map((row, j) =>
        j === i ? { ...row, ...patch } : patch.preferred ? { ...row, preferred: false } : row,
      ),
    );

  return (
    <Page title={title}>
      <PurchasingNav />
      <p>
        <Link to={`/stock/articles/${id}`}>{t('prices.toArticle')}</Link>
        {article.data && (
          <>
            {' · '}
            {t('prices.onOrder', { quantity: format.quantity(article.data.article.on_order, unit) })}
          </>
        )}
      </p>
      {prices.isLoading && <Skeleton rows={3} />}
      {prices.isError && (
        <Alert kind="error">
          {t('prices.loadFailed')}{' '}
          <button type="button" className="link" onClick={() => void prices.refetch()}>
            {t('retry')}
          </button>
        </Alert>
      )}
      {prices.data &&
        !can.suppliers &&
        (prices.data.length === 0 ? (
          <p>{t('prices.empty')}</p>
        ) : (
          <ul className="purchasing-cards">
            {prices.data.map((p) => (
              <li key={p.supplier_id} className="purchasing-card">
                <h2>
                  {p.supplier_name} {p.preferred && <small>({t('prices.preferred')})</small>}
                </h2>
                <p>
                  {format.money(p.unit_price)} · {t('prices.packOf', { count: p.pack_size })}
                  {p.supplier_sku && ` · ${p.supplier_sku}`}
                </p>
              </li>
            ))}
          </ul>
        ))}
      {rows && can.suppliers && (
        <form className="purchasing-form" onSubmit={(e) => void submit(e)} aria-label={title}>
          {rows.length === 0 && <p>{t('prices.empty')}</p>}
          {rows.map((row, i) => (
            <fieldset key={i} className="purchasing-price-row">
              <legend>{t('prices.row', { n: i + 1 })}</legend>
              <div className="field">
                <label htmlFor={`price-${i}-supplier`}>{t('prices.supplier')}</label>
                <select
                  id={`price-${i}-supplier`}
                  value={row.supplier_id}
                  onChange={(e) => change(i, { supplier_id: e.target.value })}
                >
                  <option value="">{t('prices.choose')}</option>
                  {(suppliers.data?.suppliers ?? []).map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor={`price-${i}-price`}>{t('prices.unitPrice')}</label>
                <input
                  id={`price-${i}-price`}
                  inputMode="decimal"
                  value={row.unit_price}
                  onChange={(e) => change(i, { unit_price: e.target.value })}
                />
              </div>
              <div className="field">
                <label htmlFor={`price-${i}-pack`}>{t('prices.packSize')}</label>
                <input
                  id={`price-${i}-pack`}
                  type="number"
                  min={1}
                  value={row.pack_size}
                  onChange={(e) => change(i, { pack_size: e.target.value })}
                />
              </div>
              <div className="field">
                <label htmlFor={`price-${i}-sku`}>{t('prices.supplierSku')}</label>
                <input
                  id={`price-${i}-sku`}
                  maxLength={64}
                  value={row.supplier_sku}
                  onChange={(e) => change(i, { supplier_sku: e.target.value })}
                />
              </div>
              <label className="purchasing-check">
                <input
                  type="checkbox"
                  checked={row.preferred}
                  onChange={(e) => change(i, { preferred: e.target.checked })}
                />
                {t('prices.preferred')}
              </label>
              <button
                type="button"
                className="secondary"
                onClick={() => setRows((current) => (current ?? []).filter((_, j) => j !== i))}
              >
                {t('prices.remove')}
              </button>
            </fieldset>
          ))}
          {message && <Alert kind={message.kind}>{message.text}</Alert>}
          <p className="actions">
            <button
              type="button"
              className="secondary"
              onClick={() =>
                setRows((current) => [
                  ...(current ?? []),
                  { supplier_id: '', supplier_sku: '', unit_price: '', pack_size: '1', preferred: false },
                ])
              }
            >
              {t('prices.add')}
            </button>
            <button type="submit" disabled={saving.isLoading} aria-busy={saving.isLoading}>
              {t('prices.save')}
            </button>
          </p>
        </form>
      )}
    </Page>
  );
}
