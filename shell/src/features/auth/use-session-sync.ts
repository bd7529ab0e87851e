import { browser, markSessionEnded, onSessionNews, useAppDispatch } from '@lager/shared';
import { useEffect, useRef } from 'react';

/**
 * Follows the other tabs' logins and logouts (see announceSession) as they happen:
 * - a logout there ends the session here at once, as a 401 would (`markSessionEnded`: the login
 *   page says why and leads back; the drafts follow their usual rules — the logging-out tab
 *   cleared them, this one neither clears nor writes any);
 * - a login there started a new session for every tab: unless it is this tab's user already,
 *   a reload starts this tab with it (spec §4's login reload). A reload announces nothing, so
 *   tabs never set each other reloading.
 */
export function useSessionSync(userId: number | null | undefined) {
  const dispatch = useAppDispatch();
  const current = useRef(userId);
  current.current = userId;

  useEffect(
    () =>
      onSessionNews((news) => {
        if (news.type === 'logout') {
          if (current.current) void dispatch(markSessionEnded());
        } else if (news.userId !== current.current) {
          browser.reload();
        }
      }),
    [dispatch],
  );
}
