import { announceSession, Card, clearAllDrafts, DELAYS, PasswordConfirmDialog, usePasswordForm } from '@lager/shared';
import { useState } from 'react';
import { ACCOUNT_TEXTS, useAccountTranslation } from '../../../lib/i18n';
import { DELETE_ACCOUNT_ERRORS, useDeleteAccountMutation } from '../api/profile-api';

export function DeleteAccountCard() {
  const { t } = useAccountTranslation();
  const [deleteAccount] = useDeleteAccountMutation();
  const [open, setOpen] = useState(false);
  const form = usePasswordForm({
    ns: ACCOUNT_TEXTS,
    send: async (v) => {
      const result = await deleteAccount({ password: v.password }).unwrap();
      // The account is gone, and with it whatever it had typed but not saved.
      clearAllDrafts();
      // The session ended for every tab: the others show the login at once.
      announceSession({ type: 'logout' });
      return result;
    },
    errors: DELETE_ACCOUNT_ERRORS,
    success: 'messages.accountDeleted',
    // The reload starts the app logged out (spec §4).
    after: { ms: DELAYS.accountDeleteReload, reload: true },
  });
  const locked = form.busy || form.done;

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
          form={form}
          onCancel={() => !locked && setOpen(false)}
        />
      )}
    </Card>
  );
}
