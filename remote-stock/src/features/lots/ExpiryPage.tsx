import { Alert, EmptyState, Page, Skeleton } from '@lager/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useListStockLotsQuery } from '../../api/stock-api';
import { NS } from '../../i18n';
import { useFormat } from '../../lib/format';
import { StockNav } from '../nav';
import { formatDay } from './LotFields';
import './i18n';

const WINDOWS = [0, 30, 60, 90] as const;
type Window = (typeof WINDOWS)[number];

/** Today plus `days` as an ISO date (UTC, as the server compares dates). */
const dayIn = (days: number, now = new Date()) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days)).toISOString().slice(0, 10);

/**
 * /stock/expiry (stock-spec-3 §2): lots in stock that are expired or expire within 30/60/90 days, earliest
 * first, with their stock per location and a link to each lot's trace.
 */
export function ExpiryPage() {
  const { t, i18n } = useTranslation(NS);
  const format = useFormat();
  const [days, setDays] = useState<Window>(30);
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const today = dayIn(0);
  const { data, isLoading, isError, refetch, isFetching } = useListStockLotsQuery(
    { expiresBefore: dayIn(days + (days === 0 ? 0 : 1)), limit: 100, cursor },
    { refetchOnMountOrArgChange: true },
  );
  const lots = data?.lots ?? [];
  const choose = (value: Window) => {
    setDays(value);
    setCursor(undefined);
  };
  return (
    <Page title={t('lots.expiryTitle')}>
      <StockNav />
      <p>{t('lots.expiryIntro')}</p>
      <fieldset className="stock-direction">
        <legend>{t('lots.window')}</legend>
        {WINDOWS.map((value) => (
          <button
            key={value}
            type="button"
            className={days === value ? undefined : 'secondary'}
            aria-pressed={days === value}
            onClick={() => choose(value)}
          >
            {value === 0 ? t('lots.expired') : t('lots.within', { days: value })}
          </button>
        ))}
      </fieldset>
      {isLoading && <Skeleton rows={4} />}
      {isError && (
        <Alert kind="error">
          {t('lots.loadFailed')}{' '}
          <button type="button" className="link" onClick={() => void refetch()} disabled={isFetching}>
            {t('lots.retry')}
          </button>
        </Alert>
      )}
      {data && lots.length === 0 && <EmptyState>{t('lots.empty')}</EmptyState>}
      {lots.length > 0 && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1).
        <section className="stock-scroll" tabIndex={0} aria-label={t('lots.expiryTitle')}>
          <table className="stock-table" aria-busy={isFetching}>
            <caption className="visually-hidden">{t('lots.expiryTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('lots.bestBefore')}</th>
                <th scope="col">{t('lots.status')}</th>
                <th scope="col">{t('lots.article')}</th>
                <th scope="col">{t('lots.lot')}</th>
                <th scope="col" className="number">
                  {t('lots.quantity')}
                </th>
                <th scope="col">{t('lots.locations')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('lots.trace')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {lots.map((lot) => {
                const unit = lot.unit as Parameters<typeof format.quantity>[1];
                const expired = !!lot.best_before && lot.best_before < today;
                return (
                  <tr key={`${lot.article_id}-${lot.lot}`}>
                    <td>{lot.best_before ? formatDay(lot.best_before, i18n.language) : '–'}</td>
                    <td>
                      <span className={expired ? 'badge badge-danger' : 'badge'}>
                        {expired ? t('lots.statusExpired') : t('lots.statusSoon')}
                      </span>
                    </td>
                    <td>
                      <Link to={`/stock/articles/${lot.article_id}`}>{lot.article_name}</Link> ({lot.article_sku})
                    </td>
                    <td>{lot.lot}</td>
                    <td className="number tabular">{format.quantity(lot.quantity, unit)}</td>
                    <td>
                      {lot.locations
                        .map((place) => `${place.location_code}: ${format.quantity(place.quantity, unit)}`)
                        .join(', ')}
                    </td>
                    <td>
                      <Link
                        to={`/stock/trace?article_id=${lot.article_id}&lot=${encodeURIComponent(lot.lot)}`}
                        aria-label={t('lots.traceLabel', { lot: lot.lot })}
                      >
                        {t('lots.trace')}
                      </Link>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      )}
      {data?.next_cursor && (
        <p>
          <button type="button" className="secondary" onClick={() => setCursor(data.next_cursor ?? undefined)}>
            {t('lots.more')}
          </button>
        </p>
      )}
    </Page>
  );
}
