import { browser, Card, DELAYS, isBlank, normalizeError, PasswordConfirmDialog, useDelayed } from '@lager/shared';
import { useState } from 'react';
import { useAccountTranslation } from '../../../lib/i18n';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { useAccountDeleteAccountMutation } from '../api/profile-api';
import { deleteAccountFailureKey } from './profile-rules';

export function DeleteAccountCard() {
  const { t } = useAccountTranslation();
  const [deleteAccount] = useAccountDeleteAccountMutation();
  const { busy, run } = useSingleFlight();
  const schedule = useDelayed();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);

  const confirm = (password: string) => {
    if (done) return;
    if (isBlank(password)) {
      setError(t('errors.passwordFieldRequired'));
      return;
    }
    void run(async () => {
      setError(undefined);
      try {
        await deleteAccount(password).unwrap();
        setDone(true);
        // The reload starts the app logged out (spec §4).
        schedule(() => browser.reload(), DELAYS.accountDeleteReload);
      } catch (err) {
        setError(t(deleteAccountFailureKey(normalizeError(err))));
      }
    });
  };

  const close = () => {
    if (busy || done) return;
    setOpen(false);
    setError(undefined);
  };

  return (
    <Card title={t('titles.deleteAccount')}>
      <p>{t('hints.deleteWarning')}</p>
      <div className="actions">
        <button type="button" className="danger" onClick={() => setOpen(true)}>
          {t('buttons.deleteAccount')}
        </button>
      </div>
      {open && (
        <PasswordConfirmDialog
          title={t('titles.deleteAccount')}
          message={t('hints.deleteWarning')}
          confirmLabel={t('buttons.confirmDelete')}
          busy={busy || done}
          error={error}
          success={done ? t('messages.accountDeleted') : undefined}
          onConfirm={confirm}
          onCancel={close}
        />
      )}
    </Card>
  );
}
