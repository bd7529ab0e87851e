import { Dialog } from '@lager/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyUpdate } from './register';
import { setOffline, useOffline } from './state';
import './texts';

/** The bar itself (a chunk of its own, see OfflineBar): banner, count waiting, update offer, logout question. */
export default function OfflineBarView({ waiting }: { waiting: number }) {
  const { t } = useTranslation('shell');
  const { online, update, logoutPrompt } = useOffline();
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
