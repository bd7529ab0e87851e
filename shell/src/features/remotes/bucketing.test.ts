import { anonymousBucketKey, BUCKETS, bucketOf, hash32, inCanary, userBucketKey } from './bucketing';

const REMOTE = 'remote-info';
const userKeys = Array.from({ length: 10_000 }, (_, i) => userBucketKey(i + 1));
const share = (keys: string[], percent: number) =>
  keys.filter((k) => inCanary(bucketOf(k, REMOTE), percent)).length / keys.length;

test('the same user always gets the same bucket (stable across calls and hash runs)', () => {
  expect(bucketOf(userBucketKey(42), REMOTE)).toBe(bucketOf(userBucketKey(42), REMOTE));
  // Pinned values: a changed hash would silently move every user to another version.
  expect([hash32(''), hash32('remote-info|user:1'), hash32('remote-info|user:2')]).toEqual([
    2872998923, 4156751461, 1002510128,
  ]);
  for (const key of userKeys.slice(0, 100)) {
    const bucket = bucketOf(key, REMOTE);
    expect(bucket).toBeGreaterThanOrEqual(0);
    expect(bucket).toBeLessThan(BUCKETS);
    expect(Number.isInteger(bucket)).toBe(true);
  }
});

test('raising the percentage only adds users, lowering it only removes them', () => {
  const steps = [0, 1, 5, 10, 25, 50, 75, 90, 99, 100];
  let previous = new Set<string>();
  for (const percent of steps) {
    const current = new Set(userKeys.filter((k) => inCanary(bucketOf(k, REMOTE), percent)));
    for (const key of previous) expect(current.has(key)).toBe(true);
    expect(current.size).toBeGreaterThanOrEqual(previous.size);
    previous = current;
  }
  expect(share(userKeys, 0)).toBe(0);
  expect(share(userKeys, 100)).toBe(1);
});

test.each([1, 5, 10, 25, 50, 75, 90])('%i %% of 10,000 user ids get the canary (±3 points)', (percent) => {
  expect(Math.abs(share(userKeys, percent) * 100 - percent)).toBeLessThanOrEqual(3);
});

test('random anonymous ids are distributed as evenly', () => {
  const anonymous = Array.from({ length: 10_000 }, () => {
    const storage = new Map<string, string>();
    return anonymousBucketKey({
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
    } as Storage);
  });
  expect(new Set(anonymous).size).toBe(10_000);
  for (const percent of [10, 50, 90])
    expect(Math.abs(share(anonymous, percent) * 100 - percent)).toBeLessThanOrEqual(3);
});

test('buckets are salted per remote: the 10 % of one canary are not the 10 % of every canary', () => {
  const inInfo = userKeys.filter((k) => inCanary(bucketOf(k, 'remote-info'), 10));
  const alsoInAccount = inInfo.filter((k) => inCanary(bucketOf(k, 'remote-account'), 10));
  // Independent choices overlap in about 10 % of cases, not 100 %.
  expect(alsoInAccount.length / inInfo.length).toBeLessThan(0.2);
});

test('a visitor keeps one random id in localStorage', () => {
  window.localStorage.clear();
  const first = anonymousBucketKey();
  expect(first).toMatch(/^anon:[0-9a-f]{32}$/);
  expect(anonymousBucketKey()).toBe(first);
  expect(window.localStorage.getItem('lager:rollout-id')).toBe(first.slice('anon:'.length));
});

test('blocked storage still gives one id for the page', () => {
  const blocked = {
    getItem: () => {
      throw new Error('SecurityError');
    },
  } as unknown as Storage;
  expect(anonymousBucketKey(blocked)).toBe(anonymousBucketKey(blocked));
});
