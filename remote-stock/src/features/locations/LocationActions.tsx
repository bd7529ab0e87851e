import { ConfirmDialog, Dialog, errorMessage } from '@lager/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LOCATION_ERRORS,
  type Location,
  useArchiveStockLocationMutation,
  useDeleteStockLocationMutation,
  useRestoreStockLocationMutation,
} from './api';
import { NS } from './i18n';
import { LocationForm } from './LocationForm';

/**
 * Edit (and move), archive or restore, delete one location. Archiving takes everything below it;
 * the server refuses while stock lies there and says what (409), shown in the dialog.
 */
export function LocationActions({
  location,
  locations,
  withDelete = false,
  onDeleted,
}: {
  location: Location;
  locations: readonly Location[];
  withDelete?: boolean;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation(NS);
  const [archive, archiving] = useArchiveStockLocationMutation();
  const [restore, restoring] = useRestoreStockLocationMutation();
  const [remove, removing] = useDeleteStockLocationMutation();
  const [open, setOpen] = useState<'edit' | 'archive' | 'delete' | null>(null);
  const [error, setError] = useState<string>();
  const run = async (action: () => Promise<unknown>, after?: () => void) => {
    setError(undefined);
    try {
      await action();
      setOpen(null);
      after?.();
    } catch (failure) {
      const { key, values } = errorMessage(failure, LOCATION_ERRORS);
      setError(t(key, values));
    }
  };
  const close = () => {
    setOpen(null);
    setError(undefined);
  };
  const code = location.code;
  return (
    <span className="stock-location-actions">
      <button
        type="button"
        className="secondary"
        aria-label={t('locations.editLabel', { code })}
        onClick={() => setOpen('edit')}
      >
        {t('locations.edit')}
      </button>
      {location.archived_at ? (
        <button
          type="button"
          className="secondary"
          aria-label={t('locations.restoreLabel', { code })}
          disabled={restoring.isLoading}
          onClick={() => void run(() => restore(location.id).unwrap())}
        >
          {t('locations.restore')}
        </button>
      ) : (
        !location.standard && (
          <button
            type="button"
            className="secondary"
            aria-label={t('locations.archiveLabel', { code })}
            onClick={() => setOpen('archive')}
          >
            {t('locations.archive')}
          </button>
        )
      )}
      {withDelete && !location.standard && (
        <button type="button" className="danger" onClick={() => setOpen('delete')}>
          {t('locations.delete')}
        </button>
      )}
      {error && !open && (
        <span role="alert" className="field-error">
          {error}
        </span>
      )}
      {open === 'edit' && (
        <Dialog title={t('locations.editTitle', { code })} onClose={close}>
          <LocationForm locations={locations} location={location} onDone={close} />
        </Dialog>
      )}
      {open === 'archive' && (
        <ConfirmDialog
          title={t('locations.archiveTitle')}
          message={t('locations.archiveText', { code })}
          confirmLabel={t('locations.archive')}
          busy={archiving.isLoading}
          error={error}
          onConfirm={() => void run(() => archive(location.id).unwrap())}
          onCancel={close}
        />
      )}
      {open === 'delete' && (
        <ConfirmDialog
          title={t('locations.deleteTitle')}
          message={t('locations.deleteText', { code })}
          confirmLabel={t('locations.delete')}
          busy={removing.isLoading}
          error={error}
          onConfirm={() => void run(() => remove(location.id).unwrap(), onDeleted)}
          onCancel={close}
        />
      )}
    </span>
  );
}
