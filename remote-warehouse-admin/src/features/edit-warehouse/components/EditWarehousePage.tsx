import { DELAYS, Loading, namedRoutes, Page, useFormSubmit } from '@lager/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { useListOwnedWarehousesQuery } from '../../../api/warehouse-lists';
import { WarehouseForm } from '../../../components/WarehouseForm';
import {
  EMPTY_WAREHOUSE_FORM,
  toFormValues,
  toWarehouseInput,
  warehouseFormError,
} from '../../../components/warehouse-form-values';
import { UPDATE_WAREHOUSE_ERRORS, useGetWarehouseQuery, useUpdateWarehouseMutation } from '../api/edit-warehouse';

const MY_WAREHOUSES = namedRoutes.mywarehouse();

/** /admin/warehouse/edit/:id (route name editwarehouse): only for warehouses the user owns. */
export function EditWarehousePage() {
  const { t } = useTranslation('warehouseAdmin');
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0;
  // Ownership is checked against the owned list as well, so a backend that lets any member
  // read the warehouse still cannot open a foreign one here.
  const owned = useListOwnedWarehousesQuery(undefined, { skip: !validId });
  const warehouse = useGetWarehouseQuery(id, { skip: !validId });
  const [update] = useUpdateWarehouseMutation();
  const [prefilled, setPrefilled] = useState(false);
  const form = useFormSubmit({
    ns: 'warehouseAdmin',
    initial: EMPTY_WAREHOUSE_FORM,
    validate: warehouseFormError,
    send: (v) => update({ id, body: toWarehouseInput(v) }).unwrap(),
    errors: UPDATE_WAREHOUSE_ERRORS,
    success: 'messages.editSuccess',
    keepValues: true,
    after: { ms: DELAYS.warehouseEditRedirect, to: MY_WAREHOUSES },
  });
  const { setValues } = form;

  // Prefill once; a refetch after saving must not overwrite what the user sees.
  useEffect(() => {
    if (warehouse.data && !prefilled) {
      setValues(toFormValues(warehouse.data));
      setPrefilled(true);
    }
  }, [warehouse.data, prefilled, setValues]);

  const foreign = owned.data !== undefined && !owned.data.some((w) => w.id === id);
  if (!validId || warehouse.isError || foreign) return <Navigate to={MY_WAREHOUSES} replace />;
  if (!prefilled || owned.isLoading)
    return (
      <Page title={t('titles.edit')}>
        <Loading />
      </Page>
    );

  return (
    <Page title={t('titles.edit')}>
      <WarehouseForm form={form} submitLabel={t('common:buttons.save')} />
    </Page>
  );
}
