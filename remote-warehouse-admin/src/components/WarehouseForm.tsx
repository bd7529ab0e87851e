import {
  Alert,
  FormActions,
  type FormSubmit,
  SelectField,
  TextField,
  translatedOptions,
  useListIndustriesQuery,
  useListUsagesQuery,
} from '@lager/shared';
import { useTranslation } from 'react-i18next';
import type { WarehouseFormValues } from './warehouse-form-values';

interface WarehouseFormProps {
  /** useFormSubmit of the new or the edit page. */
  form: FormSubmit<WarehouseFormValues>;
  submitLabel: string;
}

/** Name, industry and usage: the one form behind "new warehouse" and "edit warehouse". */
export function WarehouseForm({ form, submitLabel }: WarehouseFormProps) {
  const { t, i18n } = useTranslation('warehouseAdmin');
  const industries = useListIndustriesQuery();
  const usages = useListUsagesQuery();
  // The option names are translation keys (spec §3): shown translated, 'other' first.
  const lists = [
    {
      field: 'industry_id',
      label: t('labels.industry'),
      options: translatedOptions(industries.data, 'industries', t, i18n.language),
    },
    {
      field: 'usage_id',
      label: t('labels.usage'),
      options: translatedOptions(usages.data, 'usages', t, i18n.language),
    },
  ] as const;
  return (
    <form onSubmit={form.onSubmit} noValidate>
      {/* A request runs or the page is about to leave: nothing changes any more. */}
      <fieldset disabled={form.busy || form.done}>
        <TextField label={t('common:labels.name')} {...form.field('name')} />
        {lists.map((list) => (
          <SelectField key={list.field} label={list.label} options={list.options} {...form.field(list.field)} />
        ))}
      </fieldset>
      {(industries.isError || usages.isError) && <Alert kind="error">{t('errors.optionsLoadFailed')}</Alert>}
      <FormActions form={form} submitLabel={submitLabel} />
    </form>
  );
}
