import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId } from 'react';
import { useTranslation } from 'react-i18next';

interface FieldProps {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** The ids of the hint and error texts a control is described by (hint first, then the error). */
function describedBy(id: string, hint: ReactNode, error: string | undefined, own?: string): string | undefined {
  const ids = [own, hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** What a control needs to be labelled and described: its id and its aria attributes. */
interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * One field: the label, the control `render` draws with the id and aria attributes it is handed,
 * then the hint and the error it is described by.
 */
function Field({
  label,
  error,
  hint,
  id,
  ownDescribedBy,
  render,
}: FieldProps & { id?: string; ownDescribedBy?: string; render: (control: ControlProps) => ReactNode }) {
  const generated = useId();
  const controlId = id ?? generated;
  return (
    <div className="field">
      <label htmlFor={controlId}>{label}</label>
      {render({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy(controlId, hint, error, ownDescribedBy),
      })}
      {hint && (
        <small id={`${controlId}-hint`} className="field-hint">
          {hint}
        </small>
      )}
      {error && (
        <small id={`${controlId}-error`} className="field-error">
          {error}
        </small>
      )}
    </div>
  );
}

/** A field's own props (label, texts, id, extra description) apart from what goes to its control. */
function splitField<P extends FieldProps & { id?: string; 'aria-describedby'?: string }>({
  label,
  error,
  hint,
  id,
  'aria-describedby': ownDescribedBy,
  ...control
}: P) {
  return [{ label, error, hint, id, ownDescribedBy }, control] as const;
}

/**
 * A labelled input with an optional hint and error. Every input attribute passes through —
 * `maxLength` included, so a field can match the server's length limit.
 */
export function TextField(props: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const [field, input] = splitField(props);
  return <Field {...field} render={(control) => <input {...control} {...input} />} />;
}

export interface SelectOption {
  value: string | number;
  label: string;
}

export function SelectField({
  options,
  placeholder,
  ...props
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement> & { options: SelectOption[]; placeholder?: string }) {
  const { t } = useTranslation('common');
  const [field, select] = splitField(props);
  return (
    <Field
      {...field}
      render={(control) => (
        <select {...control} {...select}>
          <option value="">{placeholder ?? t('labels.selectPlaceholder')}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}
