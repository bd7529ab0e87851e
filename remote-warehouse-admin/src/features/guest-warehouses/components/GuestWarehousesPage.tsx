import { Page } from '@lager/shared';
import { useTranslation } from 'react-i18next';
import { useListGuestWarehousesQuery } from '../../../api/warehouse-lists';
import { WarehouseChecklist } from '../../../components/WarehouseChecklist';
import { LeaveWarehousesDialog } from './LeaveWarehousesDialog';

/** /admin/warehouse/guest (route name guestwarehouse): warehouses joined as a guest, leave selected. */
export function GuestWarehousesPage() {
  const { t } = useTranslation('warehouseAdmin');
  return (
    <Page title={t('titles.guest')}>
      <WarehouseChecklist
        useList={useListGuestWarehousesQuery}
        empty={<p>{t('messages.noGuest')}</p>}
        legend={t('labels.guestList')}
        actionLabel={t('buttons.leaveSelected')}
        // A partial leave unticks only the warehouses that were left.
        dialog={({ ids, unselect, close }) => (
          <LeaveWarehousesDialog warehouseIds={ids} onLeft={unselect} onClose={close} />
        )}
      />
    </Page>
  );
}
