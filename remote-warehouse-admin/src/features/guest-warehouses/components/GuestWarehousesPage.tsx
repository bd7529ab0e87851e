import { Checklist, EmptyState, Loading, Page } from '@lager/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/LoadFailed';
import { useListGuestWarehousesQuery } from '../api/guest-warehouses';
import { LeaveWarehousesDialog } from './LeaveWarehousesDialog';

/** /admin/warehouse/guest (route name guestwarehouse): warehouses joined as a guest, leave selected. */
export function GuestWarehousesPage() {
  const { t } = useTranslation('warehouseAdmin');
  const { data: warehouses, isLoading, isError, refetch } = useListGuestWarehousesQuery();
  const [selected, setSelected] = useState<number[]>([]);
  const [leaving, setLeaving] = useState<number[] | null>(null);

  // After a (partial) leave the list is refetched; only ids still listed stay selected.
  const selectedIds = selected.filter((id) => warehouses?.some((w) => w.id === id));

  let content: ReactNode;
  if (isLoading) content = <Loading />;
  else if (isError || !warehouses) content = <LoadFailed onRetry={() => void refetch()} />;
  else if (warehouses.length === 0)
    content = (
      <EmptyState>
        <p>{t('messages.noGuest')}</p>
      </EmptyState>
    );
  else
    content = (
      <>
        <Checklist
          legend={t('labels.guestList')}
          items={warehouses.map((w) => ({ id: w.id, label: w.name }))}
          selected={selectedIds}
          onChange={setSelected}
        />
        <div className="actions">
          <button
            type="button"
            className="danger"
            disabled={selectedIds.length === 0}
            onClick={() => setLeaving(selectedIds)}
          >
            {t('buttons.leaveSelected')}
          </button>
        </div>
      </>
    );

  return (
    <Page title={t('titles.guest')}>
      {content}
      {leaving && (
        <LeaveWarehousesDialog
          warehouseIds={leaving}
          onLeft={(ids) => setSelected((prev) => prev.filter((id) => !ids.includes(id)))}
          onClose={() => setLeaving(null)}
        />
      )}
    </Page>
  );
}
