import { useAccountTranslation } from '../../../lib/i18n';

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * The visible countdown of a throttled login and its one polite announcement. The ticking line
 * is a `timer` (not announced: a screen reader hears the failure once, as an alert, and reads
 * the time when it goes there); the status region, present from the start so that screen
 * readers pick its change up, says only that the wait is over.
 */
export function RetryCountdown({ left, ready }: { left: number; ready: boolean }) {
  const { t } = useAccountTranslation();
  return (
    <>
      {left > 0 && (
        <p role="timer" className="field-hint">
          {t('messages.retryCountdown', { time: clock(left) })}
        </p>
      )}
      <p aria-live="polite" data-testid="login-retry-status" className={ready ? 'field-hint' : 'visually-hidden'}>
        {ready ? t('messages.retryReady') : null}
      </p>
    </>
  );
}
