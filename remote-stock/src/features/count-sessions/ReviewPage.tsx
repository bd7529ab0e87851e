import { Alert, Dialog, errorMessage, normalizeError, Page, SelectField, Skeleton } from '@lager/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { Unit } from '../../api/stock-api';
import { NS } from '../../i18n';
import { useFormat } from '../../lib/format';
import { useIdempotentSubmit } from '../../lib/idempotency';
import { money } from '../../lib/money';
import { useStockPermissions } from '../../lib/permissions';
import { type Column, TableHead, WideRow } from '../../lib/table';
import { StockNav } from '../nav';
import { COUNT_ERRORS, type CountLine, type CountSession, lineKey, useCloseStockCountSessionMutation } from './api';
import { DownloadButton, SessionFailed, SessionHeading, SheetsButton, useLiveSession } from './session-parts';
import './i18n';

type Filter = 'all' | 'differences' | 'uncounted';

/** A money string ("12.3", "0.90") as cents, exactly. */
const cents = (amount: string) => {
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
  const value = BigInt(whole) * 100n + BigInt(`${fraction}00`.slice(0, 2));
  return amount.startsWith('-') ? -value : value;
};
const centsText = (value: bigint) => {
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};
/** difference × average cost in cents, rounded half away from zero (quantities have 3 places, costs 4). */
const differenceCents = (difference: number, averageCost: string) => {
  const [whole = '0', fraction = ''] = averageCost.split('.');
  const cost = BigInt(whole) * 10_000n + BigInt(`${fraction}0000`.slice(0, 4));
  const product = BigInt(Math.round(difference * 1000)) * cost; // in 1e-7
  const abs = product < 0n ? -product : product;
  const rounded = (abs + 50_000n) / 100_000n;
  return product < 0n ? -rounded : rounded;
};

/**
 * /stock/count-sessions/:id/review (manage_counts): the differences — expected at opening, what moved
 * there during the count, counted, difference (values with view_stock_value) — then closing, which books
 * a correction for each difference; afterwards the signed-off list as PDF and CSV.
 */
export function ReviewPage() {
  const { t } = useTranslation(NS);
  const id = Number(useParams().id);
  const { data, isLoading, isError, error, refetch, isFetching } = useLiveSession(id);
  const session = data?.session;
  return (
    <Page title={t('countSessions.reviewTitle', { id })}>
      <StockNav />
      {isLoading && <Skeleton rows={5} label={t('countSessions.loading')} />}
      {isError && !session && <SessionFailed error={error} busy={isFetching} onRetry={() => void refetch()} />}
      {session && <Review session={session} />}
    </Page>
  );
}

function Review({ session }: { session: CountSession }) {
  const { t, i18n } = useTranslation(NS);
  const can = useStockPermissions();
  const [filter, setFilter] = useState<Filter>('all');
  const [closing, setClosing] = useState(false);
  const [booked, setBooked] = useState<number | null>(null);
  const open = session.status === 'open';
  const lines: CountLine[] = session.lines;
  const uncounted = lines.filter((l) => l.counted === null).length;
  const shown = lines.filter((l) =>
    filter === 'uncounted'
      ? l.counted === null
      : filter === 'differences'
        ? l.difference !== null && l.difference !== 0
        : true,
  );
  const hidden = open && session.blind;
  const withValue = can.value;
  const columns: Column[] = [
    { label: t('countSessions.articleAndPlace') },
    { label: t('countSessions.expected'), number: true },
    { label: t('countSessions.moved'), number: true },
    { label: t('countSessions.countedColumn'), number: true },
    { label: t('countSessions.difference'), number: true },
    withValue && { label: t('countSessions.averageCost'), number: true },
    withValue && { label: t('countSessions.value'), number: true },
    withValue && { label: t('countSessions.differenceValue'), number: true },
    { label: t('countSessions.countedBy') },
  ];
  const width = columns.filter(Boolean).length;
  const totalValue = lines.reduce((sum, l) => sum + (l.value ? cents(l.value) : 0n), 0n);
  const totalDifference = lines.reduce(
    (sum, l) => sum + (l.difference && l.average_cost ? differenceCents(l.difference, l.average_cost) : 0n),
    0n,
  );

  return (
    <>
      <SessionHeading session={session} />
      <p aria-live="polite">
        {t('countSessions.countedOfTotal', { done: lines.length - uncounted, total: lines.length })}
      </p>
      {hidden && <Alert kind="info">{t('countSessions.blindReview')}</Alert>}
      {booked !== null && <Alert kind="success">{t('countSessions.closedDone', { count: booked })}</Alert>}
      <div className="stock-filters">
        <SelectField
          label={t('countSessions.show')}
          options={[
            { value: 'differences', label: t('countSessions.onlyDifferences') },
            { value: 'uncounted', label: t('countSessions.onlyUncounted') },
          ]}
          placeholder={t('countSessions.allLines')}
          value={filter === 'all' ? '' : filter}
          onChange={(e) => setFilter((e.target.value || 'all') as Filter)}
        />
      </div>
      <div className="actions">
        {open && (
          <>
            <button type="button" onClick={() => setClosing(true)}>
              {t('countSessions.close')}
            </button>
            <Link to={`/stock/count-sessions/${session.id}`}>{t('countSessions.count')}</Link>
          </>
        )}
        <SheetsButton id={session.id} />
        {!open && (
          <>
            <DownloadButton
              path={`api/stock/count-sessions/${session.id}/list.pdf`}
              name={`count-${session.id}.pdf`}
              accept="application/pdf"
              label={t('countSessions.listPdf')}
            />
            <DownloadButton
              path={`api/stock/count-sessions/${session.id}/list.csv`}
              name={`count-${session.id}.csv`}
              accept="text/csv"
              label={t('countSessions.listCsv')}
            />
          </>
        )}
      </div>
      {closing && (
        <CloseDialog
          session={session}
          uncounted={uncounted}
          onClose={() => setClosing(false)}
          onClosed={(movements) => {
            setClosing(false);
            setBooked(movements);
          }}
        />
      )}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1). */}
      <section className="stock-scroll" tabIndex={0} aria-label={t('countSessions.differences')}>
        <table className="stock-table stock-count-review">
          <caption className="visually-hidden">{t('countSessions.differences')}</caption>
          <TableHead columns={columns} />
          <tbody>
            {shown.length === 0 && <WideRow columns={width}>{t('countSessions.noLines')}</WideRow>}
            {shown.map((line) => (
              <ReviewRow key={lineKey(line)} line={line} withValue={withValue} />
            ))}
          </tbody>
          {withValue && (
            <tfoot>
              <tr>
                <th scope="row" colSpan={width - 3}>
                  {t('countSessions.total')}
                </th>
                <td className="number tabular">{money(i18n.language, centsText(totalValue))}</td>
                <td className="number tabular">{money(i18n.language, centsText(totalDifference))}</td>
                <td />
              </tr>
            </tfoot>
          )}
        </table>
      </section>
    </>
  );
}

