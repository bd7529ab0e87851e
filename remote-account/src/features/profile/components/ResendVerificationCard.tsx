import { Card, DELAYS, FormFeedback, useFormSubmit } from '@lager/shared';
import { ACCOUNT_TEXTS, useAccountTranslation } from '../../../lib/i18n';
import { RESEND_VERIFICATION_ERRORS, useSendVerificationNotificationMutation } from '../api/profile-api';

/** Shown only to unverified users; the result message disappears after DELAYS.resendMessageClear. */
export function ResendVerificationCard({ email }: { email: string }) {
  const { t } = useAccountTranslation();
  const [resend] = useSendVerificationNotificationMutation();
  const form = useFormSubmit({
    ns: ACCOUNT_TEXTS,
    initial: {},
    send: () => resend().unwrap(),
    errors: RESEND_VERIFICATION_ERRORS,
    success: 'messages.resendVerificationMessagePositive',
    again: true,
    clearFeedbackAfter: DELAYS.resendMessageClear,
  });

  return (
    <Card title={t('titles.resendVerification')}>
      <p>{t('hints.unverified', { email })}</p>
      <FormFeedback feedback={form.feedback} />
      <div className="actions">
        <button type="button" onClick={() => void form.submit()} disabled={form.busy} aria-busy={form.busy}>
          {t('buttons.resendVerification')}
        </button>
      </div>
    </Card>
  );
}
