/**
 * Which users see a canary. A user's bucket (0 … 9,999) is a hash of a stable key and the
 * remote's name, so the same user always lands in the same bucket, and a canary at N % is
 * shown to buckets below N × 100: raising the percentage only ever adds users. Salting with
 * the remote keeps one unlucky group of users from getting every section's canary first.
 */
export const BUCKETS = 10_000;
const ANONYMOUS_ID_KEY = 'lager:rollout-id';

/** FNV-1a (32 bit) with murmur3's finaliser: identical in every browser, well spread for sequential ids. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export function bucketOf(key: string, remote: string): number {
  return hash32(`${remote}|${key}`) % BUCKETS;
}

export function inCanary(bucket: number, percent: number): boolean {
  return bucket < Math.round((Math.min(Math.max(percent, 0), 100) * BUCKETS) / 100);
}

export function userBucketKey(userId: number | string): string {
  return `user:${userId}`;
}

function randomId(): string {
  const bytes = new Uint8Array(16);
  // getRandomValues, unlike randomUUID, also exists on plain-http origins.
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

let memoryId: string | undefined;

/** Visitors who are not logged in: a random id kept in localStorage (memory only if storage is blocked). */
export function anonymousBucketKey(storage: Storage | undefined = globalThis.localStorage): string {
  try {
    let id = storage?.getItem(ANONYMOUS_ID_KEY);
    if (!id) {
      id = randomId();
      storage?.setItem(ANONYMOUS_ID_KEY, id);
    }
    return `anon:${id}`;
  } catch {
    memoryId ??= randomId();
    return `anon:${memoryId}`;
  }
}
