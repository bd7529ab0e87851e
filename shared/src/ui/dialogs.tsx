import * as RadixDialog from '@radix-ui/react-dialog';
import { setNonce } from 'get-nonce';
import { X } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from './feedback';
import { TextField } from './fields';
import { type Feedback, FormFeedback } from './form-feedback';

/**
 * The page's style nonce (`style-src 'nonce-…'` of the shell's Content-Security-Policy): Radix's
 * scroll lock (react-remove-scroll) adds a `<style>` element while a dialog is open, which a CSP
 * without 'unsafe-inline' refuses (a console error and no scroll lock) unless it carries the nonce.
 * Set once at start, before any dialog opens; this module's import of get-nonce is the instance
 * Radix reads.
 */
export function setStyleNonce(nonce: string | undefined): void {
  if (nonce) setNonce(nonce);
}

interface DialogProps {
  title: string;
  /** Read out with the title when the dialog opens (e.g. the question of a confirmation). */
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
}

/** What gets focus when a dialog opens: the first field, else the first enabled button (Cancel before Confirm). */
const INITIAL_FOCUS = 'input:not(:disabled), select:not(:disabled), textarea:not(:disabled), button:not(:disabled)';

/**
 * A modal dialog, rendered while it is mounted (callers mount it to open it).
 *
 * Radix's dialog does the focus work: Tab stays inside, everything behind it is hidden from
 * assistive technology and cannot be clicked, Esc closes wherever focus is, and focus returns
 * to the control that was focused before it opened. A click on the overlay does not close it,
 * so a half-typed password is never lost by a stray click.
 */
export function Dialog({ title, description, onClose, children }: DialogProps) {
  const { t } = useTranslation('common');
  // Callers open a dialog by mounting it, without a Radix trigger: remember the opener ourselves.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement)));
  return (
    <RadixDialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {/* An explicit container portals in the first render, so callers' layout effects (e.g. the
          terms dialog measuring its text) already see the content. */}
      <RadixDialog.Portal container={typeof document === 'undefined' ? undefined : document.body}>
        <RadixDialog.Overlay className="dialog-backdrop" />
        <RadixDialog.Content
          className="dialog"
          // Without a description Radix must not point aria-describedby at nothing.
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            const first = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>(INITIAL_FOCUS);
            if (first && !first.classList.contains('dialog-close')) {
              event.preventDefault();
              first.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            if (opener?.isConnected) {
              event.preventDefault();
              opener.focus();
            }
          }}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
        >
          <RadixDialog.Title>{title}</RadixDialog.Title>
          {description && <RadixDialog.Description>{description}</RadixDialog.Description>}
          {children}
          {/* Last in the tab order, shown in the corner. */}
          <RadixDialog.Close className="secondary icon-button dialog-close" aria-label={t('buttons.close')}>
            <X className="icon" aria-hidden="true" focusable="false" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
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

/** Asks before a destructive action; the confirm button is red, Cancel gets focus first. */
export function ConfirmDialog({ title, message, confirmLabel, busy, error, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Dialog title={title} description={message} onClose={onCancel}>
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

interface ConfirmedSubmitProps {
  /** useFormSubmit of the action: the dialog locks while it is busy, its feedback shows afterwards. */
  form: { busy: boolean; feedback: Feedback | null; submit: () => unknown };
  /** Whether the dialog is open. */
  confirming: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  onCancel: () => void;
}

/** An action confirmed first: while asking, the dialog; otherwise what the action's submit said. */
export function ConfirmedSubmit({ form, confirming, onCancel, ...texts }: ConfirmedSubmitProps) {
  if (!confirming) return <FormFeedback feedback={form.feedback} />;
  return <ConfirmDialog {...texts} busy={form.busy} onConfirm={() => void form.submit()} onCancel={onCancel} />;
}

interface PasswordConfirmDialogProps {
  title?: string;
  message?: ReactNode;
  confirmLabel?: string;
  /** useFormSubmit over `{ password }`: it validates, sends, locks and says what happened. */
  form: { busy: boolean; done: boolean; feedback: Feedback | null; submit: (values: { password: string }) => unknown };
  onCancel: () => void;
}

/** Asks for the password before a destructive action; the password is never stored. */
export function PasswordConfirmDialog({ title, message, confirmLabel, form, onCancel }: PasswordConfirmDialogProps) {
  const { t } = useTranslation('common');
  const [password, setPassword] = useState('');
  const busy = form.busy || form.done;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy) void form.submit({ password });
  };
  return (
    <Dialog
      title={title ?? t('dialogs.passwordTitle')}
      description={message ?? t('dialogs.passwordText')}
      onClose={onCancel}
    >
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('labels.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <FormFeedback feedback={form.feedback} />
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
