import { Alert, Card, SelectField, Skeleton } from '@lager/shared';
import { useState } from 'react';
import {
  type ListDigestSubscriptionsApiResponse,
  useListDigestSubscriptionsQuery,
  useSubscribeDigestMutation,
  useUnsubscribeDigestMutation,
} from '../../../api/generated';
import { useAccountTranslation } from '../../../lib/i18n';

type Entry = ListDigestSubscriptionsApiResponse['warehouses'][number];

/** The browser's time zone, the default for a new subscription. */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
/** Every IANA zone the browser knows (with the chosen one, should it not be among them). */
const zones = (chosen: string) => {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...known, chosen, 'UTC'])].sort();
};
const HOURS = Array.from({ length: 24 }, (_, h) => h);

/**
 * The daily low-stock digest per warehouse (stock-spec-2 §4): on/off, the hour and the time zone
 * (default the browser's). Only warehouses where the user sees stock are offered; none, no card.
 */
export function DigestCard() {
  const { t } = useAccountTranslation();
  const { data, isLoading, isError, refetch } = useListDigestSubscriptionsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  if (isLoading) return <Skeleton rows={2} />;
  if (isError)
    return (
      <Card title={t('digest.title')}>
        <Alert kind="error">
          {t('digest.loadFailed')}{' '}
          <button type="button" className="link" onClick={() => void refetch()}>
            {t('digest.retry')}
          </button>
        </Alert>
      </Card>
    );
  if (!data?.warehouses.length) return null;
  return (
    <Card title={t('digest.title')}>
      <p>{t('digest.intro')}</p>
      {data.warehouses.map((entry) => (
        <DigestForm key={entry.warehouse_id} entry={entry} />
      ))}
    </Card>
  );
}

function DigestForm({ entry }: { entry: Entry }) {
  const { t } = useAccountTranslation();
  const [on, setOn] = useState(entry.subscribed);
  const [hour, setHour] = useState(String(entry.hour ?? 7));
  const [zone, setZone] = useState(entry.time_zone ?? browserZone());
  const [subscribe, subscribing] = useSubscribeDigestMutation();
  const [unsubscribe, unsubscribing] = useUnsubscribeDigestMutation();
  const [status, setStatus] = useState<'saved' | 'failed' | null>(null);
  const busy = subscribing.isLoading || unsubscribing.isLoading;
  const id = `digest-${entry.warehouse_id}`;

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setStatus(null);
    try {
      if (on) {
        await subscribe({ warehouseId: entry.warehouse_id, body: { hour: Number(hour), time_zone: zone } }).unwrap();
      } else if (entry.subscribed) {
        await unsubscribe(entry.warehouse_id).unwrap();
      }
      setStatus('saved');
    } catch {
      setStatus('failed');
    }
  };

  return (
    <form onSubmit={(e) => void save(e)} noValidate className="form" aria-labelledby={`${id}-name`}>
      <h3 id={`${id}-name`}>{entry.name}</h3>
      <fieldset disabled={busy}>
        <div className="field">
          <label>
            <input type="checkbox" checked={on} onChange={(e) => setOn(e.target.checked)} />{' '}
            {t('digest.enabled', { warehouse: entry.name })}
          </label>
        </div>
        <SelectField
          label={t('digest.hour')}
          value={hour}
          disabled={!on}
          options={HOURS.map((h) => ({ value: String(h), label: `${String(h).padStart(2, '0')}:00` }))}
          onChange={(e) => setHour(e.target.value)}
        />
        <SelectField
          label={t('digest.timeZone')}
          value={zone}
          disabled={!on}
          options={zones(zone).map((z) => ({ value: z, label: z.replace(/_/g, ' ') }))}
          onChange={(e) => setZone(e.target.value)}
        />
      </fieldset>
      <div className="actions">
        <button type="submit" disabled={busy} aria-busy={busy}>
          {t('digest.save', { warehouse: entry.name })}
        </button>
      </div>
      {status === 'saved' && <Alert kind="success">{t(on ? 'digest.saved' : 'digest.off')}</Alert>}
      {status === 'failed' && <Alert kind="error">{t('digest.failed')}</Alert>}
    </form>
  );
}
