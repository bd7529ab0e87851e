import { Alert, EmptyState, Page, SelectField, Skeleton, usePermissions } from '@lager/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { type ListStockReorderApiArg, useListStockReorderQuery } from '../../api/generated';
import { NS } from '../../i18n';
import { useCsvDownload } from '../../lib/csv-download';
import { useFormat } from '../../lib/format';
import { StockNav } from '../nav';
import './i18n';

type Sort = NonNullable<ListStockReorderApiArg['sort']>;
type Order = NonNullable<ListStockReorderApiArg['order']>;

const COLUMNS: { sort?: Sort; label: string; number?: boolean }[] = [
  { sort: 'sku', label: 'reorder.sku' },
  { sort: 'name', label: 'reorder.article' },
  { sort: 'quantity', label: 'reorder.quantity', number: true },
  { label: 'reorder.minStock', number: true },
  { label: 'reorder.maxStock', number: true },
  { label: 'reorder.onOrder', number: true },
  { sort: 'suggested', label: 'reorder.suggested', number: true },
];

/** The phone's sort choices: each sortable column, the usual way first. */
const SORTS: [Sort, Order][] = [
  ['suggested', 'desc'],
  ['suggested', 'asc'],
  ['name', 'asc'],
  ['sku', 'asc'],
  ['quantity', 'asc'],
];

/** /stock/reorder: low articles with the suggested order quantity, sorted on the server, as CSV too. */
export function ReorderPage() {
  const { t } = useTranslation(NS);
  const format = useFormat();
  const [sort, setSort] = useState<{ sort: Sort; order: Order }>({ sort: 'suggested', order: 'desc' });
  const { data, isLoading, isError, refetch, isFetching } = useListStockReorderQuery(sort, {
    refetchOnMountOrArgChange: true,
  });
  const csv = useCsvDownload('api/stock/reorder.csv', 'reorder.csv');
  const { permissions } = usePermissions();
  // Orders are the purchasing section's: a link to its route, no import between sections.
  const canOrder = permissions.includes('view_purchasing') && permissions.includes('manage_purchase_orders');

  const sortBy = (column: Sort) =>
    setSort((current) =>
      current.sort === column
        ? { sort: column, order: current.order === 'asc' ? 'desc' : 'asc' }
        : { sort: column, order: column === 'suggested' ? 'desc' : 'asc' },
    );

  const articles = data?.articles ?? [];
  return (
    <Page title={t('reorder.title')}>
      <StockNav />
      <p>{t('reorder.intro')}</p>
      {isLoading && <Skeleton rows={4} />}
      {isError && (
        <Alert kind="error">
          {t('reorder.loadFailed')}{' '}
          <button type="button" className="link" onClick={() => void refetch()} disabled={isFetching}>
            {t('reorder.retry')}
          </button>
        </Alert>
      )}
      {data && articles.length === 0 && <EmptyState>{t('reorder.empty')}</EmptyState>}
      {articles.length > 0 && (
        <>
          <p className="actions">
            <button
              type="button"
              className="secondary"
              onClick={() => void csv.download(sort)}
              disabled={csv.busy}
              aria-busy={csv.busy}
            >
              {t('reorder.export')}
            </button>
            {canOrder && (
              <Link className="button" to="/purchasing/from-reorder">
                {t('reorder.createOrders')}
              </Link>
            )}
          </p>
          {csv.failed && <Alert kind="error">{t('reorder.exportFailed')}</Alert>}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1). */}
          <section className="stock-scroll stock-reorder-wide" tabIndex={0} aria-label={t('reorder.title')}>
            <table className="stock-table stock-reorder-table" aria-busy={isFetching}>
              <caption className="visually-hidden">{t('reorder.title')}</caption>
              <thead>
                <tr>
                  {COLUMNS.map((column) => {
                    const label = t(column.label);
                    const active = column.sort && sort.sort === column.sort;
                    return (
                      <th
                        key={column.label}
                        scope="col"
                        className={column.number ? 'number' : undefined}
                        aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined}
                      >
                        {column.sort ? (
                          <button
                            type="button"
                            className="link"
                            onClick={() => sortBy(column.sort!)}
                            aria-label={t('reorder.sortBy', { column: label })}
                          >
                            {label}
                            {active && <span aria-hidden="true">{sort.order === 'asc' ? ' ▲' : ' ▼'}</span>}
                          </button>
                        ) : (
                          label
                        )}
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {articles.map((a) => (
                  <tr key={a.id}>
                    <td className="stock-reorder-sku">{a.sku}</td>
                    <td className="stock-reorder-name">
                      <Link to={`/stock/articles/${a.id}`}>{a.name}</Link>
                    </td>
                    <td className="number tabular">{format.quantity(a.quantity, a.unit)}</td>
                    <td className="number tabular">{format.quantity(a.min_stock, a.unit)}</td>
                    <td className="number tabular">
                      {a.max_stock === null ? t('reorder.none') : format.quantity(a.max_stock, a.unit)}
                    </td>
                    <td className="number tabular">{format.quantity(a.on_order, a.unit)}</td>
                    <td className="number tabular">
                      <strong>{format.quantity(a.suggested, a.unit)}</strong>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          {/* Phones: one card per article, the suggestion beside its name (the table is for wider screens). */}
          <div className="stock-reorder-narrow">
            <SelectField
              label={t('reorder.sortLabel')}
              value={`${sort.sort}:${sort.order}`}
              options={SORTS.map(([column, order]) => ({
                value: `${column}:${order}`,
                label: t(`reorder.sorts.${column}_${order}`),
              }))}
              onChange={(e) => {
                const [column, order] = e.target.value.split(':') as [Sort, Order];
                if (column && order) setSort({ sort: column, order });
              }}
            />
            <ul className="stock-reorder-cards" aria-label={t('reorder.title')} aria-busy={isFetching}>
              {articles.map((a) => (
                <li key={a.id}>
                  <p className="stock-reorder-card-head">
                    <Link to={`/stock/articles/${a.id}`}>{a.name}</Link>
                    <span className="stock-reorder-card-sku">{a.sku}</span>
                  </p>
                  <p className="stock-reorder-card-suggested">
                    {t('reorder.suggested')}: <strong>{format.quantity(a.suggested, a.unit)}</strong>
                  </p>
                  <p className="stock-reorder-card-facts">
                    {t('reorder.quantity')} {format.quantity(a.quantity, a.unit)} · {t('reorder.minStock')}{' '}
                    {format.quantity(a.min_stock, a.unit)}
                    {Number(a.on_order) > 0 && (
                      <>
                        {' · '}
                        {t('reorder.onOrder')} {format.quantity(a.on_order, a.unit)}
                      </>
                    )}
                    {a.max_stock !== null && (
                      <>
                        {' · '}
                        {t('reorder.maxStock')} {format.quantity(a.max_stock, a.unit)}
                      </>
                    )}
                  </p>
                </li>
              ))}
            </ul>
          </div>
        </>
      )}
    </Page>
  );
}
