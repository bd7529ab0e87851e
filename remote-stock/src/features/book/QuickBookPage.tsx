import { FormFailure, FormFeedback, Page, SelectField, TextField, useAppDispatch, useFormSubmit } from '@lager/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Article,
  BOOKING_ERRORS,
  type Movement,
  type Reason,
  stockEndpoints,
  useBookStockMovementMutation,
} from '../../api/stock-api';
import { NS } from '../../i18n';
import './i18n';
import { parseQuantity, useFormat } from '../../lib/format';
import { useIdempotentSubmit } from '../../lib/idempotency';
import { REASONS } from '../../lib/units';
import { useLocationScan } from '../locations';
import { ReverseButton } from '../movements';
import { StockNav } from '../nav';
import { OutboxPanel, useOutbox } from '../offline';
import { CameraScan } from './CameraScan';

type Direction = 'in' | 'out';
interface QuickValues extends Record<string, unknown> {
  code: string;
  direction: Direction;
  quantity: string;
  reason: string;
}
interface Booked {
  movement: Movement;
  article: Article;
  undone: boolean;
}
/** Booked offline: waiting in the outbox; the stock shown is the index's, less what waits (a hint). */
interface Queued {
  queued: true;
  name: string;
  stock: string;
  /** More goes out than the saved stock holds: said at once (the server will likely refuse it). */
  short: boolean;
}
/** A location label was scanned: it is chosen for the next bookings. */
interface Located {
  located: string;
}
const DEFAULT_REASON: Record<Direction, Reason> = { in: 'purchase', out: 'consumption' };
/** How many of this session's bookings stay listed with their undo. */
const RECENT = 5;
const CODE_FIELD = 'stock-quick-code';

/**
 * /stock/book, for phones and keyboard-wedge scanners: the code field keeps the focus and Enter
 * books (a scanner types the code and Enter), with the direction, quantity and reason chosen before.
 */
