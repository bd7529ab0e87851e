import { type ApiError, errorMessage } from '@lager/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOKING_ERRORS, type Unit } from '../../api/stock-api';
import { NS } from '../../i18n';
import { parseQuantity, useFormat } from '../../lib/format';
import { LocationSelect, useListStockLocationsQuery } from '../locations';
import type { OutboxEntry } from './db';
import { needsConfirmation } from './outbox';
import './texts';
import type { useOutbox } from './use-outbox';

type Outbox = ReturnType<typeof useOutbox>;

/** Bookings made offline: waiting, booked later, and those that need the user (offline spec §2). */
export function OutboxPanel({ outbox }: { outbox: Outbox }) {
  const { t } = useTranslation(NS);
  const format = useFormat();
  const attention = outbox.entries.filter((e) => e.status === 'refused' || needsConfirmation(e));
  const rest = outbox.entries.filter((e) => !attention.includes(e));
  if (outbox.entries.length === 0 && !outbox.login) return null;
  return (
    <section aria-labelledby="outbox-title">
      <h2 id="outbox-title">{t('offline.title')}</h2>
      {outbox.login && <p role="alert">{t('offline.login')}</p>}
      {rest.length > 0 && (
        <ul className="stock-recent">
          {rest.map((entry) => (
            <li key={entry.seq}>
              <EntryText entry={entry} />
              <span className="badge">
                {entry.status === 'booked'
                  ? t('offline.booked', {
                      stock:
                        entry.quantity_after === undefined
                          ? '–'
                          : format.quantity(entry.quantity_after, entry.article.unit),
                    })
                  : t('offline.waiting')}
              </span>
            </li>
          ))}
        </ul>
      )}
      {attention.length > 0 && (
        <>
          <h3>{t('offline.attention')}</h3>
          <ul className="stock-recent stock-attention">
            {attention.map((entry) => (
              <AttentionItem key={entry.seq} entry={entry} outbox={outbox} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function EntryText({ entry }: { entry: OutboxEntry }) {
  const { t } = useTranslation(NS);
  const format = useFormat();
  const delta = entry.kind === 'in' ? entry.quantity : -entry.quantity;
  return (
    <span>
      {t(`kinds.${entry.kind}`)} {format.delta(delta, entry.article.unit)} · {entry.article.name}
      {entry.location && ` · ${t('locations.scanChosen', { code: entry.location.code })}`}
    </span>
  );
}

/** A number as the API wrote it in a text of that language ("1.234,5" / "1,234.5"). */
function parseLocalized(text: string, language: string): number {
  const digits = /^-?[\d.,]+/.exec(text.replace(/\s/g, ''))?.[0] ?? '';
  const plain = language === 'de' ? digits.replace(/\./g, '').replace(',', '.') : digits.replace(/,/g, '');
  return plain ? Number(plain) : Number.NaN;
}

/**
 * The server's reason in the language shown now. Its text names values (the available quantity,
 * the location) in the language it was sent in; after a language switch they are written anew
 * here instead of falling back to the generic text (issue 38).
 */
function useRefusal(
  error: ApiError | undefined,
  unit: Unit,
): { key: string; values?: Record<string, unknown> } | undefined {
  const format = useFormat();
  if (!error) return undefined;
  const message = errorMessage(error, BOOKING_ERRORS);
  const { details } = error;
  if (!details || message.values) return message;
  const values: Record<string, unknown> = { ...details.values, context: details.context ?? 'detail' };
  if (typeof details.values.available === 'string') {
    const available = parseLocalized(details.values.available, details.language);
    if (Number.isNaN(available)) return message;
    values.available = format.quantity(available, unit);
  }
  return { key: message.key, values };
}

function AttentionItem({ entry, outbox }: { entry: OutboxEntry; outbox: Outbox }) {
  const { t } = useTranslation(NS);
  const [quantity, setQuantity] = useState(String(entry.quantity));
  const [location, setLocation] = useState(entry.location ? String(entry.location.id) : '');
  const { data: locations } = useListStockLocationsQuery(undefined);
  const seq = entry.seq!;
  const reason = useRefusal(entry.error, entry.article.unit);
  const amount = parseQuantity(quantity);
  const chosen = location ? locations?.locations.find((l) => l.id === Number(location)) : undefined;
  const resend = () =>
    void outbox.retry(seq, {
      quantity: amount,
      location: chosen ? { id: chosen.id, code: chosen.code } : location ? entry.location : null,
    });
  return (
    <li>
      <EntryText entry={entry} />
      <p>
        {reason
          ? t(reason.key, reason.values)
          : t('offline.old', { date: new Date(entry.occurred_at).toLocaleString() })}
      </p>
      {reason ? (
        <div className="stock-attention-edit">
          <label>
            {t('quick.quantity')}
            <input inputMode="decimal" value={quantity} onChange={(event) => setQuantity(event.target.value)} />
          </label>
          <LocationSelect value={location} onChange={setLocation} />
        </div>
      ) : null}
      <div className="stock-attention-actions">
        {reason ? (
          <button type="button" disabled={Number.isNaN(amount) || amount <= 0} onClick={resend}>
            {t('offline.retry')}
          </button>
        ) : (
          <button type="button" onClick={() => void outbox.retry(seq, { confirmed: true })}>
            {t('offline.confirm')}
          </button>
        )}
        <button type="button" className="secondary" onClick={() => void outbox.discard(seq)}>
          {t('offline.discard')}
        </button>
      </div>
    </li>
  );
}
