import { Alert, Page } from '@lager/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ORDER_ERRORS, type Order, useDraftPurchaseOrdersFromReorderMutation } from '../../api/purchasing-api';
import { NS } from '../../i18n';
import { purchasingError } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { usePurchasingPermissions } from '../../lib/permissions';
import { PurchasingNav } from '../Nav';

/**
 * /purchasing/from-reorder[?articles=1,2]: drafts from the reorder list, one per preferred supplier.
 * The stock section's reorder page links here ("Bestellung anlegen"); drafting is a click, not the visit.
 */
export function FromReorderPage() {
  const { t } = useTranslation(NS);
  const format = useFormat();
  const can = usePurchasingPermissions();
  const [params] = useSearchParams();
  const ids = (params.get('articles') ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  const [draft, { isLoading }] = useDraftPurchaseOrdersFromReorderMutation();
  const [result, setResult] = useState<{ orders: Order[]; skipped: { article_id: number; reason: string }[] } | null>(
    null,
  );
  const [failure, setFailure] = useState<string | null>(null);

  const run = async () => {
    setFailure(null);
    try {
      setResult(await draft(ids.length ? { article_ids: ids } : {}).unwrap());
    } catch (error) {
      const { key, values } = purchasingError(error, ORDER_ERRORS);
      setFailure(t(key, values));
    }
  };

  return (
    <Page title={t('fromReorder.title')}>
      <PurchasingNav />
      <p>{ids.length ? t('fromReorder.introSome', { count: ids.length }) : t('fromReorder.intro')}</p>
      {!can.orders && !can.isLoading && <Alert kind="info">{t('errors.forbidden')}</Alert>}
      {can.orders && !result && (
        <p className="actions">
          <button type="button" onClick={() => void run()} disabled={isLoading} aria-busy={isLoading}>
            {t('fromReorder.create')}
          </button>
        </p>
      )}
      {failure && <Alert kind="error">{failure}</Alert>}
      {result && (
        <>
          <Alert kind={result.orders.length ? 'success' : 'info'}>
            {t('fromReorder.made', { count: result.orders.length })}
          </Alert>
          {result.orders.length > 0 && (
            <ul className="purchasing-big-list">
              {result.orders.map((order) => (
                <li key={order.id}>
                  <Link className="purchasing-big" to={`/purchasing/orders/${order.id}`}>
                    <strong>{order.number}</strong>{' '}
                    <span>
                      {order.supplier_name} · {t('fromReorder.lines', { count: order.lines.length })} ·{' '}
                      {format.money(order.total, order.currency)}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {result.skipped.length > 0 && (
            <p>
              {t('fromReorder.skipped', {
                noSupplier: result.skipped.filter((s) => s.reason === 'no_supplier').length,
                notLow: result.skipped.filter((s) => s.reason === 'not_low').length,
              })}{' '}
              {result.skipped
                .filter((s) => s.reason === 'no_supplier')
                .map((s) => (
                  <Link
                    key={s.article_id}
                    to={`/purchasing/articles/${s.article_id}`}
                    className="purchasing-inline-link"
                  >
                    {t('fromReorder.setPrice', { id: s.article_id })}
                  </Link>
                ))}
            </p>
          )}
        </>
      )}
    </Page>
  );
}
