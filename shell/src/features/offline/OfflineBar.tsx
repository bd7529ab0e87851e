import { Dialog, useAuth } from '@lager/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForgetSignedOutUser } from './forget-user';
import { applyUpdate } from './register';
import { setOffline, useOffline } from './state';

/**
 * Under the header: the offline banner, the number of bookings waiting to be sent and the offer
 * of a new version. The offer only reloads when the user takes it — never over a form with input.
 */
export function OfflineBar() {
  const { t } = useTranslation('shell');
  const { user } = useAuth();
  const { online, update, pending, logoutPrompt } = useOffline();
  useForgetSignedOutUser();
  const waiting = user ? (pending[user.id] ?? 0) : 0;
  if (online && !update && !waiting && !logoutPrompt) return null;
  return (
    <div className="offline-bar">
      {!online && (
        <p role="status" className="offline-banner">
          {t('offline.banner')}
        </p>
      )}
      {waiting > 0 && (
        <p role="status" className="offline-pending">
          {t('offline.pending', { count: waiting })}
        </p>
      )}
      {update && (
        <button type="button" className="secondary" onClick={() => applyUpdate(update)}>
          {t('offline.update')}
        </button>
      )}
      {logoutPrompt && <LogoutQuestion {...logoutPrompt} />}
    </div>
  );
}

/** Spec §3: stay is the default (first, focused); discarding is confirmed a second time, naming the number. */
function LogoutQuestion({ count, answer }: { count: number; answer: (discard: boolean) => void }) {
  const { t } = useTranslation('shell');
  const [sure, setSure] = useState(false);
  const close = (discard: boolean) => {
    setOffline({ logoutPrompt: undefined });
    answer(discard);
  };
  return (
    <Dialog
      key={String(sure)}
      title={t(sure ? 'offline.discardTitle' : 'offline.logoutTitle', { count })}
      description={t(sure ? 'offline.discardText' : 'offline.logoutText', { count })}
      onClose={() => close(false)}
    >
      <div className="actions">
        <button type="button" className="secondary" onClick={() => close(false)}>
          {t('offline.stay')}
        </button>
        <button type="button" className="danger" onClick={() => (sure ? close(true) : setSure(true))}>
          {t(sure ? 'offline.discardConfirm' : 'offline.logoutDiscard', { count })}
        </button>
      </div>
    </Dialog>
  );
}
