import { Alert, EmptyState, Page, Skeleton } from '@lager/shared';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import {
  type GetTelemetrySummaryApiResponse,
  useGetReleasesQuery,
  useGetTelemetrySummaryQuery,
} from '../../api/generated';
import { NS } from '../../i18n';
import { actionLabel, count, dateTime, guardState, type HistoryLine, percent, type RemoteState } from './format';
import { LoadFailed, POLL_MS } from './LoadFailed';
import { useNow } from './use-now';

/** uPlot and the drawing code arrive only when this page shows charts (its own chunk). */
const HealthCharts = lazy(() => import('./HealthCharts'));
const DAY_MS = 24 * 60 * 60 * 1000;
type VersionHealth = GetTelemetrySummaryApiResponse['versions'][number];

/** Charts need a real layout (a ResizeObserver sizes them); without one the table alone tells the figures. */
const canDrawCharts = () => typeof ResizeObserver !== 'undefined';

/** /releases/<remote>: its state, the guard's step, each version's health with charts, top errors and the history. */
export function RemotePage() {
  const { t } = useTranslation(NS);
  const remote = useParams().remote ?? '';
  const releases = useGetReleasesQuery(undefined, { pollingInterval: POLL_MS });
  // One "since" per visit: the 24 hours before the page opened (a moving start would refetch every render).
  const [since] = useState(() => new Date(Date.now() - DAY_MS).toISOString());
  const state = releases.data?.remotes.find((r) => r.remote === remote);
  const history = releases.data?.history.filter((h) => h.remote === remote) ?? [];
  return (
    <Page title={remote} documentTitle={`${remote} – ${t('title')}`}>
      <p>
        <Link to="/releases">{t('detail.back')}</Link>
      </p>
      {releases.isLoading && <Skeleton rows={3} label={t('loading')} />}
      {releases.isError && !releases.data && (
        <LoadFailed text={t('loadFailed')} retry={releases.refetch} busy={releases.isFetching} />
      )}
      {releases.data && !state && history.length === 0 && <Alert kind="info">{t('detail.unknown')}</Alert>}
      {state && <StateCard state={state} />}
      {releases.data && (state || history.length > 0) && <Health remote={remote} since={since} />}
      {releases.data && (state || history.length > 0) && <History lines={history} />}
    </Page>
  );
}

function StateCard({ state }: { state: RemoteState }) {
  const { t, i18n } = useTranslation(NS);
  const now = useNow();
  const guard = state.canary?.guard;
  const pages = useGetTelemetrySummaryQuery(
    { remote: state.remote, since: guard?.step_started_at },
    { skip: !guard, pollingInterval: POLL_MS },
  );
  const pagesOf = (version?: string) => pages.data?.versions.find((v) => v.version === version)?.pages ?? 0;
  return (
    <section aria-labelledby="release-state">
      <h2 id="release-state">{t('detail.state')}</h2>
      <dl className="releases-facts">
        <dt>{t('overview.stable')}</dt>
        <dd>{state.stable?.version ?? t('overview.none')}</dd>
        <dt>{t('overview.canary')}</dt>
        <dd>
          {state.canary
            ? `${state.canary.version} · ${new Intl.NumberFormat(i18n.language).format(state.canary.percent)} %`
            : t('overview.noCanary')}
        </dd>
        <dt>{t('overview.guard')}</dt>
        <dd>
          {guard ? guardState(guard, now, t) : state.canary ? t('overview.unguarded') : t('overview.none')}
          {guard && pages.data && (
            <>
              <br />
              {t('guard.pages', {
                canary: count(pagesOf(state.canary?.version), i18n.language),
                stable: count(pagesOf(state.stable?.version), i18n.language),
                min: count(guard.min_pages, i18n.language),
              })}
            </>
          )}
        </dd>
      </dl>
    </section>
  );
}

function Health({ remote, since }: { remote: string; since: string }) {
  const { t } = useTranslation(NS);
  const summary = useGetTelemetrySummaryQuery({ remote, since }, { pollingInterval: POLL_MS });
  const versions = summary.data?.versions ?? [];
  return (
    <section aria-labelledby="release-health">
      <h2 id="release-health">{t('detail.health')}</h2>
      {summary.isLoading && <Skeleton rows={3} label={t('loading')} />}
      {summary.isError && !summary.data && (
        <LoadFailed text={t('healthFailed')} retry={summary.refetch} busy={summary.isFetching} />
      )}
      {summary.data && versions.length === 0 && (
        <EmptyState>
          <p>{t('detail.noFigures')}</p>
        </EmptyState>
      )}
      {versions.length > 0 && (
        <>
          <VersionTable versions={versions} />
          <h3>{t('detail.charts')}</h3>
          {canDrawCharts() && (
            <Suspense fallback={<Skeleton rows={2} label={t('detail.chartsLoading')} />}>
              <HealthCharts remote={remote} since={since} />
            </Suspense>
          )}
          <TopErrors versions={versions} />
        </>
      )}
    </section>
  );
}

