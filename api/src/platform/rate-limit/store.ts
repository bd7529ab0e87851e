import type { Counters } from './counters';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit on the shared counters, so `register`, `check-email`, reset and
 * verification mails are limited across every API instance on the database, not per process.
 */
export function counterStore(counters: Counters, prefix = 'route') {
  class CounterStore {
    constructor(private readonly routeKey = prefix) {}

    incr(key: string, callback: Callback, timeWindow: number) {
      counters.hit(`${this.routeKey}:${key}`, timeWindow).then(
        (hit) => callback(null, { current: hit.count, ttl: hit.ttlMs }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: { routeInfo?: { method?: string; url?: string } }) {
      const route = routeOptions.routeInfo;
      return new CounterStore(`${prefix}:${route?.method ?? ''}${route?.url ?? ''}`);
    }
  }
  return CounterStore;
}
