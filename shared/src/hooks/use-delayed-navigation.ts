import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { browser } from '../browser';
import { useDelayed } from './use-delayed';

/**
 * The spec's "after N ms go to X (and reload)" in one helper, on top of useDelayed:
 * timers are dropped when the screen unmounts, and the reload goes through `browser`.
 */
export function useDelayedNavigation() {
  const schedule = useDelayed();
  const navigate = useNavigate();
  return useMemo(
    () => ({
      /** Client-side navigation after `ms`; with `reload`, the app then starts afresh at that path. */
      redirectAfter(path: string, ms: number, options: { reload?: boolean; replace?: boolean } = {}) {
        schedule(() => {
          navigate(path, { replace: options.replace });
          if (options.reload) browser.reload();
        }, ms);
      },
      reloadAfter(ms: number) {
        schedule(() => browser.reload(), ms);
      },
    }),
    [schedule, navigate],
  );
}
