import { Alert, Dialog, EmptyState, FormFeedback, Page, Skeleton, useFormSubmit } from '@lager/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { NS } from '../../i18n';
import { useFormat } from '../../lib/format';
import { useIdempotentSubmit } from '../../lib/idempotency';
import { useStockPermissions } from '../../lib/permissions';
import { TableHead } from '../../lib/table';
import { LocationSelect } from '../locations';
import { StockNav } from '../nav';
import {
  COUNT_ERRORS,
  type SessionSummary,
  useGetStockCountSessionQuery,
  useListStockCountSessionsQuery,
  useOpenStockCountSessionMutation,
} from './api';
import { useScopeName } from './session-parts';
import './i18n';

/** /stock/count-sessions (stock-spec-3 §3): the year-end counts of the warehouse, open ones first in line to count. */
export function CountSessionsPage() {
  const { t } = useTranslation(NS);
  const can = useStockPermissions();
  const [opening, setOpening] = useState(false);
  const { data, isLoading, isError, isFetching, refetch } = useListStockCountSessionsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const sessions = data?.sessions ?? [];

  return (
    <Page title={t('countSessions.title')}>
      <StockNav />
      <p>{t('countSessions.intro')}</p>
      {can.manageCounts && (
        <p className="actions">
          <button type="button" onClick={() => setOpening(true)}>
            {t('countSessions.start')}
          </button>
        </p>
      )}
      {opening && <OpenDialog onClose={() => setOpening(false)} />}
      {isLoading && <Skeleton rows={3} label={t('countSessions.loading')} />}
      {isError && (
        <Alert kind="error">
          {t('countSessions.loadFailed')}{' '}
          <button type="button" className="link" onClick={() => void refetch()} disabled={isFetching}>
            {t('countSessions.retry')}
          </button>
        </Alert>
      )}
      {data && sessions.length === 0 && <EmptyState>{t('countSessions.empty')}</EmptyState>}
      {sessions.length > 0 && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1).
        <section className="stock-scroll" tabIndex={0} aria-label={t('countSessions.title')}>
          <table className="stock-table">
            <caption className="visually-hidden">{t('countSessions.title')}</caption>
            <TableHead
              columns={[
                { label: t('countSessions.number') },
                { label: t('countSessions.scope') },
                { label: t('countSessions.opened') },
                { label: t('countSessions.closed') },
                { label: t('countSessions.progress'), number: true },
                { label: <span className="visually-hidden">{t('countSessions.actions')}</span> },
              ]}
            />
            <tbody>
              {sessions.map((session) => (
                <SessionRow key={session.id} session={session} />
              ))}
            </tbody>
          </table>
        </section>
      )}
    </Page>
  );
}

function SessionRow({ session }: { session: SessionSummary }) {
  const { t } = useTranslation(NS);
  const format = useFormat();
  const can = useStockPermissions();
  const scope = useScopeName();
  const open = session.status === 'open';
  return (
    <tr>
      <td className="tabular">{session.id}</td>
      <td>
        {scope(session.location_id)}
        {session.blind && <span className="badge stock-count-badge">{t('countSessions.blind')}</span>}
      </td>
      <td>
        {format.dateTime(session.opened_at)}
        <br />
        {session.opened_by}
      </td>
      <td>
        {session.closed_at ? (
          <>
            {format.dateTime(session.closed_at)}
            <br />
            {session.closed_by}
          </>
        ) : (
          t('countSessions.stillOpen')
        )}
      </td>
      <td className="number tabular">{open ? <Progress id={session.id} /> : t('countSessions.done')}</td>
      <td>
        <span className="stock-count-links">
          {open && (
            <Link to={`/stock/count-sessions/${session.id}`}>
              {t('countSessions.count')}
              <span className="visually-hidden"> {t('countSessions.numbered', { id: session.id })}</span>
            </Link>
          )}
          {can.manageCounts && (
            <Link to={`/stock/count-sessions/${session.id}/review`}>
              {t(open ? 'countSessions.review' : 'countSessions.result')}
              <span className="visually-hidden"> {t('countSessions.numbered', { id: session.id })}</span>
            </Link>
          )}
        </span>
      </td>
    </tr>
  );
}

/** Counted lines of an open session out of all of them (the list itself carries no lines). */
function Progress({ id }: { id: number }) {
  const { t } = useTranslation(NS);
  const { data, isError } = useGetStockCountSessionQuery(id);
  if (isError) return <>{t('countSessions.none')}</>;
  if (!data) return <span className="visually-hidden">{t('countSessions.loading')}</span>;
  const lines = data.session.lines;
  return (
    <>{t('countSessions.counted', { done: lines.filter((l) => l.counted !== null).length, total: lines.length })}</>
  );
}

/** "Inventur starten": the whole warehouse or one location's subtree, blind or not; then to counting. */
function OpenDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const [openSession] = useOpenStockCountSessionMutation();
  const idempotent = useIdempotentSubmit();
  const [location, setLocation] = useState('');
  const [blind, setBlind] = useState(false);
  const form = useFormSubmit<Record<string, never>>({
    ns: NS,
    initial: {},
    again: true,
    errors: COUNT_ERRORS,
    send: async () => {
      const body = { location_id: location ? Number(location) : null, blind };
      const { session } = await idempotent(body, (key) => openSession({ 'idempotency-key': key, body }).unwrap());
      navigate(`/stock/count-sessions/${session.id}`);
      return session;
    },
  });
  return (
    <Dialog title={t('countSessions.startTitle')} description={t('countSessions.startText')} onClose={onClose}>
      <form onSubmit={form.onSubmit} noValidate>
        <fieldset disabled={form.busy}>
          <LocationSelect
            label={t('countSessions.scope')}
            placeholder={t('countSessions.wholeWarehouse')}
            value={location}
            onChange={setLocation}
          />
          <label className="stock-check">
            <input type="checkbox" checked={blind} onChange={(e) => setBlind(e.target.checked)} />
            {t('countSessions.blindLabel')}
          </label>
        </fieldset>
        <FormFeedback feedback={form.feedback} />
        <div className="actions">
          <button type="button" className="secondary" onClick={onClose} disabled={form.busy}>
            {t('countSessions.cancel')}
          </button>
          <button type="submit" disabled={form.busy} aria-busy={form.busy}>
            {t('countSessions.startSubmit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
