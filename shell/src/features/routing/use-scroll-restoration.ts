import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const STORAGE_KEY = 'scroll-positions';
/** Content of a section may still be loading when we go back: keep trying for a moment. */
const RESTORE_ATTEMPTS = 20;
const RESTORE_INTERVAL_MS = 50;

function readPositions(): Map<string, number> {
  try {
    return new Map(JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '[]') as Array<[string, number]>);
  } catch {
    return new Map();
  }
}

/**
 * Spec §2: after navigation the page scrolls to the top, or restores the saved position when
 * going back. react-router's <ScrollRestoration> needs a data router; the shell uses
 * <BrowserRouter>, so positions are kept here per history entry (location.key). They survive
 * the spec's reloads in sessionStorage.
 */
export function useScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Map<string, number>>(null);
  positions.current ??= readPositions();
  const currentKey = useRef(location.key);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const save = () => positions.current?.set(currentKey.current, window.scrollY);
    const persist = () =>
      window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...(positions.current ?? new Map())]));
    window.addEventListener('scroll', save, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', save);
      window.removeEventListener('pagehide', persist);
    };
  }, []);

  useLayoutEffect(() => {
    currentKey.current = location.key;
    const saved = navigationType === 'POP' ? positions.current?.get(location.key) : undefined;
    const target = saved ?? 0;
    window.scrollTo(0, target);
    if (target === 0) return;
    let attempts = 0;
    const timer = window.setInterval(() => {
      attempts += 1;
      if (Math.abs(window.scrollY - target) < 1 || attempts >= RESTORE_ATTEMPTS) window.clearInterval(timer);
      else window.scrollTo(0, target);
    }, RESTORE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [location.key, navigationType]);
}
