import { Alert, EmptyState, Page, Skeleton } from '@lager/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { Unit } from '../../api/stock-api';
import { useFormat } from '../../lib/format';
import { TableHead } from '../../lib/table';
import { StockNav } from '../nav';
import {
  type LocationStock,
  useGetStockLocationQuery,
  useListStockAtLocationQuery,
  useListStockLocationsQuery,
} from './api';
import { NS } from './i18n';
import { LocationActions } from './LocationActions';
import type { LocationExtra } from './LocationsPage';
import { RelocateForm } from './RelocateForm';
import { useMayManageLocations } from './use-location-permission';
import { useStockAt } from './use-stock-at';

const PAGE = 50;

/** One page of what lies at the location; the last page loaded offers the next. */
function StockRows({
  id,
  cursor,
  last,
  onMore,
}: {
  id: number;
  cursor?: string;
  last: boolean;
  onMore: (cursor: string) => void;
}) {
  const { t } = useTranslation(NS);
  const format = useFormat();
  const { data, isFetching } = useListStockAtLocationQuery({ id, cursor, limit: PAGE });
  return (
    <>
      {data?.items.map((item) => (
        <tr key={item.article_id}>
          <td>
            <Link to={`/stock/articles/${item.article_id}`}>{item.name}</Link>
          </td>
          <td>{item.sku}</td>
          <td className="number">{format.quantity(item.quantity, item.unit as Unit)}</td>
        </tr>
      ))}
      {last && data?.next_cursor && (
        <tr>
          <td colSpan={3}>
            <button type="button" className="secondary" disabled={isFetching} onClick={() => onMore(data.next_cursor!)}>
              {t('locations.loadMore')}
            </button>
          </td>
        </tr>
      )}
    </>
  );
}

/**
 * /stock/locations/:id: where the location lies, what lies there (cursor-paged), relocating from
 * it, counting it (the stocktake with this location), and its edit/archive/delete.
 */
export function LocationPage({ extra }: { extra?: LocationExtra }) {
  const { t } = useTranslation(NS);
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const { data, isLoading, isError } = useGetStockLocationQuery(id);
  const all = useListStockLocationsQuery('1');
  const first = useListStockAtLocationQuery({ id, limit: PAGE });
  const mayManage = useMayManageLocations();
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  // Relocating from here offers every article lying here (all pages, not just the first 50).
  const everything = useStockAt(id, first.data);
  const articles = everything.items.map((item: LocationStock) => ({
    id: item.article_id,
    label: `${item.sku} – ${item.name}`,
  }));

  if (isLoading) return <Skeleton label={t('locations.loading')} />;
  if (isError || !data) {
    return (
      <Page title={t('locations.title')}>
        <StockNav />
        <Alert kind="error">{t('locations.notFound')}</Alert>
      </Page>
    );
  }
  const { location, path } = data;
  const empty = first.data?.items.length === 0;
  return (
    <Page title={`${t('locations.location')} ${location.code}`}>
      <StockNav />
      <nav aria-label={t('locations.path')} className="stock-location-path">
        <Link to="/stock/locations">{t('locations.title')}</Link>
        {path.map((step) => (
          <span key={step.id}>
            {' / '}
            {step.id === location.id ? step.code : <Link to={`/stock/locations/${step.id}`}>{step.code}</Link>}
          </span>
        ))}
      </nav>
      {location.name && <p>{location.name}</p>}
      {location.archived_at && <span className="badge">{t('locations.archivedBadge')}</span>}
      <div className="actions">
        {!location.archived_at && <Link to={`/stock/count?location=${location.id}`}>{t('locations.countHere')}</Link>}
        {mayManage && all.data && (
          <LocationActions
            location={location}
            locations={all.data.locations}
            withDelete
            onDeleted={() => navigate('/stock/locations', { state: { deleted: location.code } })}
          />
        )}
        {all.data && extra?.(location, all.data.locations)}
      </div>
      <section aria-labelledby="location-stock-title">
        <h2 id="location-stock-title">{t('locations.stockTitle')}</h2>
        {empty ? (
          <EmptyState>{t('locations.stockEmpty')}</EmptyState>
        ) : (
          <table className="stock-table">
            <TableHead
              columns={[
                { label: t('locations.article') },
                { label: t('locations.sku') },
                { label: t('locations.quantity'), number: true },
              ]}
            />
            <tbody>
              {cursors.map((cursor, i) => (
                <StockRows
                  key={cursor ?? 'first'}
                  id={id}
                  cursor={cursor}
                  last={i === cursors.length - 1}
                  onMore={(next) => setCursors((list) => [...list, next])}
                />
              ))}
            </tbody>
          </table>
        )}
      </section>
      {!empty && !location.archived_at && <RelocateForm from={location.id} articles={articles} />}
    </Page>
  );
}
