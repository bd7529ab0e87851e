import { hasAnyPermission, preloadDialogs, readCachedPermissions } from '@lager/shared';
import { permissionList } from '@lager/shared/sections';
import { useEffect } from 'react';
import { getInstalledSections, preloadExtension, preloadSection } from '../remotes';
import { matchRoute } from './route-table';

/** After this long, and only when the browser is idle, the other sections are fetched too. */
const IDLE_PRELOAD_AFTER_MS = 2500;

function ownerOf(pathname: string): string | undefined {
  const owner = matchRoute(pathname)?.owner;
  return owner && owner !== 'shell' ? owner : undefined;
}

/**
 * Federation turns one bundle into a chain of requests (shell → auth → remote manifest →
 * entry → chunks). Starting the current route's section together with the auth check cuts
 * that chain; warming the others (and the dialog code) when idle makes a later click render
 * without waiting.
 */
export function useSectionPreloading(): void {
  useEffect(() => {
    const current = ownerOf(window.location.pathname);
    if (current) preloadSection(current);
    // Logged-in users start on the dashboard: the cards their (cached) permissions show load with the auth check.
    if (['/', '/dashboard'].includes(window.location.pathname)) {
      const held = readCachedPermissions();
      for (const section of getInstalledSections()) {
        for (const card of section.slots?.dashboard ?? []) {
          const required = permissionList(card.permission);
          if (!required.length || hasAnyPermission(held, required)) preloadExtension(section.remote, card.module);
        }
      }
    }
    let idle: number | undefined;
    const timer = window.setTimeout(() => {
      const warmAll = () => {
        for (const { remote } of getInstalledSections()) preloadSection(remote);
        // Not on the first load's path, but here before a click opens the first dialog.
        preloadDialogs();
      };
      idle = window.requestIdleCallback ? window.requestIdleCallback(warmAll) : window.setTimeout(warmAll, 0);
    }, IDLE_PRELOAD_AFTER_MS);
    return () => {
      window.clearTimeout(timer);
      if (idle !== undefined) (window.cancelIdleCallback ?? window.clearTimeout)(idle);
    };
  }, []);
}