function ReviewRow({ line, withValue }: { line: CountLine; withValue: boolean }) {
  const { t, i18n } = useTranslation(NS);
  const format = useFormat();
  const unit = line.unit as Unit;
  const none = t('countSessions.none');
  const quantity = (value: number | null | undefined) =>
    value === null || value === undefined ? none : format.quantity(value, unit);
  const delta = (value: number | null | undefined) =>
    value === null || value === undefined ? none : format.delta(value, unit);
  const language = i18n.language;
  return (
    <tr>
      <td className="stock-wrap">
        <span className="tabular">{line.article_sku}</span> · {line.article_name}
        <br />
        <span className="stock-count-line-facts">
          {[line.location_code, line.lot ?? line.serial].filter(Boolean).join(' · ')}
        </span>
      </td>
      <td className="number tabular">{quantity(line.expected)}</td>
      <td className="number tabular">{delta(line.moved)}</td>
      <td className="number tabular">{quantity(line.counted)}</td>
      <td className="number tabular">{delta(line.difference)}</td>
      {withValue && (
        <>
          <td className="number tabular">{line.average_cost ? money(language, line.average_cost) : none}</td>
          <td className="number tabular">{line.value ? money(language, line.value) : none}</td>
          <td className="number tabular">
            {line.difference !== null && line.average_cost
              ? money(language, centsText(differenceCents(line.difference, line.average_cost)))
              : none}
          </td>
        </>
      )}
      <td className="stock-wrap">{line.counted_by ?? none}</td>
    </tr>
  );
}

/**
 * Closing books the corrections. Uncounted lines need a decision: counted as 0, or the stock kept.
 * A retry after a lost answer sends the same Idempotency-Key, so it books once.
 */
function CloseDialog({
  session,
  uncounted,
  onClose,
  onClosed,
}: {
  session: CountSession;
  uncounted: number;
  onClose: () => void;
  onClosed: (movements: number) => void;
}) {
  const { t } = useTranslation(NS);
  const [close, { isLoading }] = useCloseStockCountSessionMutation();
  const idempotent = useIdempotentSubmit();
  const [choice, setChoice] = useState<'zero' | 'keep' | ''>('');
  const [error, setError] = useState<string>();
  /** The server found lines uncounted that this screen had not seen yet (a line added meanwhile). */
  const [mustChoose, setMustChoose] = useState(false);
  const asking = uncounted > 0 || mustChoose;
  const run = async () => {
    setError(undefined);
    if (asking && !choice) {
      setError(t('countSessions.chooseUncounted'));
      return;
    }
    const body = choice ? { uncounted: choice } : {};
    try {
      const answer = await idempotent({ id: session.id, body }, (key) =>
        close({ id: session.id, 'idempotency-key': key, body }).unwrap(),
      );
      onClosed(answer.movements);
    } catch (failure) {
      if (normalizeError(failure).code === 'stock.count_uncounted') setMustChoose(true);
      const { key, values } = errorMessage(failure, COUNT_ERRORS);
      setError(t(key, values));
    }
  };
  return (
    <Dialog title={t('countSessions.closeTitle')} description={t('countSessions.closeText')} onClose={onClose}>
      {asking && (
        <fieldset className="stock-count-choice" disabled={isLoading}>
          <legend>{t('countSessions.uncountedQuestion', { count: Math.max(uncounted, 1) })}</legend>
          <label className="stock-check">
            <input
              type="radio"
              name="uncounted"
              value="zero"
              checked={choice === 'zero'}
              onChange={() => setChoice('zero')}
            />
            {t('countSessions.uncountedZero')}
          </label>
          <label className="stock-check">
            <input
              type="radio"
              name="uncounted"
              value="keep"
              checked={choice === 'keep'}
              onChange={() => setChoice('keep')}
            />
            {t('countSessions.uncountedKeep')}
          </label>
        </fieldset>
      )}
      <Alert kind="error">{error}</Alert>
      <div className="actions">
        <button type="button" className="secondary" onClick={onClose} disabled={isLoading}>
          {t('countSessions.cancel')}
        </button>
        <button type="button" onClick={() => void run()} disabled={isLoading} aria-busy={isLoading}>
          {t('countSessions.closeSubmit')}
        </button>
      </div>
    </Dialog>
  );
}
