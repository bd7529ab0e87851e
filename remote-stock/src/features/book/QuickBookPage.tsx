import {
  FormFailure,
  FormFeedback,
  isApiError,
  Page,
  parseGs1,
  SelectField,
  TextField,
  useAppDispatch,
  useFormSubmit,
} from '@lager/shared';
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
import { LotFields, type LotValues, lotBody, NO_LOTS } from '../lots';
import { ReverseButton } from '../movements';
import { StockNav } from '../nav';
import { OutboxPanel, useOutbox } from '../offline';
import { CameraScan } from './CameraScan';

type Direction = 'in' | 'out';
interface QuickValues extends Record<string, unknown>, LotValues {
  code: string;
  direction: Direction;
  quantity: string;
  reason: string;
}
/** Refusals that ask for the lot fields (stock-spec-3 §2): they open. */
const LOT_CODES = new Set(['lot.required', 'serials.required', 'best_before.required', 'lot.best_before_mismatch']);
/**
 * A scanned GS1-128 code (stock-spec-3 §2): the GTIN names the article, its lot, best-before and serial
 * fill the fields the user left empty. Any other code is looked up as it is.
 */
function withGs1(v: QuickValues): { code: string; gtin: string | null; lots: LotValues } {
  const gs1 = parseGs1(v.code);
  if (!gs1?.gtin) return { code: v.code.trim(), gtin: null, lots: v };
  return {
    code: gs1.gtin.replace(/^0+(?=\d{8})/, ''),
    gtin: gs1.gtin,
    lots: {
      lot: v.lot.trim() || gs1.lot || '',
      best_before: v.best_before || gs1.bestBefore || '',
      serials: v.serials.trim() || gs1.serial || '',
    },
  };
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
  /** The lots the last booking took or put (FEFO may split a goods-out over several). */
  const [taken, setTaken] = useState<{ lot: string; quantity: number }[] | null>(null);
  const outbox = useOutbox();
  const place = useLocationScan();
  const refocus = useCallback(() => setTimeout(() => document.getElementById(CODE_FIELD)?.focus(), 0), []);
  const [showLots, setShowLots] = useState(false);

  /** The article whose barcode or SKU is exactly this code (the search also finds partial matches). */
  const articleFor = async (code: string, gtin: string | null = null): Promise<Article> => {
    // Once, without a subscription: a booking's cache update must not look the code up again.
    const { articles } = await dispatch(
      stockEndpoints.listStockArticles.initiate({ q: code, limit: 20 }, { subscribe: false, forceRefetch: true }),
    ).unwrap();
    const lower = code.toLowerCase();
    // A GTIN-14 of a scan matches the article's EAN-13/UPC-A/EAN-8 with its leading zeros.
    const match =
      articles.find((a) => a.barcode === code || (gtin !== null && a.barcode?.padStart(14, '0') === gtin)) ??
      articles.find((a) => a.sku.toLowerCase() === lower);
    if (!match) throw new FormFailure('quick.unknownCode');
    return match;
  };

  /** Offline: the article from the index, the booking into the outbox with the device time. */
  const queueOffline = async (v: QuickValues): Promise<Queued> => {
    const scan = withGs1(v);
    const found = await outbox.lookup(scan.code);
    if (!found || found.archived) throw new FormFailure('offline.unknownCode');
    const quantity = parseQuantity(v.quantity);
    const { id, sku, name, unit } = found;
    await outbox.queue({
      article: { id, sku, name, unit },
      kind: v.direction,
      quantity,
      reason: v.reason as Reason,
      ...(place.location && { location: place.location }),
      ...lotBody(scan.lots),
    });
    form.setValues({ ...form.values, code: '', ...NO_LOTS });
    const waiting = outbox.entries
      .filter((e) => e.article.id === id && (e.status === 'waiting' || e.status === 'sending'))
      .reduce((sum, e) => sum + (e.kind === 'in' ? e.quantity : -e.quantity), 0);
    const delta = v.direction === 'in' ? quantity : -quantity;
    const after = found.quantity + waiting + delta;
    return { queued: true, name, stock: format.quantity(after, unit), short: after < 0 };
  };

  const form = useFormSubmit<QuickValues, { movement: Movement | null; article: Article } | Queued | Located>({
    ns: NS,
    initial: { code: '', direction: 'out', quantity: '1', reason: DEFAULT_REASON.out, ...NO_LOTS },
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
      const scan = withGs1(v);
      const article = await articleFor(scan.code, scan.gtin);
      const body = {
        article_id: article.id,
        kind: v.direction,
        quantity: parseQuantity(v.quantity),
        reason: v.reason as Reason,
        ...(place.location && { location_id: place.location.id }),
        ...(article.tracking !== 'none' ? lotBody(scan.lots) : {}),
      };
      let result: Awaited<ReturnType<ReturnType<typeof book>['unwrap']>>;
      try {
        result = await idempotent(body, (key) => book({ 'idempotency-key': key, body }).unwrap());
      } catch (error) {
        // The article wants a lot, serials or a date: the fields open, filled with what the scan gave.
        if (isApiError(error) && LOT_CODES.has(error.code)) {
          setShowLots(true);
          form.setValues({ ...v, ...scan.lots });
        }
        throw error;
      }
      // The next scan must not be appended to this code, nor its lot to the next article.
      form.setValues({ ...v, code: '', ...NO_LOTS });
      setTaken('lots' in result && result.lots?.length ? result.lots : null);
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
        {showLots ? (
          <LotFields field={form.field} direction={form.values.direction} />
        ) : (
          <p>
            <button type="button" className="link" onClick={() => setShowLots(true)}>
              {t('lots.showFields')}
            </button>
          </p>
        )}
        <FormFeedback feedback={feedback} />
        {taken && feedback?.kind === 'success' && (
          <p className="stock-lots-taken" aria-live="polite">
            {t('lots.taken', { lots: taken.map((l) => `${l.lot} (${format.number(l.quantity)})`).join(', ') })}
          </p>
        )}
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
