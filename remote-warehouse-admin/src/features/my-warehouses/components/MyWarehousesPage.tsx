import { Checklist, EmptyState, Loading, namedRoutes, Page } from '@lager/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useListOwnedWarehousesQuery } from '../../../api/owned-warehouses';
import { LoadFailed } from '../../../components/LoadFailed';
import { DeleteWarehousesDialog } from './DeleteWarehousesDialog';

/** /admin/warehouse/my (route name mywarehouse): owned warehouses, edit links, delete selected. */
export function MyWarehousesPage() {
  const { t } = useTranslation('warehouseAdmin');
  const { data: warehouses, isLoading, isError, refetch } = useListOwnedWarehousesQuery();
  const [selected, setSelected] = useState<number[]>([]);
  const [deleting, setDeleting] = useState<number[] | null>(null);

  // Only ids still listed count as selected (the list may have been refreshed meanwhile).
  const selectedIds = selected.filter((id) => warehouses?.some((w) => w.id === id));

  let content: ReactNode;
  if (isLoading) content = <Loading />;
  else if (isError || !warehouses) content = <LoadFailed onRetry={() => void refetch()} />;
  else if (warehouses.length === 0)
    content = (
      <EmptyState>
        <p>{t('messages.noOwned')}</p>
        <Link className="button" to={namedRoutes.newwarehouse()}>
          {t('buttons.createFirst')}
        </Link>
      </EmptyState>
    );
  else
    content = (
      <>
        <Checklist
          legend={t('labels.ownedList')}
          items={warehouses.map((w) => ({
            id: w.id,
            label: w.name,
            extra: (
              <>
                {' '}
                <Link to={namedRoutes.editwarehouse(w.id)} aria-label={t('labels.editWarehouse', { name: w.name })}>
                  {t('buttons.edit')}
                </Link>
              </>
            ),
          }))}
          selected={selectedIds}
          onChange={setSelected}
        />
        <div className="actions">
          <button
            type="button"
            className="danger"
            disabled={selectedIds.length === 0}
            onClick={() => setDeleting(selectedIds)}
          >
            {t('buttons.deleteSelected')}
          </button>
        </div>
      </>
    );

  return (
    <Page title={t('titles.my')}>
      {content}
      {deleting && (
        <DeleteWarehousesDialog
          warehouseIds={deleting}
          onDeleted={() => setSelected([])}
          onClose={() => setDeleting(null)}
        />
      )}
    </Page>
  );
}
