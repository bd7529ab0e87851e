import { Alert, EmptyState, Page, Skeleton, TextField, useAppDispatch } from '@lager/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { stockEndpoints, useTraceStockLotQuery } from '../../api/stock-api';
import { NS } from '../../i18n';
import { useCsvDownload } from '../../lib/csv-download';
import { useFormat } from '../../lib/format';
import { StockNav } from '../nav';
import { formatDay } from './LotFields';
import './i18n';

/**
 * /stock/trace?article_id=&lot= (or &serial=): the recall report of stock-spec-3 §2 — every movement of
 * the lot or serial, oldest first, with the purchase order and supplier it came in with; CSV too.
 */
export function TracePage() {
  const { t, i18n } = useTranslation(NS);
  const format = useFormat();
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const articleId = Number(params.get('article_id')) || 0;
  const lot = params.get('lot') ?? undefined;
  const serial = params.get('serial') ?? undefined;
  const ready = articleId > 0 && !!(lot || serial);
  const { data, isLoading, isError, isFetching, refetch } = useTraceStockLotQuery(
    { articleId, lot, serial },
    { skip: !ready, refetchOnMountOrArgChange: true },
  );
  const csv = useCsvDownload('api/stock/trace.csv', 'trace.csv');
  const [article, setArticle] = useState('');
  const [code, setCode] = useState(lot ?? serial ?? '');
  const [busy, setBusy] = useState(false);
  const [unknown, setUnknown] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !article.trim() || !code.trim()) return;
    setBusy(true);
    setUnknown(false);
    try {
      const text = article.trim();
      const { articles } = await dispatch(
        stockEndpoints.listStockArticles.initiate({ q: text, limit: 20 }, { subscribe: false, forceRefetch: true }),
      ).unwrap();
      const found =
        articles.find((a) => a.barcode === text) ?? articles.find((a) => a.sku.toLowerCase() === text.toLowerCase());
      if (!found) setUnknown(true);
      else {
        const key = found.tracking === 'serial' ? 'serial' : 'lot';
        setParams({ article_id: String(found.id), [key]: code.trim() });
      }
    } catch {
      setUnknown(true);
    } finally {
      setBusy(false);
    }
  };

  const rows = data?.movements ?? [];
  const first = rows[0];
  return (
    <Page title={t('lots.traceTitle')}>
      <StockNav />
      <p>{t('lots.traceIntro')}</p>
      <form className="form stock-quick-row" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label={t('lots.traceArticle')}
          autoComplete="off"
          value={article}
          onChange={(e) => setArticle(e.target.value)}
          error={unknown ? t('lots.traceUnknownArticle') : undefined}
        />
        <TextField
          label={t('lots.traceCode')}
          autoComplete="off"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <button type="submit" disabled={busy} aria-busy={busy}>
          {t('lots.traceSubmit')}
        </button>
      </form>
      {ready && isLoading && <Skeleton rows={4} />}
      {ready && isError && (
        <Alert kind="error">
          {t('lots.loadFailed')}{' '}
          <button type="button" className="link" onClick={() => void refetch()} disabled={isFetching}>
            {t('lots.retry')}
          </button>
        </Alert>
      )}
      {ready && data && rows.length === 0 && <EmptyState>{t('lots.traceEmpty')}</EmptyState>}
      {first && (
        <>
          <h2>
            {t('lots.traceFor', { article: `${first.article_name} (${first.article_sku})`, code: lot ?? serial })}
          </h2>
          <p className="actions">
            <button
              type="button"
              className="secondary"
              onClick={() => void csv.download({ article_id: articleId, lot, serial })}
              disabled={csv.busy}
              aria-busy={csv.busy}
            >
              {t('lots.traceExport')}
            </button>
          </p>
          {csv.failed && <Alert kind="error">{t('lots.traceExportFailed')}</Alert>}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1). */}
          <section className="stock-scroll" tabIndex={0} aria-label={t('lots.traceTitle')}>
            <table className="stock-table" aria-busy={isFetching}>
              <caption className="visually-hidden">{t('lots.traceTitle')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('lots.when')}</th>
                  <th scope="col">{t('lots.kind')}</th>
                  <th scope="col" className="number">
                    {t('lots.quantity')}
                  </th>
                  <th scope="col">{t('lots.location')}</th>
                  <th scope="col">{t('lots.bestBefore')}</th>
                  <th scope="col">{t('lots.reference')}</th>
                  <th scope="col">{t('lots.order')}</th>
                  <th scope="col">{t('lots.supplier')}</th>
                  <th scope="col">{t('lots.user')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((m) => (
                  <tr key={m.id}>
                    <td>{format.dateTime(m.created_at)}</td>
                    <td>{t(`kinds.${m.kind}`)}</td>
                    <td className="number tabular">{format.delta(m.delta, m.unit)}</td>
                    <td>{m.location_code ?? '–'}</td>
                    <td>{m.best_before ? formatDay(m.best_before, i18n.language) : '–'}</td>
                    <td>{m.reference ?? ''}</td>
                    <td>
                      {m.purchase_order_id && m.purchase_order_number ? (
                        <Link to={`/purchasing/orders/${m.purchase_order_id}`}>{m.purchase_order_number}</Link>
                      ) : (
                        ''
                      )}
                    </td>
                    <td>{m.supplier_name ?? ''}</td>
                    <td>{m.user_name}</td>
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
