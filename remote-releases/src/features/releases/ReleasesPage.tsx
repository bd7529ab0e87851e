import { Alert, EmptyState, Page, Skeleton } from '@lager/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useGetReleasesQuery } from '../../api/generated';
import { NS } from '../../i18n';
import { guardState, type RemoteState } from './format';
import { LoadFailed, POLL_MS } from './LoadFailed';
import { useNow } from './use-now';

/** /releases: every section of the rollout manifest with its versions, share and guard state. */
export function ReleasesPage() {
  const { t } = useTranslation(NS);
  const { data, isLoading, isError, refetch, isFetching } = useGetReleasesQuery(undefined, {
    pollingInterval: POLL_MS,
  });
  return (
    <Page title={t('title')}>
      <p>{t('intro')}</p>
      {isLoading && <Skeleton rows={4} label={t('loading')} />}
      {isError && !data && <LoadFailed text={t('loadFailed')} retry={refetch} busy={isFetching} />}
      {data && data.remotes.length === 0 && (
        <EmptyState>
          <p>{t('empty')}</p>
        </EmptyState>
      )}
      {data && data.remotes.length > 0 && <Overview remotes={data.remotes} />}
      {isError && data && <Alert kind="error">{t('loadFailed')}</Alert>}
    </Page>
  );
}

function Overview({ remotes }: { remotes: RemoteState[] }) {
  const { t, i18n } = useTranslation(NS);
  const now = useNow();
  return (
    // A box that scrolls sideways on a phone: keyboard users reach it with Tab and scroll it with the arrows.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1).
    <section className="releases-scroll" tabIndex={0} aria-label={t('overview.caption')}>
      <table className="releases-table">
        <caption className="visually-hidden">{t('overview.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('overview.section')}</th>
            <th scope="col">{t('overview.stable')}</th>
            <th scope="col">{t('overview.canary')}</th>
            <th scope="col">{t('overview.share')}</th>
            <th scope="col">{t('overview.guard')}</th>
          </tr>
        </thead>
        <tbody>
          {remotes.map((r) => (
            <tr key={r.remote}>
              <th scope="row">
                <Link
                  to={`/releases/${encodeURIComponent(r.remote)}`}
                  aria-label={t('overview.details', { remote: r.remote })}
                >
                  {r.remote}
                </Link>
              </th>
              <td>{r.stable?.version ?? t('overview.none')}</td>
              <td>{r.canary?.version ?? t('overview.noCanary')}</td>
              <td className="number">
                {r.canary ? `${new Intl.NumberFormat(i18n.language).format(r.canary.percent)} %` : t('overview.none')}
              </td>
              <td>
                {r.canary?.guard
                  ? guardState(r.canary.guard, now, t)
                  : r.canary
                    ? t('overview.unguarded')
                    : t('overview.none')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
