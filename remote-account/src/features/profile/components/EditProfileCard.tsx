import { Card, DELAYS, FormFeedback, TextField, type User, useFormSubmit } from '@lager/shared';
import { ACCOUNT_TEXTS, useAccountTranslation } from '../../../lib/i18n';
import { PROFILE_ERRORS, useUpdateProfileMutation } from '../api/profile-api';
import { type ProfileValues, profileError, profilePayload } from './profile-rules';

const EMPTY: ProfileValues = { name: '', email: '' };

/** Fields start empty and show the current value: whatever is filled in is what changes. */
export function EditProfileCard({ user }: { user: User }) {
  const { t } = useAccountTranslation();
  const [update] = useUpdateProfileMutation();
  const form = useFormSubmit({
    ns: ACCOUNT_TEXTS,
    initial: EMPTY,
    draftKey: 'account-profile',
    validate: (v) => profileError(v, user),
    send: (v) => update(profilePayload(v)).unwrap(),
    errors: PROFILE_ERRORS,
    success: 'messages.profileUpdated',
    after: { ms: DELAYS.profileReload, reload: true },
  });

  return (
    <Card title={t('titles.editProfile')}>
      <form onSubmit={form.onSubmit} noValidate>
        <p className="field-hint">{t('hints.profileOptional')}</p>
        <TextField
          label={t('labels.name')}
          autoComplete="name"
          placeholder={user.name}
          hint={t('hints.currentValue', { value: user.name })}
          value={form.values.name}
          onChange={(e) => form.setField('name', e.target.value)}
        />
        <TextField
          label={t('labels.email')}
          type="email"
          autoComplete="email"
          placeholder={user.email}
          hint={t('hints.currentValue', { value: user.email })}
          value={form.values.email}
          onChange={(e) => form.setField('email', e.target.value)}
        />
        <FormFeedback feedback={form.feedback} />
        <div className="actions">
          <button type="submit" disabled={form.busy || form.done} aria-busy={form.busy}>
            {t('buttons.saveProfile')}
          </button>
        </div>
      </form>
    </Card>
  );
}
