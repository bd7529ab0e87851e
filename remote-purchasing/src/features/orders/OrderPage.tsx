import { Alert, ConfirmDialog, Page, Skeleton } from '@lager/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  ORDER_ERRORS,
  type Order,
  useCancelPurchaseOrderMutation,
  useDeletePurchaseOrderMutation,
  useGetPurchaseOrderQuery,
  usePlacePurchaseOrderMutation,
  useReceivePurchaseOrderMutation,
} from '../../api/purchasing-api';
import { NS } from '../../i18n';
import { usePdfDownload } from '../../lib/download';
import { purchasingError } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { useIdempotentSubmit } from '../../lib/idempotency';
import { usePurchasingPermissions } from '../../lib/permissions';
import { PurchasingNav, StatusBadge } from '../Nav';
import { DraftEditor } from './DraftEditor';

type Message = { kind: 'success' | 'error'; text: string } | null;

/**
 * Receive several lines at once (desktop): a quantity per open line, booked in one receipt. What
 * happened is told by the page (`onMessage`): the form goes away once the order is received.
 */
function ReceiveForm({ order, onMessage }: { order: Order; onMessage: (message: Message) => void }) {
  const { t } = useTranslation(NS);
  const format = useFormat();
  const [receive, { isLoading }] = useReceivePurchaseOrderMutation();
  const submitOnce = useIdempotentSubmit();
  const [amounts, setAmounts] = useState<Record<number, string>>({});
  const [allowOver, setAllowOver] = useState(false);
  const setMessage = onMessage;
  const lines = order.lines;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = lines
      .map((line) => ({ line_id: line.id, quantity: Number((amounts[line.id] ?? '').replace(',', '.')) }))
      .filter((line) => Number.isFinite(line.quantity) && line.quantity > 0);
    if (wanted.length === 0) {
      setMessage({ kind: 'error', text: t('receive.nothing') });
      return;
    }
    const body = { lines: wanted, ...(allowOver ? { allow_over: true } : {}) };
    try {
      await submitOnce(body, (key) => receive({ id: order.id, 'idempotency-key': key, body }).unwrap());
      setAmounts({});
      setMessage({ kind: 'success', text: t('receive.booked', { count: wanted.length }) });
    } catch (error) {
      const { key, values } = purchasingError(error, ORDER_ERRORS);
      setMessage({ kind: 'error', text: t(key, values) });
    }
  };

  return (
    <form className="purchasing-receive" onSubmit={(e) => void submit(e)} aria-labelledby="receive-title">
      <h2 id="receive-title">{t('receive.title')}</h2>
      <p className="actions">
        <button
          type="button"
          className="secondary"
          onClick={() =>
            setAmounts(
              Object.fromEntries(lines.filter((l) => l.open_quantity > 0).map((l) => [l.id, String(l.open_quantity)])),
            )
          }
        >
          {t('receive.allOpen')}
        </button>
      </p>
      <ul className="purchasing-receive-lines">
        {lines.map((line) => (
          <li key={line.id}>
            <label htmlFor={`receive-${line.id}`}>
              {line.article_sku} · {line.article_name}{' '}
              <small>{t('receive.open', { open: format.quantity(line.open_quantity, line.unit) })}</small>
            </label>
            <input
              id={`receive-${line.id}`}
              inputMode="decimal"
              value={amounts[line.id] ?? ''}
              onChange={(e) => setAmounts((a) => ({ ...a, [line.id]: e.target.value }))}
            />
          </li>
        ))}
      </ul>
      <label className="purchasing-check">
        <input type="checkbox" checked={allowOver} onChange={(e) => setAllowOver(e.target.checked)} />
        {t('receive.allowOver')}
      </label>
      <p className="actions">
        <button type="submit" disabled={isLoading} aria-busy={isLoading}>
          {t('receive.submit')}
        </button>
      </p>
    </form>
  );
}

