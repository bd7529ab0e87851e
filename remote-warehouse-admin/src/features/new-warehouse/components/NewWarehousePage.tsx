import { DELAYS, namedRoutes, Page, useFormSubmit } from '@lager/shared';
import { useTranslation } from 'react-i18next';
import { WarehouseForm } from '../../../components/WarehouseForm';
import { EMPTY_WAREHOUSE_FORM, toWarehouseInput, warehouseFormError } from '../../../components/warehouse-form-values';
import { CREATE_WAREHOUSE_ERRORS, useCreateWarehouseMutation } from '../api/create-warehouse';

export const NEW_WAREHOUSE_DRAFT_KEY = 'warehouseAdminNew';

/** /admin/warehouse/new (route name newwarehouse). */
export function NewWarehousePage() {
  const { t } = useTranslation('warehouseAdmin');
  const [create] = useCreateWarehouseMutation();
  const form = useFormSubmit({
    ns: 'warehouseAdmin',
    initial: EMPTY_WAREHOUSE_FORM,
    // Cleared only once the server has the warehouse: a failed request must not lose the input.
    draftKey: NEW_WAREHOUSE_DRAFT_KEY,
    validate: warehouseFormError,
    send: (v) => create(toWarehouseInput(v)).unwrap(),
    errors: CREATE_WAREHOUSE_ERRORS,
    success: 'messages.createSuccess',
    keepValues: true,
    after: { ms: DELAYS.warehouseCreateRedirect, to: namedRoutes.warehouse(), reload: true },
  });

  return (
    <Page title={t('titles.new')}>
      <WarehouseForm form={form} submitLabel={t('buttons.create')} />
    </Page>
  );
}
