import { Alert } from '@lager/shared';
import { useTranslation } from 'react-i18next';
import { NS } from '../../i18n';

/** The Releases pages read again every 15 s: a guard's decision shows up without a reload. */
export const POLL_MS = 15_000;

/** A failed load says so and offers to try again (disabled while it runs). */
export function LoadFailed({ text, retry, busy }: { text: string; retry: () => unknown; busy: boolean }) {
  const { t } = useTranslation(NS);
  return (
    <>
      <Alert kind="error">{text}</Alert>
      <button type="button" className="secondary" onClick={() => void retry()} disabled={busy}>
        {t('retry')}
      </button>
    </>
  );
}
