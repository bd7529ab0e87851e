import { SelectField } from '@lager/shared';
import { useTranslation } from 'react-i18next';
import { NS } from '../../i18n';
import { useListStockLocationsQuery } from './api';
import { treeOptions } from './tree';

/**
 * A storage location of the current warehouse (not archived), in tree order. Empty means "none
 * chosen": a booking then goes to the article's default location, else STANDARD.
 */
export function LocationSelect({
  value,
  onChange,
  label,
  placeholder,
  disabled,
  error,
  exclude,
}: {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  placeholder?: string;
  disabled?: boolean;
  error?: string;
  /** A location not to offer (a relocation's source as its target); the ones below it stay. */
  exclude?: string;
}) {
  const { t } = useTranslation(NS);
  const { data } = useListStockLocationsQuery(undefined);
  return (
    <SelectField
      label={label ?? t('locations.location')}
      placeholder={placeholder ?? t('locations.locationDefault')}
      options={treeOptions(data?.locations ?? []).filter((option) => option.value !== exclude)}
      value={value}
      disabled={disabled}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** A form's location text as the API's `location_id` (null: the server's default). */
export const locationIdOf = (value: string) => (value ? Number(value) : null);
