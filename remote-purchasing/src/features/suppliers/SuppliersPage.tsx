import { Alert, EmptyState, fieldErrorMessages, Page, Skeleton, TextField } from '@lager/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SUPPLIER_ERRORS,
  type Supplier,
  useArchiveSupplierMutation,
  useCreateSupplierMutation,
  useListSuppliersQuery,
  useRestoreSupplierMutation,
  useUpdateSupplierMutation,
} from '../../api/purchasing-api';
import { NS } from '../../i18n';
import { purchasingError } from '../../lib/errors';
import { usePurchasingPermissions } from '../../lib/permissions';
import { PurchasingNav } from '../Nav';

const EMPTY = { name: '', email: '', phone: '', address: '', customer_number: '', lead_time_days: '7' };
type Values = typeof EMPTY;
const FIELDS = ['name', 'email', 'phone', 'address', 'customer_number', 'lead_time_days'] as const;

const valuesOf = (s: Supplier): Values => ({
  name: s.name,
  email: s.email ?? '',
  phone: s.phone ?? '',
  address: s.address ?? '',
  customer_number: s.customer_number ?? '',
  lead_time_days: String(s.lead_time_days),
});

/** Create or edit one supplier. */
function SupplierForm({ editing, onDone }: { editing: Supplier | null; onDone: (text: string) => void }) {
  const { t } = useTranslation(NS);
  const [create, created] = useCreateSupplierMutation();
  const [update, updated] = useUpdateSupplierMutation();
  const [values, setValues] = useState<Values>(editing ? valuesOf(editing) : EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const busy = created.isLoading || updated.isLoading;
  const set = (field: keyof Values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFailure(null);
    const lead = Number(values.lead_time_days);
    const body = {
      name: values.name.trim(),
      email: values.email.trim() || null,
      phone: values.phone.trim() || null,
      address: values.address.trim() || null,
      customer_number: values.customer_number.trim() || null,
      lead_time_days: Number.isInteger(lead) ? lead : 7,
    };
    if (!body.name) {
      setErrors({ name: t('errors.name') });
      return;
    }
    try {
      if (editing) await update({ id: editing.id, body }).unwrap();
      else await create(body).unwrap();
      onDone(editing ? t('suppliers.saved') : t('suppliers.created', { name: body.name }));
      if (!editing) setValues(EMPTY);
    } catch (error) {
      const fields = fieldErrorMessages(error, SUPPLIER_ERRORS, FIELDS);
      if (Object.keys(fields).length) {
        setErrors(Object.fromEntries(Object.entries(fields).map(([f, m]) => [f, t(m.key, m.values)])));
      } else {
        const { key, values: vars } = purchasingError(error, SUPPLIER_ERRORS);
        setFailure(t(key, vars));
      }
    }
  };

  return (
    <form className="purchasing-form" onSubmit={(e) => void submit(e)} aria-labelledby="supplier-form-title" noValidate>
      <h2 id="supplier-form-title">{editing ? t('suppliers.edit', { name: editing.name }) : t('suppliers.new')}</h2>
      <TextField
        label={t('suppliers.name')}
        value={values.name}
        onChange={set('name')}
        maxLength={100}
        required
        error={errors.name}
      />
      <TextField
        label={t('suppliers.email')}
        type="email"
        value={values.email}
        onChange={set('email')}
        maxLength={254}
        error={errors.email}
      />
      <TextField
        label={t('suppliers.phone')}
        value={values.phone}
        onChange={set('phone')}
        maxLength={50}
        error={errors.phone}
      />
      <div className="field">
        <label htmlFor="supplier-address">{t('suppliers.address')}</label>
        <textarea id="supplier-address" rows={3} maxLength={500} value={values.address} onChange={set('address')} />
      </div>
      <TextField
        label={t('suppliers.customerNumber')}
        value={values.customer_number}
        onChange={set('customer_number')}
        maxLength={64}
        error={errors.customer_number}
      />
      <TextField
        label={t('suppliers.leadTime')}
        type="number"
        min={0}
        max={365}
        value={values.lead_time_days}
        onChange={set('lead_time_days')}
        error={errors.lead_time_days}
      />
      {failure && <Alert kind="error">{failure}</Alert>}
      <p className="actions">
        <button type="submit" disabled={busy} aria-busy={busy}>
          {editing ? t('suppliers.save') : t('suppliers.create')}
        </button>
        {editing && (
          <button type="button" className="secondary" onClick={() => onDone('')}>
            {t('suppliers.cancelEdit')}
          </button>
        )}
      </p>
    </form>
  );
}

/** /purchasing/suppliers: who we buy from; create, edit, archive and restore. */
export function SuppliersPage() {
  const { t } = useTranslation(NS);
  const can = usePurchasingPermissions();
  const [archived, setArchived] = useState(false);
  const { data, isLoading, isError, refetch, isFetching } = useListSuppliersQuery(archived ? '1' : undefined);
  const [archive, archiving] = useArchiveSupplierMutation();
  const [restore, restoring] = useRestoreSupplierMutation();
  const [editing, setEditing] = useState<Supplier | null>(null);
  const [done, setDone] = useState('');
  const suppliers = data?.suppliers ?? [];
  return (
    <Page title={t('suppliers.title')}>
      <PurchasingNav />
      <label className="purchasing-check">
        <input type="checkbox" checked={archived} onChange={(e) => setArchived(e.target.checked)} />
        {t('suppliers.showArchived')}
      </label>
      {isLoading && <Skeleton rows={3} />}
      {isError && (
        <Alert kind="error">
          {t('suppliers.loadFailed')}{' '}
          <button type="button" className="link" onClick={() => void refetch()} disabled={isFetching}>
            {t('retry')}
          </button>
        </Alert>
      )}
      {data && suppliers.length === 0 && <EmptyState>{t('suppliers.empty')}</EmptyState>}
      {done && <Alert kind="success">{done}</Alert>}
      {suppliers.length > 0 && (
        <ul className="purchasing-cards">
          {suppliers.map((s) => (
            <li key={s.id} className="purchasing-card">
              <h2>
                {s.name} {s.archived_at && <small>({t('suppliers.archived')})</small>}
              </h2>
              <p className="purchasing-muted">
                {[
                  s.email,
                  s.phone,
                  s.customer_number && t('suppliers.customerNumberShort', { number: s.customer_number }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
              <p className="purchasing-muted">{t('suppliers.leadTimeDays', { count: s.lead_time_days })}</p>
              {can.suppliers && (
                <p className="actions">
                  <button type="button" className="secondary" onClick={() => setEditing(s)}>
                    {t('suppliers.editButton')}
                    <span className="visually-hidden"> {s.name}</span>
                  </button>
                  {s.archived_at ? (
                    <button
                      type="button"
                      className="secondary"
                      disabled={restoring.isLoading}
                      onClick={() => void restore(s.id)}
                    >
                      {t('suppliers.restore')}
                      <span className="visually-hidden"> {s.name}</span>
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="secondary"
                      disabled={archiving.isLoading}
                      onClick={() => void archive(s.id)}
                    >
                      {t('suppliers.archive')}
                      <span className="visually-hidden"> {s.name}</span>
                    </button>
                  )}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      {can.suppliers && (
        <SupplierForm
          key={editing?.id ?? 'new'}
          editing={editing}
          onDone={(text) => {
            setDone(text);
            setEditing(null);
          }}
        />
      )}
    </Page>
  );
}
