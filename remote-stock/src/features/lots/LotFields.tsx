import { TextField } from '@lager/shared';
import { useTranslation } from 'react-i18next';
import { NS } from '../../i18n';
import './i18n';

/** The lot fields of a booking form's values (strings as typed). */
export interface LotValues {
  lot: string;
  best_before: string;
  serials: string;
}
export const NO_LOTS: LotValues = { lot: '', best_before: '', serials: '' };

type FieldOf = (name: keyof LotValues) => {
  value: unknown;
  onChange: (event: React.ChangeEvent<HTMLInputElement>) => void;
  error?: string;
};

/**
 * Lot, best-before and serial numbers where a tracked article is booked (stock-spec-3 §2). `tracking`
 * unknown (quick booking before the article is known): lot and best-before and serials all shown.
 */
export function LotFields({
  field,
  tracking,
  direction,
}: {
  field: FieldOf;
  tracking?: 'lot' | 'serial' | null;
  direction: 'in' | 'out' | 'correction';
}) {
  const { t } = useTranslation(NS);
  const props = (name: keyof LotValues) => {
    const f = field(name);
    return { value: String(f.value ?? ''), onChange: f.onChange, error: f.error };
  };
  return (
    <div className="stock-lot-fields">
      {tracking !== 'serial' && (
        <TextField
          label={t('lots.lot')}
          hint={direction === 'out' ? t('lots.lotHintOut') : undefined}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={40}
          {...props('lot')}
        />
      )}
      {tracking !== 'serial' && direction !== 'out' && (
        <TextField label={t('lots.bestBefore')} type="date" {...props('best_before')} />
      )}
      {tracking !== 'lot' && (
        <TextField label={t('lots.serials')} hint={t('lots.serialsHint')} autoComplete="off" {...props('serials')} />
      )}
    </div>
  );
}

/** The lot fields of a request body: only what was filled in; serials split on commas, spaces or lines. */
export function lotBody(values: LotValues) {
  const serials = values.serials
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    ...(values.lot.trim() ? { lot: values.lot.trim() } : {}),
    ...(values.best_before ? { best_before: values.best_before } : {}),
    ...(serials.length ? { serials } : {}),
  };
}

/** A best-before date (ISO) in the reader's language, as a calendar date (no time zone shift). */
export function formatDay(iso: string, language: string) {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'de-DE', {
    dateStyle: 'medium',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));
}
