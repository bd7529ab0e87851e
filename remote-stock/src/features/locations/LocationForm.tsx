import { FormFeedback, SelectField, TextField, useFormSubmit } from '@lager/shared';
import { useTranslation } from 'react-i18next';
import {
  CODE_PATTERN,
  LOCATION_ERRORS,
  type Location,
  normalizeCode,
  useCreateStockLocationMutation,
  useUpdateStockLocationMutation,
} from './api';
import { NS } from './i18n';
import { childrenOf, subtreeIds, treeOptions } from './tree';

interface LocationValues extends Record<string, unknown> {
  code: string;
  name: string;
  parent: string;
}

/** Create a location, or edit one (code, name, and where it lies: a move). */
export function LocationForm({
  locations,
  location,
  onDone,
}: {
  locations: readonly Location[];
  /** The location being edited; without it the form creates one. */
  location?: Location;
  onDone?: () => void;
}) {
  const { t } = useTranslation(NS);
  const [create] = useCreateStockLocationMutation();
  const [update] = useUpdateStockLocationMutation();
  const active = locations.filter((l) => !l.archived_at);
  // A location cannot move below itself or below one of its own.
  const exclude = location ? subtreeIds(childrenOf(locations), location.id) : new Set<number>();
  const form = useFormSubmit<LocationValues, { location: Location }>({
    ns: NS,
    initial: {
      code: location?.code ?? '',
      name: location?.name ?? '',
      parent: location?.parent_id ? String(location.parent_id) : '',
    },
    validate: (v) =>
      CODE_PATTERN.test(normalizeCode(v.code)) ? undefined : { key: 'locations.errors.codeInvalid', field: 'code' },
    send: (v) => {
      const body = {
        code: normalizeCode(v.code),
        name: v.name.trim() || null,
        parent_id: v.parent ? Number(v.parent) : null,
      };
      return location ? update({ id: location.id, body }).unwrap() : create(body).unwrap();
    },
    errors: LOCATION_ERRORS,
    success: (result) =>
      location ? 'locations.saved' : { key: 'locations.created', values: { code: result.location.code } },
    again: !location,
    after: location && onDone ? { ms: 0, run: onDone } : undefined,
  });
  const prefix = location ? `location-edit-${location.id}` : 'location-new';
  return (
    <form onSubmit={form.onSubmit} noValidate className="form stock-location-form" aria-labelledby={`${prefix}-title`}>
      <h2 id={`${prefix}-title`}>
        {location ? t('locations.editTitle', { code: location.code }) : t('locations.new')}
      </h2>
      <fieldset disabled={form.busy}>
        <TextField
          label={t('locations.code')}
          hint={t('locations.codeHint')}
          maxLength={32}
          autoComplete="off"
          autoCapitalize="characters"
          {...form.field('code')}
        />
        <TextField label={t('locations.name')} maxLength={100} autoComplete="off" {...form.field('name')} />
        <SelectField
          label={t('locations.parent')}
          placeholder={t('locations.root')}
          options={treeOptions(active, exclude)}
          {...form.field('parent')}
        />
      </fieldset>
      <FormFeedback feedback={form.feedback} />
      <div className="actions">
        {onDone && location && (
          <button type="button" className="secondary" onClick={onDone} disabled={form.busy}>
            {t('locations.cancel')}
          </button>
        )}
        <button type="submit" disabled={form.busy} aria-busy={form.busy}>
          {location ? t('locations.save') : t('locations.create')}
        </button>
      </div>
    </form>
  );
}
