import { Alert, addTranslations, http, Skeleton } from '@lager/shared';
import { Component, lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GetStockArticleLocationsApiResponse } from '../../api/generated';
import type { Article } from '../../api/stock-api';
import { NS } from '../../i18n';
import { useFormat } from '../../lib/format';
import de from './locales/de.json';
import en from './locales/en.json';
import { align, changedRows, type History, type NamedSeries, withRest } from './series';

addTranslations(NS, { de: { history: de }, en: { history: en } });

// uPlot comes with the chart's own chunk, fetched only when an article page shows the chart.
const HistoryChart = lazy(() => import('./HistoryChart'));

const RANGES = [30, 90, 365] as const;
type Range = (typeof RANGES)[number];
const DAY = 24 * 60 * 60 * 1000;

/** A chart that cannot load (offline, an old browser) leaves the table: the figures stay readable. */
class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

type Loaded = { series: NamedSeries[]; to: string };

/**
 * The article's stock over 30 days, 90 days or a year (stock-spec-2 §3): a chart with the reorder
 * level, stacked per location when the article lies in several, and the same figures as a table.
 * Read again when the article's stock changes (a booking on this page).
 */
export function StockHistory({ article }: { article: Article }) {
  const { t, i18n } = useTranslation(NS);
  const format = useFormat();
  const [range, setRange] = useState<Range>(30);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const { id, quantity } = article;

  // A new stock (a booking on this page) or a retry reads the history again.
  useEffect(() => {
    let live = true;
    const to = new Date();
    const params = { from: new Date(to.getTime() - range * DAY).toISOString(), to: to.toISOString() };
    const history = (locationId?: number) =>
      http
        .get<History>(`api/stock/articles/${id}/history`, { params: { ...params, location_id: locationId } })
        .then((r) => r.data);
    setFailed(false);
    (async () => {
      const places = await http
        .get<GetStockArticleLocationsApiResponse>(`api/stock/articles/${id}/locations`)
        .then((r) => r.data.locations)
        .catch(() => []);
      const series: NamedSeries[] =
        places.length > 1
          ? await withRest(
              await history(),
              await Promise.all(places.map(async (p) => ({ label: p.code, history: await history(p.location_id) }))),
              t('history.rest'),
            )
          : [{ label: t('history.total'), history: await history() }];
      if (live) setLoaded({ series, to: params.to });
    })().catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [id, range, quantity, attempt]);

  const aligned = useMemo(() => loaded && align(loaded.series, loaded.to), [loaded]);
  const rangeName = t(`history.ranges.${range}`);
  const names = useMemo(() => loaded?.series.map((s) => s.label) ?? [], [loaded]);
  const reorderLevel = useMemo(
    () => ({ label: t('history.reorderLevel'), value: article.min_stock }),
    [t, article.min_stock],
  );
  const number = useMemo(() => (value: number) => format.number(value), [format]);
  const time = useMemo(
    () => ({
      label: t('history.when'),
      format: (seconds: number) => format.dateTime(new Date(seconds * 1000).toISOString()),
    }),
    [t, format],
  );
  const moved = loaded?.series.some((s) => s.history.points.length > 1);
  const rows = useMemo(() => (aligned ? changedRows(aligned.ys) : []), [aligned]);

  return (
    <section className="stock-history" aria-labelledby="stock-history-title">
      <h2 id="stock-history-title">{t('history.title')}</h2>
      <fieldset className="stock-history-ranges">
        <legend className="visually-hidden">{t('history.range')}</legend>
        {RANGES.map((days) => (
          <button
            key={days}
            type="button"
            className={days === range ? undefined : 'secondary'}
            aria-pressed={days === range}
            onClick={() => setRange(days)}
          >
            {t(`history.ranges.${days}`)}
          </button>
        ))}
      </fieldset>
      {failed && (
        <Alert kind="error">
          {t('history.failed')}{' '}
          <button type="button" className="link" onClick={() => setAttempt((n) => n + 1)}>
            {t('history.retry')}
          </button>
        </Alert>
      )}
      {!loaded && !failed && <Skeleton rows={3} label={t('history.loading')} />}
      {loaded && aligned && (
        <>
          {!moved && <p>{t('history.empty', { quantity: format.quantity(aligned.ys[0]?.[0] ?? 0, article.unit) })}</p>}
          <ChartBoundary fallback={<p>{t('history.chartFailed')}</p>}>
            <Suspense fallback={<Skeleton rows={3} label={t('history.loading')} />}>
              <HistoryChart
                label={t('history.chartLabel', { range: rangeName })}
                x={aligned.x}
                ys={aligned.ys}
                names={names}
                reorderLevel={reorderLevel}
                format={number}
                locale={i18n.language === 'en' ? 'en-GB' : 'de-DE'}
                time={time}
              />
            </Suspense>
          </ChartBoundary>
          <details className="stock-history-table">
            <summary>{t('history.table')}</summary>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1). */}
            <section className="stock-scroll" tabIndex={0} aria-label={t('history.tableCaption', { range: rangeName })}>
              <table className="stock-table">
                <caption className="visually-hidden">{t('history.tableCaption', { range: rangeName })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('history.when')}</th>
                    {names.map((name) => (
                      <th key={name} scope="col" className="number">
                        {name}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={aligned.x[row]}>
                      <td>{format.dateTime(new Date(aligned.x[row]! * 1000).toISOString())}</td>
                      {aligned.ys.map((values, column) => (
                        <td key={names[column]} className="number tabular">
                          {format.quantity(values[row]!, article.unit)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          </details>
        </>
      )}
    </section>
  );
}
