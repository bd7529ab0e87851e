/**
 * Tells the app's other tabs that this one logged in or out, so they follow at once instead of
 * at their next request's 401. A `storage` event: every browser delivers it to the other tabs
 * of this origin (never to the writing tab itself, so a tab cannot loop on its own news), and
 * it needs no channel to close. The time makes each announcement a change, hence an event.
 */
const STORAGE_KEY = 'lager:session';

export type SessionNews = { type: 'logout' } | { type: 'login'; userId: number };

export function announceSession(news: SessionNews): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...news, at: Date.now() }));
  } catch {
    // Storage denied: the other tabs learn it from their next request's 401, as before.
  }
}

function parse(value: string | null): SessionNews | null {
  try {
    const news = JSON.parse(value ?? 'null') as Partial<{ type: unknown; userId: unknown }> | null;
    if (news?.type === 'logout') return { type: 'logout' };
    if (news?.type === 'login' && typeof news.userId === 'number') return { type: 'login', userId: news.userId };
  } catch {
    // Not ours (or damaged): ignored.
  }
  return null;
}

/** Calls `listener` with each announcement of another tab; returns the unsubscribe. */
export function onSessionNews(listener: (news: SessionNews) => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY) return;
    const news = parse(event.newValue);
    if (news) listener(news);
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
