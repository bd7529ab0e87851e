import { Card, DELAYS, FormFeedback, isEmail, Page, TextField, useFormSubmit } from '@lager/shared';
import { ACCOUNT_TEXTS, useAccountTranslation } from '../../../lib/i18n';
import { FORGOT_PASSWORD_ERRORS, useForgotPasswordMutation } from '../api/password-reset-api';

export function ForgotPasswordScreen() {
  const { t } = useAccountTranslation();
  const [requestLink] = useForgotPasswordMutation();
  const form = useFormSubmit({
    ns: ACCOUNT_TEXTS,
    initial: { email: '' },
    draftKey: 'account-forgot-password',
    validate: (v) => (isEmail(v.email) ? undefined : 'common:errors.invalidEmail'),
    send: (v) => requestLink({ email: v.email.trim() }).unwrap(),
    errors: FORGOT_PASSWORD_ERRORS,
    success: 'messages.resetLinkSent',
    after: { ms: DELAYS.forgotPasswordRedirect, to: '/login' },
  });

  return (
    <Page title={t('titles.forgotPassword')}>
      <Card>
        <form onSubmit={form.onSubmit} noValidate>
          <p>{t('hints.forgotPassword')}</p>
          <TextField
            label={t('labels.email')}
            type="email"
            autoComplete="email"
            value={form.values.email}
            onChange={(e) => form.setField('email', e.target.value)}
          />
          <FormFeedback feedback={form.feedback} />
          <div className="actions">
            <button type="submit" disabled={form.busy || form.done} aria-busy={form.busy}>
              {t('buttons.sendResetLink')}
            </button>
          </div>
        </form>
      </Card>
    </Page>
  );
}
