import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from './feedback';
import { TextField } from './fields';
import { type Feedback, FormFeedback } from './form-feedback';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/** A modal dialog: focus moves in, Escape closes, focus returns to where it was. */
export function Dialog({ title, onClose, children }: DialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const first = ref.current?.querySelector<HTMLElement>('input, select, textarea, button');
    first?.focus();
    return () => previous?.focus?.();
  }, []);
  return (
    <div className="dialog-backdrop">
      <div
        ref={ref}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onClose();
        }}
      >
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
    </div>
  );
}

interface ConfirmDialogProps {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  busy?: boolean;
  error?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ title, message, confirmLabel, busy, error, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Dialog title={title} onClose={onCancel}>
      <p>{message}</p>
      <Alert kind="error">{error}</Alert>
      <div className="actions">
        <button type="button" className="secondary" onClick={onCancel} disabled={busy}>
          {t('buttons.cancel')}
        </button>
        <button type="button" className="danger" onClick={onConfirm} disabled={busy} aria-busy={busy}>
          {confirmLabel ?? t('buttons.confirm')}
        </button>
      </div>
    </Dialog>
  );
}

interface PasswordConfirmDialogProps {
  title?: string;
  message?: ReactNode;
  confirmLabel?: string;
  busy?: boolean;
  /** What the last attempt said (useFormSubmit's `feedback`). */
  feedback?: Feedback | null;
  onConfirm: (password: string) => void;
  onCancel: () => void;
}

/** Asks for the password before a destructive action; the password is never stored. */
export function PasswordConfirmDialog({
  title,
  message,
  confirmLabel,
  busy,
  feedback,
  onConfirm,
  onCancel,
}: PasswordConfirmDialogProps) {
  const { t } = useTranslation('common');
  const [password, setPassword] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy) onConfirm(password);
  };
  return (
    <Dialog title={title ?? t('dialogs.passwordTitle')} onClose={onCancel}>
      <form onSubmit={submit} noValidate>
        <p>{message ?? t('dialogs.passwordText')}</p>
        <TextField
          label={t('labels.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <FormFeedback feedback={feedback} />
        <div className="actions">
          <button type="button" className="secondary" onClick={onCancel} disabled={busy}>
            {t('buttons.cancel')}
          </button>
          <button type="submit" className="danger" disabled={busy} aria-busy={busy}>
            {confirmLabel ?? t('buttons.confirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
