import { DELAYS, hasFieldError, Loading, normalizeError, Page, useDelayed } from '@lager/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useWarehouseAdminOwnedQuery } from '../../../api/owned-warehouses';
import { WarehouseForm } from '../../../components/WarehouseForm';
import {
  EMPTY_WAREHOUSE_FORM,
  toFormValues,
  toWarehouseInput,
  type WarehouseFormValues,
} from '../../../components/warehouse-form-values';
import { useWarehouseAdminEditableQuery, useWarehouseAdminUpdateMutation } from '../api/edit-warehouse';

const MY_WAREHOUSES = '/admin/warehouse/my';

/** /admin/warehouse/edit/:id (route name editwarehouse): only for warehouses the user owns. */
export function EditWarehousePage() {
  const { t } = useTranslation('warehouseAdmin');
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0;
  const navigate = useNavigate();
  const schedule = useDelayed();
  // Ownership is checked against the owned list as well, so a backend that lets any member
  // read the warehouse still cannot open a foreign one here.
  const owned = useWarehouseAdminOwnedQuery(undefined, { skip: !validId });
  const warehouse = useWarehouseAdminEditableQuery(id, { skip: !validId });
  const [update, { isLoading: saving }] = useWarehouseAdminUpdateMutation();
  const [values, setValues] = useState<WarehouseFormValues | null>(null);
  const [error, setError] = useState('');
  const [success, setSuccess] = useState('');

  // Prefill once; a refetch after saving must not overwrite what the user sees.
  useEffect(() => {
    if (warehouse.data && !values) setValues(toFormValues(warehouse.data));
  }, [warehouse.data, values]);

  const foreign = owned.data !== undefined && !owned.data.some((w) => w.id === id);
  if (!validId || warehouse.isError || foreign) return <Navigate to={MY_WAREHOUSES} replace />;
  if (!values || owned.isLoading)
    return (
      <Page title={t('titles.edit')}>
        <Loading />
      </Page>
    );

  const submit = async () => {
    setError('');
    const input = toWarehouseInput(values);
    if (!input) {
      setError(t('common:errors.fillAllFields'));
      return;
    }
    try {
      await update({ id, ...input }).unwrap();
      setSuccess(t('messages.editSuccess'));
      schedule(() => navigate(MY_WAREHOUSES), DELAYS.warehouseEditRedirect);
    } catch (caught) {
      setError(t(editErrorKey(caught)));
    }
  };

  return (
    <Page title={t('titles.edit')}>
      <WarehouseForm
        values={values}
        onChange={(field, value) => setValues((prev) => ({ ...(prev ?? EMPTY_WAREHOUSE_FORM), [field]: value }))}
        onSubmit={submit}
        submitLabel={t('common:buttons.save')}
        busy={saving || !!success}
        error={error}
        success={success}
      />
    </Page>
  );
}

/** Spec §8, edit warehouse. */
function editErrorKey(caught: unknown): string {
  const err = normalizeError(caught);
  if (err.status === 422) return hasFieldError(err, 'name') ? 'errors.nameExists' : 'errors.editValidationFailed';
  return 'errors.editFailed';
}
