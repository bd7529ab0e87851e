import { Alert, normalizeError } from '@lager/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NS } from '../../i18n';
import { useDownload } from '../../lib/csv-download';
import { useFormat } from '../../lib/format';
import { useListStockLocationsQuery } from '../locations';
import type { CountSession } from './api';
import { useGetStockCountSessionQuery } from './api';

/** How often an open session's lines are read again while counting (other counters, bookings). */
const POLL_MS = 5_000;

/**
 * A session as it is now: read again every few seconds while it is open, and at once when the
 * page comes back into view (a phone unlocked, a tab switched back), so two counters see each other's lines.
 */
export function useLiveSession(id: number) {
  const [polling, setPolling] = useState(false);
  const query = useGetStockCountSessionQuery(id, {
    refetchOnMountOrArgChange: true,
    pollingInterval: polling ? POLL_MS : 0,
  });
  const open = query.data?.session.status === 'open';
  useEffect(() => setPolling(open), [open]);
  const { refetch } = query;
  useEffect(() => {
    if (!open) return;
    const again = () => {
      if (document.visibilityState === 'visible') void refetch();
    };
    window.addEventListener('focus', again);
    document.addEventListener('visibilitychange', again);
    return () => {
      window.removeEventListener('focus', again);
      document.removeEventListener('visibilitychange', again);
    };
  }, [open, refetch]);
  return query;
}

/** What is counted, how, by whom since when; closed: by whom when. */
export function SessionHeading({ session }: { session: CountSession }) {
  const { t } = useTranslation(NS);
  const format = useFormat();
  const scope = useScopeName();
  return (
    <p className="stock-count-head">
      <strong>{scope(session.location_id)}</strong>
      {' · '}
      {t(session.blind ? 'countSessions.blindLong' : 'countSessions.withExpected')}
      <br />
      {t('countSessions.openedBy', { by: session.opened_by, at: format.dateTime(session.opened_at) })}
      {session.closed_at && (
        <>
          <br />
          {t('countSessions.closedBy', { by: session.closed_by ?? '', at: format.dateTime(session.closed_at) })}
        </>
      )}
    </p>
  );
}

/** A file of the session (count sheets, the signed-off list) saved by the browser; says so when it failed. */
export function DownloadButton({
  path,
  name,
  accept,
  label,
}: {
  path: string;
  name: string;
  accept: string;
  label: string;
}) {
  const { t } = useTranslation(NS);
  const file = useDownload(path, name, accept);
  return (
    <>
      <button
        type="button"
        className="secondary"
        onClick={() => void file.download()}
        disabled={file.busy}
        aria-busy={file.busy}
      >
        {label}
      </button>
      {file.failed && <Alert kind="error">{t('countSessions.downloadFailed')}</Alert>}
    </>
  );
}

/** The printable count sheets per location (blind: without the expected quantity). */
export function SheetsButton({ id }: { id: number }) {
  const { t } = useTranslation(NS);
  return (
    <DownloadButton
      path={`api/stock/count-sessions/${id}/sheets.pdf`}
      name={`count-${id}-sheets.pdf`}
      accept="application/pdf"
      label={t('countSessions.sheets')}
    />
  );
}

/** The place a session counts: the whole warehouse or a location and everything below it. */
export function useScopeName() {
  const { t } = useTranslation(NS);
  const { data } = useListStockLocationsQuery(undefined);
  return (locationId: number | null) => {
    if (locationId === null) return t('countSessions.wholeWarehouse');
    const location = data?.locations.find((l) => l.id === locationId);
    return t('countSessions.subtree', { code: location?.code ?? `#${locationId}` });
  };
}

/** A session that could not be read: one that does not exist says so (with the way back), others offer a retry. */
export function SessionFailed({ error, busy, onRetry }: { error: unknown; busy: boolean; onRetry: () => void }) {
  const { t } = useTranslation(NS);
  if (normalizeError(error).status === 404) {
    return (
      <Alert kind="error">
        {t('countSessions.errors.notFound')} <Link to="/stock/count-sessions">{t('countSessions.backToList')}</Link>
      </Alert>
    );
  }
  return (
    <Alert kind="error">
      {t('countSessions.loadFailed')}{' '}
      <button type="button" className="link" onClick={onRetry} disabled={busy}>
        {t('countSessions.retry')}
      </button>
    </Alert>
  );
}
