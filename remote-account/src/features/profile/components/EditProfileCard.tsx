import {
  Alert,
  browser,
  Card,
  DELAYS,
  normalizeError,
  TextField,
  type User,
  useDelayed,
  useDraft,
} from '@lager/shared';
import { type FormEvent, useState } from 'react';
import { useAccountTranslation } from '../../../lib/i18n';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { useAccountUpdateProfileMutation } from '../api/profile-api';
import { type ProfileValues, profileError, profileFailure, profilePayload } from './profile-rules';

const EMPTY: ProfileValues = { name: '', email: '' };

/** Fields start empty and show the current value: whatever is filled in is what changes. */
export function EditProfileCard({ user }: { user: User }) {
  const { t } = useAccountTranslation();
  const { values, setField, reset } = useDraft('account-profile', EMPTY);
  const [update] = useAccountUpdateProfileMutation();
  const { busy, run } = useSingleFlight();
  const schedule = useDelayed();
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (done) return;
    const invalid = profileError(values, user);
    if (invalid) {
      setError(t(invalid));
      return;
    }
    void run(async () => {
      setError(undefined);
      try {
        await update(profilePayload(values)).unwrap();
        reset();
        setDone(true);
        schedule(() => browser.reload(), DELAYS.profileReload);
      } catch (err) {
        const failure = profileFailure(normalizeError(err));
        setError('key' in failure ? t(failure.key) : failure.text);
      }
    });
  };

  return (
    <Card title={t('titles.editProfile')}>
      <form onSubmit={submit} noValidate>
        <p className="field-hint">{t('hints.profileOptional')}</p>
        <TextField
          label={t('labels.name')}
          autoComplete="name"
          placeholder={user.name}
          hint={t('hints.currentValue', { value: user.name })}
          value={values.name}
          onChange={(e) => setField('name', e.target.value)}
        />
        <TextField
          label={t('labels.email')}
          type="email"
          autoComplete="email"
          placeholder={user.email}
          hint={t('hints.currentValue', { value: user.email })}
          value={values.email}
          onChange={(e) => setField('email', e.target.value)}
        />
        <Alert kind="error">{error}</Alert>
        <Alert kind="success">{done && t('messages.profileUpdated')}</Alert>
        <div className="actions">
          <button type="submit" disabled={busy || done} aria-busy={busy}>
            {t('buttons.saveProfile')}
          </button>
        </div>
      </form>
    </Card>
  );
}
