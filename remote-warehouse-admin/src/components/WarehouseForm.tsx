import {
  Alert,
  type Feedback,
  FormActions,
  SelectField,
  TextField,
  translatedOptions,
  useListIndustriesQuery,
  useListUsagesQuery,
} from '@lager/shared';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { WarehouseFormValues } from './warehouse-form-values';

interface WarehouseFormProps {
  values: WarehouseFormValues;
  onChange: <K extends keyof WarehouseFormValues>(field: K, value: WarehouseFormValues[K]) => void;
  onSubmit: (event: FormEvent) => void;
  submitLabel: string;
  /** A request runs or the screen is about to leave: no second submit. */
  busy: boolean;
  feedback: Feedback | null;
}

/** Name, industry and usage: the one form behind "new warehouse" and "edit warehouse". */
export function WarehouseForm({ values, onChange, onSubmit, submitLabel, busy, feedback }: WarehouseFormProps) {
  const { t, i18n } = useTranslation('warehouseAdmin');
  const industries = useListIndustriesQuery();
  const usages = useListUsagesQuery();
  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset disabled={busy}>
        <TextField
          label={t('common:labels.name')}
          name="name"
          value={values.name}
          onChange={(e) => onChange('name', e.target.value)}
        />
        <SelectField
          label={t('labels.industry')}
          name="industry_id"
          value={values.industry_id}
          options={translatedOptions(industries.data, 'industries', t, i18n.language)}
          onChange={(e) => onChange('industry_id', e.target.value)}
        />
        <SelectField
          label={t('labels.usage')}
          name="usage_id"
          value={values.usage_id}
          options={translatedOptions(usages.data, 'usages', t, i18n.language)}
          onChange={(e) => onChange('usage_id', e.target.value)}
        />
      </fieldset>
      {(industries.isError || usages.isError) && <Alert kind="error">{t('errors.optionsLoadFailed')}</Alert>}
      <FormActions form={{ feedback, busy }} submitLabel={submitLabel} />
    </form>
  );
}