/** /purchasing/orders/:id: the order, its lines, and what its status allows. */
export function OrderPage() {
  const { t } = useTranslation(NS);
  const format = useFormat();
  const can = usePurchasingPermissions();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const { data, isLoading, isError, error, refetch, isFetching } = useGetPurchaseOrderQuery(id, {
    skip: !Number.isInteger(id),
  });
  const [place, placing] = usePlacePurchaseOrderMutation();
  const [cancel, cancelling] = useCancelPurchaseOrderMutation();
  const [remove, removing] = useDeletePurchaseOrderMutation();
  const pdf = usePdfDownload();
  const [message, setMessage] = useState<Message>(null);
  const [confirm, setConfirm] = useState<'cancel' | 'delete' | null>(null);
  const busy = placing.isLoading || cancelling.isLoading || removing.isLoading;

  const act = async (run: () => Promise<string>) => {
    setMessage(null);
    try {
      setMessage({ kind: 'success', text: await run() });
    } catch (failure) {
      const { key, values } = purchasingError(failure, ORDER_ERRORS);
      setMessage({ kind: 'error', text: t(key, values) });
    }
    setConfirm(null);
  };

  if (isLoading) {
    return (
      <Page title={t('order.loading')}>
        <Skeleton rows={5} />
      </Page>
    );
  }
  if (isError || !data) {
    const notFound = (error as { status?: number } | undefined)?.status === 404;
    return (
      <Page title={t('order.title', { number: '' })}>
        <PurchasingNav />
        <Alert kind="error">
          {notFound ? t('errors.orderNotFound') : t('order.loadFailed')}{' '}
          {!notFound && (
            <button type="button" className="link" onClick={() => void refetch()} disabled={isFetching}>
              {t('retry')}
            </button>
          )}
        </Alert>
      </Page>
    );
  }
  const order = data.order;
  const nothingReceived = order.lines.every((l) => l.received_quantity === 0);
  const receivable = order.status === 'ordered' || order.status === 'partially_received';
  return (
    <Page title={t('order.title', { number: order.number })}>
      <PurchasingNav />
      <dl className="purchasing-facts">
        <dt>{t('orders.status')}</dt>
        <dd>
          <StatusBadge status={order.status} />
        </dd>
        <dt>{t('orders.supplier')}</dt>
        <dd>{order.supplier_name}</dd>
        <dt>{t('orders.expected')}</dt>
        <dd>{order.expected_at ? format.date(order.expected_at) : '–'}</dd>
        {order.emailed_at && (
          <>
            <dt>{t('order.emailed')}</dt>
            <dd>{format.date(order.emailed_at)}</dd>
          </>
        )}
        {order.note && (
          <>
            <dt>{t('order.note')}</dt>
            <dd>{order.note}</dd>
          </>
        )}
      </dl>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1). */}
      <section className="purchasing-scroll" tabIndex={0} aria-label={t('order.lines')}>
        <table className="purchasing-table">
          <caption className="visually-hidden">{t('order.lines')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('order.article')}</th>
              <th scope="col" className="number">
                {t('order.quantity')}
              </th>
              <th scope="col" className="number">
                {t('order.received')}
              </th>
              <th scope="col" className="number">
                {t('order.unitPrice')}
              </th>
              <th scope="col" className="number">
                {t('orders.total')}
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.id}>
                <td>
                  {line.article_sku} · {line.article_name}
                  {line.supplier_sku && <small className="purchasing-muted"> ({line.supplier_sku})</small>}
                </td>
                <td className="number">{format.quantity(line.quantity, line.unit)}</td>
                <td className="number">{format.quantity(line.received_quantity, line.unit)}</td>
                <td className="number">{format.money(line.unit_price, order.currency)}</td>
                <td className="number">{format.money(line.total, order.currency)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={4}>
                {t('orders.total')}
              </th>
              <td className="number">
                <strong>{format.money(order.total, order.currency)}</strong>
              </td>
            </tr>
          </tfoot>
        </table>
      </section>
      {message && <Alert kind={message.kind}>{message.text}</Alert>}
      <p className="actions purchasing-actions">
        {can.orders && order.status === 'draft' && (
          <>
            <button
              type="button"
              disabled={busy}
              aria-busy={placing.isLoading}
              onClick={() =>
                void act(async () => {
                  const answer = await place({ id: order.id, body: { send_email: true } }).unwrap();
                  return answer.email_sent ? t('order.orderedMailed') : t('order.orderedNotMailed');
                })
              }
            >
              {t('order.placeAndMail')}
            </button>
            <button
              type="button"
              className="secondary"
              disabled={busy}
              onClick={() =>
                void act(async () => {
                  await place({ id: order.id, body: {} }).unwrap();
                  return t('order.ordered');
                })
              }
            >
              {t('order.place')}
            </button>
          </>
        )}
        {can.receive && receivable && (
          <Link className="button secondary" to={`/purchasing/receive/${order.id}`}>
            {t('order.receiveOnPhone')}
          </Link>
        )}
        <button
          type="button"
          className="secondary"
          disabled={pdf.busy}
          aria-busy={pdf.busy}
          onClick={() => void pdf.download(`api/purchasing/orders/${order.id}/pdf`, `${order.number}.pdf`)}
        >
          {t('order.pdf')}
        </button>
        {can.orders && (order.status === 'draft' || (order.status === 'ordered' && nothingReceived)) && (
          <button type="button" className="secondary" disabled={busy} onClick={() => setConfirm('cancel')}>
            {t('order.cancel')}
          </button>
        )}
        {can.orders && order.status === 'draft' && (
          <button type="button" className="danger" disabled={busy} onClick={() => setConfirm('delete')}>
            {t('order.delete')}
          </button>
        )}
      </p>
      {pdf.failed && <Alert kind="error">{t('order.pdfFailed')}</Alert>}
      {confirm && (
        <ConfirmDialog
          title={confirm === 'cancel' ? t('order.cancelTitle') : t('order.deleteTitle')}
          message={t(confirm === 'cancel' ? 'order.cancelText' : 'order.deleteText', { number: order.number })}
          confirmLabel={confirm === 'cancel' ? t('order.cancel') : t('order.delete')}
          busy={busy}
          onCancel={() => setConfirm(null)}
          onConfirm={() =>
            void act(async () => {
              if (confirm === 'cancel') {
                await cancel(order.id).unwrap();
                return t('order.cancelled');
              }
              await remove(order.id).unwrap();
              navigate('/purchasing', { replace: true });
              return '';
            })
          }
        />
      )}
      {can.receive && receivable && <ReceiveForm order={order} onMessage={setMessage} />}
      {can.orders && order.status === 'draft' && (
        <DraftEditor key={order.updated_at} order={order} onSaved={(text) => setMessage({ kind: 'success', text })} />
      )}
    </Page>
  );
}
