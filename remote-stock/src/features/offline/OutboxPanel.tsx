import { errorMessage } from '@lager/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOKING_ERRORS } from '../../api/stock-api';
import { NS } from '../../i18n';
import { parseQuantity, useFormat } from '../../lib/format';
import type { OutboxEntry } from './db';
import { needsConfirmation } from './outbox';
import './texts';
import type { useOutbox } from './use-outbox';

type Outbox = ReturnType<typeof useOutbox>;

/** Bookings made offline: waiting, booked later, and those that need the user (offline spec §2). */
export function OutboxPanel({ outbox }: { outbox: Outbox }) {
  const { t } = useTranslation(NS);
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
                  ? t('offline.booked', { stock: entry.quantity_after ?? '–' })
                  : t('offline.waiting')}
              </span>
            </li>
          ))}
        </ul>
      )}
      {attention.length > 0 && (
        <>
          <h3>{t('offline.attention')}</h3>
          <ul className="stock-recent">
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
    </span>
  );
}

function AttentionItem({ entry, outbox }: { entry: OutboxEntry; outbox: Outbox }) {
  const { t } = useTranslation(NS);
  const [quantity, setQuantity] = useState(String(entry.quantity));
  const seq = entry.seq!;
  const reason = entry.error ? errorMessage(entry.error, BOOKING_ERRORS) : undefined;
  const amount = parseQuantity(quantity);
  return (
    <li>
      <EntryText entry={entry} />
      <p>
        {reason
          ? t(reason.key, reason.values)
          : t('offline.old', { date: new Date(entry.occurred_at).toLocaleString() })}
      </p>
      {reason ? (
        <>
          <label>
            {t('quick.quantity')}
            <input inputMode="decimal" value={quantity} onChange={(event) => setQuantity(event.target.value)} />
          </label>
          <button
            type="button"
            disabled={Number.isNaN(amount) || amount <= 0}
            onClick={() => void outbox.retry(seq, { quantity: amount })}
          >
            {t('offline.retry')}
          </button>
        </>
      ) : (
        <button type="button" onClick={() => void outbox.retry(seq, { confirmed: true })}>
          {t('offline.confirm')}
        </button>
      )}
      <button type="button" className="secondary" onClick={() => void outbox.discard(seq)}>
        {t('offline.discard')}
      </button>
    </li>
  );
}
