import { Alert, EmptyState, Page, SelectField, Skeleton } from '@lager/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  ORDER_STATUSES,
  type OrderStatus,
  type OrderSummary,
  useListPurchaseOrdersQuery,
} from '../../api/purchasing-api';
import { NS } from '../../i18n';
import { useFormat } from '../../lib/format';
import { usePurchasingPermissions } from '../../lib/permissions';
import { PurchasingNav, StatusBadge } from '../Nav';

/** One page of orders (newest first) for the filter; `cursor` is the page's start. */
function OrderRows({
  status,
  cursor,
  last,
  onMore,
}: {
  status: OrderStatus | '';
  cursor?: string;
  last: boolean;
  onMore: (next: string) => void;
}) {
  const { t } = useTranslation(NS);
  const format = useFormat();
  const { data, isLoading, isError, refetch, isFetching } = useListPurchaseOrdersQuery(
    { status: status || undefined, cursor, limit: 50 },
    { refetchOnMountOrArgChange: true },
  );
  if (isLoading) {
    return (
      <tr>
        <td colSpan={6}>
          <Skeleton rows={3} />
        </td>
      </tr>
    );
  }
  if (isError || !data) {
    return (
      <tr>
        <td colSpan={6}>
          <Alert kind="error">
            {t('orders.loadFailed')}{' '}
            <button type="button" className="link" onClick={() => void refetch()} disabled={isFetching}>
              {t('retry')}
            </button>
          </Alert>
        </td>
      </tr>
    );
  }
  return (
    <>
      {data.orders.map((order: OrderSummary) => (
        <tr key={order.id}>
          <td>
            <Link to={`/purchasing/orders/${order.id}`}>{order.number}</Link>
          </td>
          <td>{order.supplier_name}</td>
          <td>
            <StatusBadge status={order.status} />
          </td>
          <td>{order.expected_at ? format.date(order.expected_at) : '–'}</td>
          <td className="number">{order.line_count}</td>
          <td className="number">{format.money(order.total, order.currency)}</td>
        </tr>
      ))}
      {data.next_cursor && last && (
        <tr>
          <td colSpan={6}>
            <button type="button" className="secondary" onClick={() => onMore(data.next_cursor!)}>
              {t('orders.more')}
            </button>
          </td>
        </tr>
      )}
    </>
  );
}

/** /purchasing: the orders with a status filter, newest first, cursor-paged. */
export function OrdersPage() {
  const { t } = useTranslation(NS);
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [pages, setPages] = useState<string[]>([]);
  const can = usePurchasingPermissions();
  const { data } = useListPurchaseOrdersQuery({ status: status || undefined, limit: 50 });
  const options = ORDER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }));
  return (
    <Page title={t('title')}>
      <PurchasingNav />
      {can.orders && (
        <p className="actions">
          <Link className="button" to="/purchasing/orders/new">
            {t('orders.new')}
          </Link>
        </p>
      )}
      <div className="purchasing-filters">
        <SelectField
          label={t('orders.status')}
          value={status}
          options={options}
          placeholder={t('orders.allStatuses')}
          onChange={(event) => {
            setStatus(event.target.value as OrderStatus | '');
            setPages([]);
          }}
        />
      </div>
      {data && data.orders.length === 0 ? (
        <EmptyState>{status ? t('orders.emptyFiltered') : t('orders.empty')}</EmptyState>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1).
        <section className="purchasing-scroll" tabIndex={0} aria-label={t('orders.title')}>
          <table className="purchasing-table">
            <caption className="visually-hidden">{t('orders.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('orders.number')}</th>
                <th scope="col">{t('orders.supplier')}</th>
                <th scope="col">{t('orders.status')}</th>
                <th scope="col">{t('orders.expected')}</th>
                <th scope="col" className="number">
                  {t('orders.lines')}
                </th>
                <th scope="col" className="number">
                  {t('orders.total')}
                </th>
              </tr>
            </thead>
            <tbody>
              <OrderRows status={status} last={pages.length === 0} onMore={(next) => setPages([next])} />
              {pages.map((cursor, i) => (
                <OrderRows
                  key={cursor}
                  status={status}
                  cursor={cursor}
                  last={i === pages.length - 1}
                  onMore={(next) => setPages((p) => [...p.slice(0, i + 1), next])}
                />
              ))}
            </tbody>
          </table>
        </section>
      )}
    </Page>
  );
}
