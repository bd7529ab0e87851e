import { NEXT_PARAM, returnPathFrom, safeReturnPath } from '@lager/shared';
import { useLocation } from 'react-router-dom';

/**
 * Where a logged-out user wanted to go (`?next=`, see shared/routing/return-to.ts) survives the
 * detours of a new user: /login ⇄ /register ⇄ /forgotpassword carry it in the query, and the
 * mails' links (verification, password reset) open a new tab without it, so it is also kept
 * in this browser until one of them is done.
 */
const STORAGE_KEY = 'account:return-path';
/** A mail's link followed later than this starts where it always did. */
const KEEP_MS = 24 * 60 * 60 * 1000;

/** This page's safe `next`, or null. */
export const useReturnPath = (): string | null => returnPathFrom(useLocation().search);

/** `path?next=…` when there is a (safe) place to continue, else `path`. */
export const withNext = (path: string, next: string | null): string =>
  next ? `${path}?${new URLSearchParams({ [NEXT_PARAM]: next })}` : path;

/** Keeps `next` for the tab a mail's link opens. */
export function rememberReturnPath(next: string | null): void {
  if (!next) return;
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ path: next, at: Date.now() }));
  } catch {
    // Storage full or denied: the detour ends on its usual page.
  }
}

/** The kept `next` (once: it is forgotten here), or null when none, stale or unsafe. */
export function takeReturnPath(): string | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    window.localStorage.removeItem(STORAGE_KEY);
    const kept = raw ? (JSON.parse(raw) as { path?: unknown; at?: unknown }) : null;
    if (!kept || typeof kept.path !== 'string' || typeof kept.at !== 'number') return null;
    return Date.now() - kept.at <= KEEP_MS ? safeReturnPath(kept.path) : null;
  } catch {
    return null;
  }
}
