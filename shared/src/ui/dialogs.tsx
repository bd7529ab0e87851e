import { setNonce } from 'get-nonce';
import { type FormEvent, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyRetry } from './chunks';
import { Alert } from './feedback';
import { TextField } from './fields';
import { type Feedback, FormFeedback } from './form-feedback';

/**
 * The page's style nonce (`style-src 'nonce-…'` of the shell's Content-Security-Policy): Radix's
 * scroll lock (react-remove-scroll) adds a `<style>` element while a dialog is open, which a CSP
 * without 'unsafe-inline' refuses (a console error and no scroll lock) unless it carries the nonce.
 * Set once at start, before any dialog opens; this module's import of get-nonce is the instance
 * Radix reads (one module of the same build, also when Radix's chunk loads later).
 */
export function setStyleNonce(nonce: string | undefined): void {
  if (nonce) setNonce(nonce);
}

type FrameModule = typeof import('./dialog-frame');

/** Radix's dialog (~27 kB gzip with its focus trap, scroll lock and portal) is fetched when one first opens. */
let loadedFrame: FrameModule | undefined;
const loadFrame = () =>
  import('./dialog-frame').then((module) => {
    loadedFrame = module;
    return module;
  });
// Forgets a failed load (offline): the caller's ChunkBoundary retries it (issue 38).
const LazyFrame = lazyRetry(() => loadFrame().then((module) => ({ default: module.DialogFrame })));

/** Fetches the dialog code before the first dialog opens (the shell does it once the page is idle). */
export function preloadDialogs(): Promise<unknown> {
  return loadFrame().catch(() => undefined);
}

interface DialogProps {
  title: string;
  /** Read out with the title when the dialog opens (e.g. the question of a confirmation). */
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal dialog, rendered while it is mounted (callers mount it to open it); see DialogFrame.
 * Once the dialog code is here, the dialog is in the document in the same render as its caller
 * (callers' layout effects see its content). Before that (a first dialog opened before the idle
 * preload) only the backdrop is shown until the code arrives: it takes no room in the page and
 * already blocks clicks behind it.
 */
export function Dialog(props: DialogProps) {
  // Callers open a dialog by mounting it, without a Radix trigger: remember the opener ourselves.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement)));
  // Chosen once per dialog: switching from the lazy to the loaded component would remount the content.
  const [Frame] = useState(() => loadedFrame?.DialogFrame);
  if (Frame) return <Frame {...props} opener={opener} />;
  return (
    <Suspense fallback={<div className="dialog-backdrop" aria-hidden="true" />}>
      <LazyFrame {...props} opener={opener} />
    </Suspense>
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
