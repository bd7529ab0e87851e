import { Alert, EmptyState, Page, Skeleton } from '@lager/shared';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { StockNav } from '../nav';
import { type Location, useListStockLocationsQuery } from './api';
import { NS } from './i18n';
import { LocationActions } from './LocationActions';
import { LocationForm } from './LocationForm';
import { RowMenu } from './RowMenu';
import { childrenOf } from './tree';
import { useMayManageLocations } from './use-location-permission';

/**
 * What a screen adds to each location's actions (e.g. "Etiketten drucken" for the location and
 * everything below it): given the location and the whole list.
 */
export type LocationExtra = (location: Location, locations: readonly Location[]) => ReactNode;

/**
 * /stock/locations: the warehouse's location tree with the number of articles at each, and for
 * holders of manage_locations create, edit/move and archive. The top level is open; deeper levels
 * open on demand, so a tree of 20 000 locations renders only what is shown.
 */
export function LocationsPage({ extra }: { extra?: LocationExtra }) {
  const { t } = useTranslation(NS);
  const [archived, setArchived] = useState(false);
  const { data, isLoading, isError } = useListStockLocationsQuery(archived ? '1' : undefined);
  const mayManage = useMayManageLocations();
  const locations = data?.locations ?? [];
  const children = useMemo(() => childrenOf(locations), [locations]);
  // Articles at the locations below each one (an article on two shelves counts on each).
  const below = useMemo(() => {
    const sums = new Map<number, number>();
    const sum = (id: number): number => {
      const known = sums.get(id);
      if (known !== undefined) return known;
      const total = (children.get(id) ?? []).reduce((n, child) => n + child.article_count + sum(child.id), 0);
      sums.set(id, total);
      return total;
    };
    return sum;
  }, [children]);
  // A location page that deleted its location comes back here and says so.
  const deleted = (useLocation().state as { deleted?: string } | null)?.deleted;
  const [open, setOpen] = useState<Set<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const node = (location: Location): ReactNode => {
    const under = children.get(location.id) ?? [];
    const expanded = open.has(location.id);
    return (
      <li key={location.id}>
        <div className="stock-location-row">
          {under.length > 0 ? (
            <button
              type="button"
              className="secondary stock-location-toggle"
              aria-expanded={expanded}
              aria-label={t(expanded ? 'locations.collapse' : 'locations.expand', { code: location.code })}
              onClick={() => toggle(location.id)}
            >
              {expanded ? '−' : '+'}
            </button>
          ) : (
            <span className="stock-location-toggle" aria-hidden="true" />
          )}
          <span className="stock-location-label">
            <Link to={`/stock/locations/${location.id}`} className="stock-location-code">
              {location.code}
            </Link>
            {location.name && (
              <>
                {' '}
                <span className="stock-location-name">{location.name}</span>
              </>
            )}
          </span>
          <span className="badge">
            {under.length > 0
              ? t('locations.articlesHereBelow', { here: location.article_count, below: below(location.id) })
              : t('locations.articles', { count: location.article_count })}
          </span>
          {location.archived_at && <span className="badge">{t('locations.archivedBadge')}</span>}
          {(mayManage || extra) && (
            <RowMenu label={t('locations.actionsLabel', { code: location.code })}>
              {mayManage && <LocationActions location={location} locations={locations} />}
              {extra?.(location, locations)}
            </RowMenu>
          )}
        </div>
        {expanded && under.length > 0 && <ul>{under.map(node)}</ul>}
      </li>
    );
  };

  const top = children.get(null) ?? [];
  return (
    <Page title={t('locations.title')}>
      <StockNav />
      {deleted && <Alert kind="success">{t('locations.deleted', { code: deleted })}</Alert>}
      <p>{t('locations.standardHint')}</p>
      <label className="checkbox stock-location-archived">
        <input type="checkbox" checked={archived} onChange={(e) => setArchived(e.target.checked)} />
        {t('locations.showArchived')}
      </label>
      {isError && <Alert kind="error">{t('errors.network')}</Alert>}
      {isLoading ? (
        <Skeleton label={t('locations.loading')} />
      ) : (
        <>
          {locations.length <= 1 && <EmptyState>{t('locations.empty')}</EmptyState>}
          <ul className="stock-location-tree">{top.map(node)}</ul>
        </>
      )}
      {mayManage && !isLoading && <LocationForm locations={locations} />}
    </Page>
  );
}
