import { Alert, Page, SelectField } from '@lager/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DRAFT_ERRORS, useCreatePurchaseOrderMutation, useListSuppliersQuery } from '../../api/purchasing-api';
import { NS } from '../../i18n';
import { purchasingError } from '../../lib/errors';
import { PurchasingNav } from '../Nav';

/** /purchasing/orders/new: a draft for a supplier; its lines are added on the order page. */
export function NewOrderPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const suppliers = useListSuppliersQuery(undefined);
  const [create, { isLoading }] = useCreatePurchaseOrderMutation();
  const [supplierId, setSupplierId] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!supplierId) {
      setFailure(t('draft.chooseSupplier'));
      return;
    }
    try {
      const { order } = await create({ supplier_id: Number(supplierId), lines: [] }).unwrap();
      navigate(`/purchasing/orders/${order.id}`);
    } catch (error) {
      const { key, values } = purchasingError(error, DRAFT_ERRORS);
      setFailure(t(key, values));
    }
  };
  return (
    <Page title={t('draft.newTitle')}>
      <PurchasingNav />
      {suppliers.isError && <Alert kind="error">{t('suppliers.loadFailed')}</Alert>}
      <form className="purchasing-form" onSubmit={(e) => void submit(e)} aria-label={t('draft.newTitle')}>
        <SelectField
          label={t('prices.supplier')}
          value={supplierId}
          placeholder={t('prices.choose')}
          options={(suppliers.data?.suppliers ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          onChange={(e) => setSupplierId(e.target.value)}
        />
        {failure && <Alert kind="error">{failure}</Alert>}
        <p className="actions">
          <button type="submit" disabled={isLoading} aria-busy={isLoading}>
            {t('draft.create')}
          </button>
        </p>
      </form>
    </Page>
  );
}
