import type { useTranslation } from 'react-i18next';
import type { GetReleasesApiResponse } from '../../api/generated';

export type RemoteState = GetReleasesApiResponse['remotes'][number];
export type Guard = NonNullable<NonNullable<RemoteState['canary']>['guard']>;
export type HistoryLine = GetReleasesApiResponse['history'][number];
type TFunction = ReturnType<typeof useTranslation>['t'];

/** 0.129 → "12.9 %" / "12,9 %" in the page's language. */
export function percent(rate: number, language: string): string {
  return new Intl.NumberFormat(language, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(rate);
}

export function count(value: number, language: string): string {
  return new Intl.NumberFormat(language).format(value);
}

/** The one way /releases writes a point in time (history, errors, charts): "28.11.26, 15:30" / "11/28/26, 3:30 PM". */
export function dateTimeFormat(language: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' });
}

export function dateTime(iso: string, language: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : dateTimeFormat(language).format(at);
}

/** Milliseconds left in the guard's current step (≤ 0: its window has passed). */
function timeLeft(guard: Guard, now: number): number {
  return Date.parse(guard.step_started_at) + guard.window_ms - now;
}

function duration(ms: number, t: TFunction): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return minutes > 0 ? t('guard.minutes', { minutes, seconds }) : t('guard.seconds', { seconds });
}

/** "Step 2 of 4 (25 %) · 4 min 10 s left". */
export function guardState(guard: Guard, now: number, t: TFunction): string {
  const step = t('guard.step', {
    step: guard.step + 1,
    steps: guard.steps.length,
    percent: guard.steps[guard.step] ?? 0,
  });
  const left = timeLeft(guard, now);
  return `${step} · ${left > 0 ? t('guard.timeLeft', { time: duration(left, t) }) : t('guard.windowPassed')}`;
}

/** A history action in words; one the page does not know is shown as written. */
export function actionLabel(action: string, t: TFunction): string {
  return t(`actions.${action}`, { defaultValue: action });
}
