import { Alert, Page, SelectField, TextField } from '@lager/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../../i18n';
import { useCsvDownload } from '../../lib/csv-download';
import { LocationSelect } from '../locations';
import { StockNav } from '../nav';
import { type JournalFilters, MovementJournal } from './MovementJournal';

const KINDS = ['in', 'out', 'correction', 'transfer_out', 'transfer_in', 'reversal', 'relocation'] as const;

/** /stock/movements: the journal of the warehouse with filters and CSV export. */
export function MovementsPage() {
  const { t } = useTranslation(NS);
  const [kind, setKind] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [location, setLocation] = useState('');
  const csv = useCsvDownload('api/stock/movements.csv', 'movements.csv');
  const filters: JournalFilters = {
    kind: (kind || undefined) as JournalFilters['kind'],
    from: from || undefined,
    to: to || undefined,
    locationId: location ? Number(location) : undefined,
  };

  return (
    <Page title={t('journal.title')}>
      <StockNav />
      <div className="stock-filters">
        <SelectField
          label={t('journal.kind')}
          value={kind}
          placeholder={t('journal.allKinds')}
          options={KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))}
          onChange={(e) => setKind(e.target.value)}
        />
        <TextField label={t('journal.from')} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        <TextField label={t('journal.to')} type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        <LocationSelect
          value={location}
          onChange={setLocation}
          label={t('locations.location')}
          placeholder={t('locations.allLocations')}
        />
      </div>
      <p className="actions">
        <button
          type="button"
          className="secondary"
          onClick={() =>
            void csv.download({
              kind: filters.kind,
              from: filters.from,
              to: filters.to,
              location_id: filters.locationId,
            })
          }
          disabled={csv.busy}
          aria-busy={csv.busy}
        >
          {t('journal.export')}
        </button>
      </p>
      {csv.failed && <Alert kind="error">{t('errors.exportFailed')}</Alert>}
      <MovementJournal key={JSON.stringify(filters)} filters={filters} caption={t('journal.title')} />
    </Page>
  );
}
