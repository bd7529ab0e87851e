import { Alert, Card, DELAYS, useDelayed } from '@lager/shared';
import { useState } from 'react';
import { useAccountTranslation } from '../../../lib/i18n';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { useAccountResendVerificationMutation } from '../api/profile-api';

type Result = { kind: 'success' | 'error'; key: string };

/** Shown only to unverified users; the result message disappears after DELAYS.resendMessageClear. */
export function ResendVerificationCard({ email }: { email: string }) {
  const { t } = useAccountTranslation();
  const [resend] = useAccountResendVerificationMutation();
  const { busy, run } = useSingleFlight();
  const schedule = useDelayed();
  const [result, setResult] = useState<Result>();

  const send = () =>
    run(async () => {
      setResult(undefined);
      try {
        await resend().unwrap();
        setResult({ kind: 'success', key: 'messages.resendVerificationMessagePositive' });
      } catch {
        setResult({ kind: 'error', key: 'errors.resendVerificationMessageNegative' });
      }
      schedule(() => setResult(undefined), DELAYS.resendMessageClear);
    });

  return (
    <Card title={t('titles.resendVerification')}>
      <p>{t('hints.unverified', { email })}</p>
      {result && <Alert kind={result.kind}>{t(result.key)}</Alert>}
      <div className="actions">
        <button type="button" onClick={send} disabled={busy} aria-busy={busy}>
          {t('buttons.resendVerification')}
        </button>
      </div>
    </Card>
  );
}