function VersionTable({ versions }: { versions: VersionHealth[] }) {
  const { t, i18n } = useTranslation(NS);
  const lng = i18n.language;
  const vital = (v: VersionHealth, name: 'LCP' | 'INP' | 'CLS') => {
    const figure = v.vitals[name];
    if (!figure) return t('overview.none');
    return name === 'CLS' ? count(figure.p75, lng) : `${count(Math.round(figure.p75), lng)} ms`;
  };
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1).
    <section className="releases-scroll" tabIndex={0} aria-label={t('detail.healthCaption')}>
      <table className="releases-table">
        <caption className="visually-hidden">{t('detail.healthCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('detail.version')}</th>
            <th scope="col">{t('detail.channels')}</th>
            <th scope="col" className="number">
              {t('detail.pages')}
            </th>
            <th scope="col" className="number">
              {t('detail.errorRate')}
            </th>
            <th scope="col">{t('detail.errorTypes')}</th>
            <th scope="col" className="number">
              LCP
            </th>
            <th scope="col" className="number">
              INP
            </th>
            <th scope="col" className="number">
              CLS
            </th>
          </tr>
        </thead>
        <tbody>
          {versions.map((v) => (
            <tr key={v.version}>
              <th scope="row">{v.version}</th>
              <td>{v.channels.join(', ')}</td>
              <td className="number">{count(v.pages, lng)}</td>
              <td className="number">
                {t('detail.rate', {
                  rate: percent(v.error_rate, lng),
                  low: percent(v.ci95[0] ?? 0, lng),
                  high: percent(v.ci95[1] ?? 0, lng),
                })}
              </td>
              <td>
                {(Object.entries(v.errors) as [keyof VersionHealth['errors'], number][])
                  .filter(([, n]) => n > 0)
                  .map(([type, n]) => `${t(`types.${type}`)} ${count(n, lng)}`)
                  .join(', ') || t('overview.none')}
              </td>
              <td className="number">{vital(v, 'LCP')}</td>
              <td className="number">{vital(v, 'INP')}</td>
              <td className="number">{vital(v, 'CLS')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function TopErrors({ versions }: { versions: VersionHealth[] }) {
  const { t, i18n } = useTranslation(NS);
  return (
    <>
      <h3>{t('detail.topErrors')}</h3>
      {versions.map((v) => (
        <section key={v.version} aria-label={`${t('detail.topErrors')} ${v.version}`}>
          <h4>{v.version}</h4>
          {v.top_errors.length === 0 ? (
            <p>{t('detail.noErrors')}</p>
          ) : (
            <ul className="releases-errors">
              {v.top_errors.map((e) => (
                <li key={`${e.type}\n${e.message}\n${e.source}`}>
                  <strong>{t(`types.${e.type}`)}</strong>: <span className="releases-message">{e.message}</span>
                  <br />
                  <code className="releases-source">{e.source}</code> · {t('detail.errorCount', { count: e.count })} ·{' '}
                  {dateTime(e.last_seen, i18n.language)}
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </>
  );
}

function History({ lines }: { lines: HistoryLine[] }) {
  const { t, i18n } = useTranslation(NS);
  return (
    <section aria-labelledby="release-history">
      <h2 id="release-history">{t('detail.history')}</h2>
      {lines.length === 0 ? (
        <p>{t('detail.noHistory')}</p>
      ) : (
        <ol className="releases-history">
          {lines.map((line, i) => (
            <li key={`${line.at}\n${line.action}\n${i}`}>
              <time dateTime={line.at}>{dateTime(line.at, i18n.language)}</time> ·{' '}
              <strong>{actionLabel(line.action, t)}</strong>
              {line.version && ` · ${line.version}`}
              {line.stopped && line.stopped !== line.version && ` (${line.stopped})`}
              {line.percent !== undefined && ` · ${new Intl.NumberFormat(i18n.language).format(line.percent)} %`}
              {line.actor && ` · ${t('detail.by', { actor: line.actor })}`}
              {line.reason && <p className="releases-reason">{line.reason}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
