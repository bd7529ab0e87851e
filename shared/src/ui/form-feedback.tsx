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
