import { Card, DELAYS, FormActions, TextField, type User, useFormSubmit } from '@lager/shared';
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
          {...form.field('name')}
        />
        <TextField
          label={t('labels.email')}
          type="email"
          autoComplete="email"
          placeholder={user.email}
          hint={t('hints.currentValue', { value: user.email })}
          {...form.field('email')}
        />
        <FormActions form={form} submitLabel={t('buttons.saveProfile')} />
      </form>
    </Card>
  );
}
