import { Alert, EmptyState, Page, Skeleton } from '@lager/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useGetStockValuationQuery } from '../../api/generated';
import { NS } from '../../i18n';
import { useCsvDownload, useDownload } from '../../lib/csv-download';
import { useFormat } from '../../lib/format';
import { money } from '../../lib/money';
import { StockNav } from '../nav';
import './i18n';

/** Today in the browser's zone as YYYY-MM-DD (the date input's format). */
const today = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

/** /stock/value (stock-spec-3 §3): what the stock was worth at the end of a day, per article or place, as CSV too. */
export function ValuePage() {
  const { t, i18n } = useTranslation(NS);
  const format = useFormat();
  const [at, setAt] = useState(today);
  const [group, setGroup] = useState<'article' | 'location'>('article');
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(at);
  const { data, isLoading, isError, refetch, isFetching } = useGetStockValuationQuery(
    { at, group },
    { skip: !valid, refetchOnMountOrArgChange: true },
  );
  const csv = useCsvDownload('api/stock/valuation.csv', 'valuation.csv');
  const pdf = useDownload('api/stock/valuation.pdf', 'valuation.pdf', 'application/pdf');
  const locale = i18n.language;
  const lines = data?.lines ?? [];

  return (
    <Page title={t('value.title')}>
      <StockNav />
      <p>{t('value.intro')}</p>
      <div className="stock-filters">
        <label>
          {t('value.date')}
          <input type="date" value={at} max={today()} onChange={(e) => setAt(e.target.value)} required />
        </label>
        <label>
          {t('value.group')}
          <select value={group} onChange={(e) => setGroup(e.target.value as 'article' | 'location')}>
            <option value="article">{t('value.byArticle')}</option>
            <option value="location">{t('value.byLocation')}</option>
          </select>
        </label>
      </div>
      {isLoading && <Skeleton rows={4} />}
      {isError && (
        <Alert kind="error">
          {t('value.loadFailed')}{' '}
          <button type="button" className="link" onClick={() => void refetch()} disabled={isFetching}>
            {t('value.retry')}
          </button>
        </Alert>
      )}
      {data && (
        <p className="stock-total" aria-live="polite">
          <strong>{t('value.total', { total: money(locale, data.total_value) })}</strong>
        </p>
      )}
      {data && lines.length === 0 && <EmptyState>{t('value.empty')}</EmptyState>}
      {lines.length > 0 && (
        <>
          <p className="actions">
            <button
              type="button"
              className="secondary"
              onClick={() => void csv.download({ at, group })}
              disabled={csv.busy}
              aria-busy={csv.busy}
            >
              {t('value.export')}
            </button>{' '}
            <button
              type="button"
              className="secondary"
              onClick={() => void pdf.download({ at, group })}
              disabled={pdf.busy}
              aria-busy={pdf.busy}
            >
              {t('value.exportPdf')}
            </button>
          </p>
          {(csv.failed || pdf.failed) && <Alert kind="error">{t('value.exportFailed')}</Alert>}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1). */}
          <section className="stock-scroll" tabIndex={0} aria-label={t('value.title')}>
            <table className="stock-table" aria-busy={isFetching}>
              <caption className="visually-hidden">{t('value.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('value.sku')}</th>
                  <th scope="col">{t('value.article')}</th>
                  {group === 'location' && <th scope="col">{t('value.location')}</th>}
                  <th scope="col" className="number">
                    {t('value.quantity')}
                  </th>
                  <th scope="col" className="number">
                    {t('value.averageCost')}
                  </th>
                  <th scope="col" className="number">
                    {t('value.value')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((l) => (
                  <tr key={`${l.article_id}-${l.location_id ?? ''}`}>
                    <td>{l.sku}</td>
                    <td>
                      <Link to={`/stock/articles/${l.article_id}`}>{l.name}</Link>
                    </td>
                    {group === 'location' && <td>{l.location_code}</td>}
                    <td className="number tabular">{format.quantity(l.quantity, l.unit)}</td>
                    <td className="number tabular">
                      {l.average_cost === null ? t('value.none') : money(locale, l.average_cost)}
                    </td>
                    <td className="number tabular">{l.value === null ? t('value.none') : money(locale, l.value)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
    </Page>
  );
}
