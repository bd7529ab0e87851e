import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '../constants';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mql = window.matchMedia?.(query);
      mql?.addEventListener('change', onChange);
      return () => mql?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}

/** Screens of at most 1024 px (spec §9 breakpoint). */
export const useIsMobile = () => useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`);