export function QuickBookPage() {
  const { t } = useTranslation(NS);
  const format = useFormat();
  const dispatch = useAppDispatch();
  const [book] = useBookStockMovementMutation();
  const idempotent = useIdempotentSubmit();
  const [recent, setRecent] = useState<Booked[]>([]);
  const outbox = useOutbox();
  const place = useLocationScan();
  const refocus = useCallback(() => setTimeout(() => document.getElementById(CODE_FIELD)?.focus(), 0), []);

  /** The article whose barcode or SKU is exactly this code (the search also finds partial matches). */
  const articleFor = async (code: string): Promise<Article> => {
    // Once, without a subscription: a booking's cache update must not look the code up again.
    const { articles } = await dispatch(
      stockEndpoints.listStockArticles.initiate({ q: code, limit: 20 }, { subscribe: false, forceRefetch: true }),
    ).unwrap();
    const lower = code.toLowerCase();
    const match = articles.find((a) => a.barcode === code) ?? articles.find((a) => a.sku.toLowerCase() === lower);
    if (!match) throw new FormFailure('quick.unknownCode');
    return match;
  };

  /** Offline: the article from the index, the booking into the outbox with the device time. */
  const queueOffline = async (v: QuickValues): Promise<Queued> => {
    const found = await outbox.lookup(v.code);
    if (!found || found.archived) throw new FormFailure('offline.unknownCode');
    const quantity = parseQuantity(v.quantity);
    const { id, sku, name, unit } = found;
    await outbox.queue({
      article: { id, sku, name, unit },
      kind: v.direction,
      quantity,
      reason: v.reason as Reason,
      ...(place.location && { location: place.location }),
    });
    form.setField('code', '');
    const waiting = outbox.entries
      .filter((e) => e.article.id === id && (e.status === 'waiting' || e.status === 'sending'))
      .reduce((sum, e) => sum + (e.kind === 'in' ? e.quantity : -e.quantity), 0);
    const delta = v.direction === 'in' ? quantity : -quantity;
    const after = found.quantity + waiting + delta;
    return { queued: true, name, stock: format.quantity(after, unit), short: after < 0 };
  };

  const form = useFormSubmit<QuickValues, { movement: Movement | null; article: Article } | Queued | Located>({
    ns: NS,
    initial: { code: '', direction: 'out', quantity: '1', reason: DEFAULT_REASON.out },
    validate: (v) => {
      if (!v.code.trim()) return 'quick.codeRequired';
      const quantity = parseQuantity(v.quantity);
      if (Number.isNaN(quantity) || quantity <= 0) return 'errors.quantityInvalid';
      return undefined;
    },
    send: async (v) => {
      // A location label first: it stays chosen until another is scanned or it is cleared.
      const scanned = place.scan(v.code);
      if (scanned) {
        form.setField('code', '');
        return { located: scanned.code };
      }
      if (navigator.onLine === false) return queueOffline(v);
      const article = await articleFor(v.code.trim());
      const body = {
        article_id: article.id,
        kind: v.direction,
        quantity: parseQuantity(v.quantity),
        reason: v.reason as Reason,
        ...(place.location && { location_id: place.location.id }),
      };
      const result = await idempotent(body, (key) => book({ 'idempotency-key': key, body }).unwrap());
      // The next scan must not be appended to this code.
      form.setField('code', '');
      // The offline hint starts from what the server said now, not the index's older copy.
      outbox.noteBooked(result.article.id, result.article.quantity);
      if (result.movement) {
        const movement = result.movement;
        setRecent((list) => [{ movement, article: result.article, undone: false }, ...list].slice(0, RECENT));
      }
      return result;
    },
    errors: BOOKING_ERRORS,
    success: (result) =>
      'located' in result
        ? { key: 'locations.scanSet', values: { code: result.located } }
        : 'queued' in result
          ? {
              key: result.short ? 'offline.queuedShort' : 'offline.queued',
              values: { name: result.name, stock: result.stock },
            }
          : {
              key: 'quick.booked',
              values: {
                name: result.article.name,
                stock: format.quantity(result.article.quantity, result.article.unit),
              },
            },
    again: true,
    keepValues: true,
  });

  // "Lagerplatz abwählen" also takes back the note that it was chosen.
  const [dismissed, setDismissed] = useState<typeof form.feedback>(null);
  const feedback = form.feedback === dismissed ? null : form.feedback;

  const submit = form.submit;
  const submitAndRefocus = async () => {
    await submit();
    // The next scan goes into the code field again, emptied only after a booking.
    refocus();
  };

  const setDirection = (direction: Direction) => {
    form.setValues({ ...form.values, direction, reason: DEFAULT_REASON[direction] });
    refocus();
  };

  const onCamera = useCallback(
    (code: string) => {
      form.setField('code', code);
      refocus();
    },
    [form.setField, refocus],
  );

  return (
    <Page title={t('quick.title')}>
      <StockNav />
      <form
        className="form stock-quick"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submitAndRefocus();
        }}
      >
        <fieldset className="stock-direction">
          <legend className="visually-hidden">{t('quick.direction')}</legend>
          {(['in', 'out'] as const).map((direction) => (
            <button
              key={direction}
              type="button"
              className={form.values.direction === direction ? undefined : 'secondary'}
              aria-pressed={form.values.direction === direction}
              onClick={() => setDirection(direction)}
            >
              {t(`actions.${direction}`)}
            </button>
          ))}
        </fieldset>
        <TextField
          id={CODE_FIELD}
          label={t('quick.code')}
          hint={t('quick.codeHint')}
          autoFocus
          autoComplete="off"
          autoCapitalize="off"
          enterKeyHint="go"
          {...form.field('code')}
        />
        {place.location && (
          <p className="stock-quick-location" aria-live="polite">
            <strong>{t('locations.scanChosen', { code: place.location.code })}</strong>{' '}
            <span>{t('locations.scanChosenHint')}</span>{' '}
            <button
              type="button"
              className="secondary"
              onClick={() => {
                place.clear();
                setDismissed(form.feedback);
                refocus();
              }}
            >
              {t('locations.scanClear')}
            </button>
          </p>
        )}
        <CameraScan onCode={onCamera} />
        <div className="stock-quick-row">
          <TextField label={t('quick.quantity')} inputMode="decimal" autoComplete="off" {...form.field('quantity')} />
          <SelectField
            label={t('booking.reason')}
            options={REASONS[form.values.direction].map((reason) => ({ value: reason, label: t(`reasons.${reason}`) }))}
            {...form.field('reason')}
          />
        </div>
        <FormFeedback feedback={feedback} />
        <button type="submit" className="stock-confirm" disabled={form.busy} aria-busy={form.busy}>
          {t(form.values.direction === 'in' ? 'quick.confirmIn' : 'quick.confirmOut')}
        </button>
      </form>
      <OutboxPanel outbox={outbox} />
      <section aria-labelledby="recent-title">
        <h2 id="recent-title">{t('quick.recent')}</h2>
        {recent.length === 0 ? (
          <p>{t('quick.noneYet')}</p>
        ) : (
          <ul className="stock-recent">
            {recent.map((entry) => (
              <li key={entry.movement.id}>
                <span>
                  {t(`kinds.${entry.movement.kind}`)} {format.delta(entry.movement.delta, entry.movement.unit)} ·{' '}
                  {entry.article.name}
                  {entry.movement.location_code &&
                    ` · ${t('locations.scanChosen', { code: entry.movement.location_code })}`}
                </span>
                {entry.undone ? (
                  <span className="badge">{t('quick.undone')}</span>
                ) : (
                  <ReverseButton
                    movement={entry.movement}
                    confirm={false}
                    text={t('quick.undo')}
                    label={t('quick.undoLabel', { name: entry.article.name })}
                    onReversed={() => {
                      setRecent((list) =>
                        list.map((item) => (item.movement.id === entry.movement.id ? { ...item, undone: true } : item)),
                      );
                      refocus();
                    }}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </Page>
  );
}
