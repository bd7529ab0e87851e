import { browser, DELAYS, hasFieldError, normalizeError, Page, useDelayed, useDraft } from '@lager/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { WarehouseForm } from '../../../components/WarehouseForm';
import { EMPTY_WAREHOUSE_FORM, toWarehouseInput } from '../../../components/warehouse-form-values';
import { useWarehouseAdminCreateMutation } from '../api/create-warehouse';

export const NEW_WAREHOUSE_DRAFT_KEY = 'warehouseAdminNew';

/** /admin/warehouse/new (route name newwarehouse). */
export function NewWarehousePage() {
  const { t } = useTranslation('warehouseAdmin');
  const navigate = useNavigate();
  const schedule = useDelayed();
  const { values, setField, clearDraft } = useDraft(NEW_WAREHOUSE_DRAFT_KEY, EMPTY_WAREHOUSE_FORM);
  const [create, { isLoading }] = useWarehouseAdminCreateMutation();
  const [error, setError] = useState('');
  const [success, setSuccess] = useState('');

  const submit = async () => {
    setError('');
    const input = toWarehouseInput(values);
    if (!input) {
      setError(t('common:errors.fillAllFields'));
      return;
    }
    try {
      await create(input).unwrap();
      // Cleared only once the server has the warehouse: a failed request must not lose the input.
      clearDraft();
      setSuccess(t('messages.createSuccess'));
      schedule(() => {
        navigate('/warehouse');
        browser.reload();
      }, DELAYS.warehouseCreateRedirect);
    } catch (caught) {
      const err = normalizeError(caught);
      const nameTaken = err.status === 422 && hasFieldError(err, 'name');
      setError(t(nameTaken ? 'errors.createNewWarehouseNameExists' : 'errors.createNewWarehouseFailed'));
    }
  };

  return (
    <Page title={t('titles.new')}>
      <WarehouseForm
        values={values}
        onChange={setField}
        onSubmit={submit}
        submitLabel={t('buttons.create')}
        busy={isLoading || !!success}
        error={error}
        success={success}
      />
    </Page>
  );
}
