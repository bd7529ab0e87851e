import type { ReactNode } from 'react';
import { Alert } from './feedback';

/** What a form or an action says after a submit: already translated. */
export interface Feedback {
  kind: 'error' | 'success' | 'info';
  text: string;
}

/** The one place a form shows its feedback: errors are announced at once, the rest politely. */
export function FormFeedback({ feedback }: { feedback: Feedback | null | undefined }) {
  return feedback ? <Alert kind={feedback.kind}>{feedback.text}</Alert> : null;
}

interface FormActionsProps {
  /** useFormSubmit's result (or anything with its feedback and states). */
  form: { feedback: Feedback | null; busy: boolean; done?: boolean };
  submitLabel: string;
  /** A reason of the form's own to refuse a submit (e.g. nothing ticked yet). */
  disabled?: boolean;
  /** Further actions beside the submit button (links, secondary buttons). */
  children?: ReactNode;
}

/** The end of every form: its feedback, then the submit button (locked while busy or done). */
export function FormActions({ form, submitLabel, disabled, children }: FormActionsProps) {
  return (
    <>
      <FormFeedback feedback={form.feedback} />
      <div className="actions">
        <button type="submit" disabled={disabled || form.busy || form.done} aria-busy={form.busy}>
          {submitLabel}
        </button>
        {children}
      </div>
    </>
  );
}
