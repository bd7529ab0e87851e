import { namedRoutes, Page } from '@lager/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useListOwnedWarehousesQuery } from '../../../api/warehouse-lists';
import { WarehouseChecklist } from '../../../components/WarehouseChecklist';
import { DeleteWarehousesDialog } from './DeleteWarehousesDialog';

/** /admin/warehouse/my (route name mywarehouse): owned warehouses, edit links, delete selected. */
export function MyWarehousesPage() {
  const { t } = useTranslation('warehouseAdmin');
  const createFirst = (
    <Link className="button" to={namedRoutes.newwarehouse()}>
      {t('buttons.createFirst')}
    </Link>
  );
  const editLink = (w: { id: number; name: string }) => (
    <>
      {' '}
      <Link
        className="button secondary"
        to={namedRoutes.editwarehouse(w.id)}
        aria-label={t('labels.editWarehouse', { name: w.name })}
      >
        {t('buttons.edit')}
      </Link>
    </>
  );

  return (
    <Page title={t('titles.my')}>
      <WarehouseChecklist
        useList={useListOwnedWarehousesQuery}
        empty={
          <>
            <p>{t('messages.noOwned')}</p>
            {createFirst}
          </>
        }
        legend={t('labels.ownedList')}
        extra={editLink}
        actionLabel={t('buttons.deleteSelected')}
        dialog={({ ids, unselect, close }) => (
          <DeleteWarehousesDialog warehouseIds={ids} onDeleted={() => unselect(ids)} onClose={close} />
        )}
      />
    </Page>
  );
}
