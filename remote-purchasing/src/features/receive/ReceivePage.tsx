import { Alert, EmptyState, Page, parseGs1, Skeleton, usePermissions } from '@lager/shared';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import {
  ORDER_ERRORS,
  type OrderLine,
  useGetPurchaseOrderQuery,
  useListPurchaseOrdersQuery,
  useListPurchasingLocationsQuery,
  useReceivePurchaseOrderMutation,
} from '../../api/purchasing-api';
import { NS } from '../../i18n';
import { purchasingError } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { useIdempotentSubmit } from '../../lib/idempotency';
import { matches, parseScan } from '../../lib/scan';
import { PurchasingNav } from '../Nav';

/** /purchasing/receive: the orders that wait for goods, as big buttons. */
function OpenOrders() {
  const { t } = useTranslation(NS);
  const ordered = useListPurchaseOrdersQuery({ status: 'ordered', limit: 100 }, { refetchOnMountOrArgChange: true });
  const partly = useListPurchaseOrdersQuery(
    { status: 'partially_received', limit: 100 },
    { refetchOnMountOrArgChange: true },
  );
  if (ordered.isLoading || partly.isLoading) return <Skeleton rows={3} />;
  if (ordered.isError || partly.isError) {
    return (
      <Alert kind="error">
        {t('orders.loadFailed')}{' '}
        <button
          type="button"
          className="link"
          onClick={() => {
            void ordered.refetch();
            void partly.refetch();
          }}
        >
          {t('retry')}
        </button>
      </Alert>
    );
  }
  const orders = [...(partly.data?.orders ?? []), ...(ordered.data?.orders ?? [])];
  if (orders.length === 0) return <EmptyState>{t('receive.noOpenOrders')}</EmptyState>;
  return (
    <ul className="purchasing-big-list">
      {orders.map((order) => (
        <li key={order.id}>
          <Link className="purchasing-big" to={`/purchasing/receive/${order.id}`}>
            <strong>{order.number}</strong> <span>{order.supplier_name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** /purchasing/receive/:id: scan or pick a line, the quantity, book — one line at a time, big targets. */
function ReceiveOrder({ id }: { id: number }) {
  const { t } = useTranslation(NS);
  const format = useFormat();
  const ids = useId();
  const { data, isLoading, isError, refetch } = useGetPurchaseOrderQuery(id, { refetchOnMountOrArgChange: true });
  const [receive, { isLoading: booking }] = useReceivePurchaseOrderMutation();
  const submitOnce = useIdempotentSubmit();
  const [scan, setScan] = useState('');
  const [lineId, setLineId] = useState<number | null>(null);
  const [quantity, setQuantity] = useState('1');
  // stock-spec-3 §2: the lot, best-before and serials of what arrives (filled from a GS1-128 scan).
  const [lot, setLot] = useState('');
  const [bestBefore, setBestBefore] = useState('');
  const [serials, setSerials] = useState('');
  const [locationId, setLocationId] = useState('');
  // Where it goes: only who sees stock can choose (the list is the stock API's); else the article's default.
  const seesStock = usePermissions().permissions.includes('view_stock');
  const locations = useListPurchasingLocationsQuery(undefined, { skip: !seesStock });
  const [message, setMessage] = useState<{ kind: 'success' | 'error' | 'info'; text: string } | null>(null);

  if (isLoading) return <Skeleton rows={4} />;
  if (isError || !data) {
    return (
      <Alert kind="error">
        {t('order.loadFailed')}{' '}
        <button type="button" className="link" onClick={() => void refetch()}>
          {t('retry')}
        </button>
      </Alert>
    );
  }
  const order = data.order;
  const line = order.lines.find((l) => l.id === lineId) ?? null;
  const receivable = order.status === 'ordered' || order.status === 'partially_received';

  const pick = (chosen: OrderLine) => {
    setLineId(chosen.id);
    setQuantity(String(chosen.open_quantity > 0 ? Math.min(1, chosen.open_quantity) || chosen.open_quantity : 1));
    setMessage(null);
    setLot('');
    setBestBefore('');
    setSerials('');
  };
  const onScan = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseScan(scan);
    const found = order.lines.find((l) => matches(parsed, { sku: l.article_sku, barcode: l.article_barcode }));
    if (!found) {
      setMessage({ kind: 'error', text: t('receive.notOnOrder', { code: parsed.code }) });
      return;
    }
    pick(found);
    setScan('');
    const gs1 = parseGs1(scan);
    if (gs1?.lot) setLot(gs1.lot);
    if (gs1?.bestBefore) setBestBefore(gs1.bestBefore);
    if (gs1?.serial) setSerials(gs1.serial);
  };
  const step = (by: number) => {
    const current = Number(quantity.replace(',', '.')) || 0;
    setQuantity(String(Math.max(1, current + by)));
  };
  const book = async (event: FormEvent) => {
    event.preventDefault();
    if (!line) return;
    const amount = Number(quantity.replace(',', '.'));
    if (!Number.isFinite(amount) || amount <= 0) {
      setMessage({ kind: 'error', text: t('receive.quantityInvalid') });
      return;
    }
    const serialList = serials.split(/[\s,;]+/).filter(Boolean);
    const body = {
      lines: [
        {
          line_id: line.id,
          quantity: amount,
          ...(lot.trim() ? { lot: lot.trim() } : {}),
          ...(bestBefore ? { best_before: bestBefore } : {}),
          ...(serialList.length ? { serials: serialList } : {}),
          ...(locationId ? { location_id: Number(locationId) } : {}),
        },
      ],
    };
    try {
      await submitOnce(body, (key) => receive({ id: order.id, 'idempotency-key': key, body }).unwrap());
      setMessage({
        kind: 'success',
        text: t('receive.bookedLine', { quantity: format.quantity(amount, line.unit), article: line.article_name }),
      });
      setLineId(null);
    } catch (error) {
      const { key, values } = purchasingError(error, ORDER_ERRORS);
      setMessage({ kind: 'error', text: t(key, values) });
    }
  };

  return (
    <>
      <p>
        <strong>{order.number}</strong> · {order.supplier_name} ·{' '}
        <Link to={`/purchasing/orders/${order.id}`}>{t('receive.toOrder')}</Link>
      </p>
      {!receivable && <Alert kind="info">{t(`receive.closed.${order.status}`)}</Alert>}
      {message && <Alert kind={message.kind}>{message.text}</Alert>}
      {receivable && (
        <>
          <form className="purchasing-scan" onSubmit={onScan}>
            <label htmlFor={`${ids}-scan`}>{t('receive.scan')}</label>
            <div className="purchasing-row">
              <input
                id={`${ids}-scan`}
                value={scan}
                onChange={(e) => setScan(e.target.value)}
                autoComplete="off"
                enterKeyHint="search"
              />
              <button type="submit" className="secondary">
                {t('receive.find')}
              </button>
            </div>
          </form>
          {line ? (
            <form className="purchasing-book" onSubmit={(e) => void book(e)}>
              <h2>
                {line.article_sku} · {line.article_name}
              </h2>
              <p>{t('receive.open', { open: format.quantity(line.open_quantity, line.unit) })}</p>
              <label htmlFor={`${ids}-quantity`}>{t('receive.quantity')}</label>
              <div className="purchasing-row">
                <button
                  type="button"
                  className="secondary purchasing-step"
                  onClick={() => step(-1)}
                  aria-label={t('receive.less')}
                >
                  −
                </button>
                <input
                  id={`${ids}-quantity`}
                  inputMode="decimal"
                  value={quantity}
                  onChange={(e) => setQuantity(e.target.value)}
                />
                <button
                  type="button"
                  className="secondary purchasing-step"
                  onClick={() => step(1)}
                  aria-label={t('receive.more')}
                >
                  +
                </button>
              </div>
              {seesStock && (locations.data?.locations.length ?? 0) > 1 && (
                <div className="field">
                  <label htmlFor={`${ids}-location`}>{t('receive.location')}</label>
                  <select
                    id={`${ids}-location`}
                    className="purchasing-big-select"
                    value={locationId}
                    onChange={(e) => setLocationId(e.target.value)}
                  >
                    <option value="">{t('receive.defaultLocation')}</option>
                    {locations
                      .data!.locations.filter((l) => !l.archived_at)
                      .map((l) => (
                        <option key={l.id} value={l.id}>
                          {l.name ? `${l.code} – ${l.name}` : l.code}
                        </option>
                      ))}
                  </select>
                </div>
              )}
              <label htmlFor={`${ids}-lot`}>{t('receive.lot')}</label>
              <input id={`${ids}-lot`} value={lot} onChange={(e) => setLot(e.target.value)} autoComplete="off" />
              <label htmlFor={`${ids}-best-before`}>{t('receive.bestBefore')}</label>
              <input
                id={`${ids}-best-before`}
                type="date"
                value={bestBefore}
                onChange={(e) => setBestBefore(e.target.value)}
              />
              <label htmlFor={`${ids}-serials`}>{t('receive.serials')}</label>
              <input
                id={`${ids}-serials`}
                value={serials}
                onChange={(e) => setSerials(e.target.value)}
                autoComplete="off"
              />
              <div className="purchasing-row">
                <button type="submit" className="purchasing-big-button" disabled={booking} aria-busy={booking}>
                  {t('receive.book')}
                </button>
                <button type="button" className="secondary" onClick={() => setLineId(null)}>
                  {t('receive.back')}
                </button>
              </div>
            </form>
          ) : (
            <ul className="purchasing-big-list" aria-label={t('order.lines')}>
              {order.lines.map((l) => (
                <li key={l.id}>
                  <button
                    type="button"
                    className="purchasing-big"
                    onClick={() => pick(l)}
                    disabled={l.open_quantity <= 0}
                  >
                    <strong>{l.article_name}</strong>{' '}
                    <span>
                      {l.article_sku} · {t('receive.open', { open: format.quantity(l.open_quantity, l.unit) })}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </>
  );
}

export function ReceivePage() {
  const { t } = useTranslation(NS);
  const id = Number(useParams().id);
  return (
    <Page title={t('receive.pageTitle')}>
      <PurchasingNav />
      {Number.isInteger(id) && id > 0 ? <ReceiveOrder id={id} /> : <OpenOrders />}
    </Page>
  );
}
