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

function FieldTexts({ id, hint, error }: { id: string; hint: ReactNode; error?: string }) {
  return (
    <>
      {hint && (
        <small id={`${id}-hint`} className="field-hint">
          {hint}
        </small>
      )}
      {error && (
        <small id={`${id}-error`} className="field-error">
          {error}
        </small>
      )}
    </>
  );
}

/**
 * A labelled input with an optional hint and error. Every input attribute passes through —
 * `maxLength` included, so a field can match the server's length limit.
 */
export function TextField({
  label,
  error,
  hint,
  id,
  'aria-describedby': ownDescribedBy,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, hint, error, ownDescribedBy)}
        {...input}
      />
      <FieldTexts id={inputId} hint={hint} error={error} />
    </div>
  );
}

export interface SelectOption {
  value: string | number;
  label: string;
}

export function SelectField({
  label,
  error,
  hint,
  options,
  id,
  placeholder,
  'aria-describedby': ownDescribedBy,
  ...select
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement> & { options: SelectOption[]; placeholder?: string }) {
  const { t } = useTranslation('common');
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <div className="field">
      <label htmlFor={selectId}>{label}</label>
      <select
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(selectId, hint, error, ownDescribedBy)}
        {...select}
      >
        <option value="">{placeholder ?? t('labels.selectPlaceholder')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldTexts id={selectId} hint={hint} error={error} />
    </div>
  );
}
