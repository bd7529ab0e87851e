/**
 * The page's health figures for each section version (guarded-rollout spec §1): events are
 * kept per page (a random id made at boot, never stored), the same error once, and sent in
 * batches with navigator.sendBeacon when the page is hidden or left and every 30 s while
 * something waits. A batch that cannot be sent is dropped, never retried.
 */
import { getRuntimeConfig } from '@lager/shared';

export type TelemetryType = 'mount' | 'load_error' | 'render_error' | 'runtime_error' | 'api_error' | 'vital';

/** A section version as the page runs it (`shell` for the shell's own code). */
export interface Target {
  remote: string;
  version: string;
  channel: string;
}

export interface TelemetryEvent extends Target {
  type: TelemetryType;
  /**
   * What the event adds to the page counts (the server keeps no page ids, so the page says it):
   * `page` the first event of this version on this page (counted as a page; on an error also
   * `error`), `error` its first error of any type (also `type`), `type` the first of its type.
   */
  first?: 'page' | 'error' | 'type';
  message?: string;
  source?: string;
  name?: string;
  value?: number;
}

const MAX_EVENTS = 100;
/** Under the API's 16 KiB limit with room for the envelope, in UTF-8 bytes as sent (ü is 2, € 3). */
const MAX_BYTES = 15_000;
const utf8 = new TextEncoder();
const FLUSH_MS = 30_000;
const SEMVER = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;

let enabled = false;
let queue: TelemetryEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
const seen = new Set<string>();
/** Per `remote@version`: the error types already counted for this page ('' = any). */
const counted = new Map<string, Set<string>>();

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const pageId = randomId();

/**
 * Text any server can store (issue 37): a lone surrogate becomes U+FFFD, a control character
 * (NUL included) a space, and a cut never leaves half an emoji.
 */
function wellFormed(text: string, max: number): string {
  let head = text.slice(0, max);
  if (/[\uD800-\uDBFF]$/.test(head) && text.length > max) head = head.slice(0, -1);
  return head.replace(/\p{Cs}/gu, '\uFFFD').replace(/\p{Cc}/gu, ' ');
}

/** E-mail addresses and digit runs of 6 or more become `…`; at most 200 characters. */
export function scrub(text: string): string {
  return wellFormed(
    wellFormed(text, 2000)
      .replace(/[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[a-z]{2,}/gi, '…')
      .replace(/\d{6,}/g, '…'),
    200,
  );
}

/** Turned on once at start unless config.json says `"telemetry": false`. */
export function enableTelemetry(): boolean {
  enabled = (getRuntimeConfig() as { telemetry?: boolean }).telemetry !== false;
  return enabled;
}

export function record(
  target: Target | undefined,
  type: TelemetryType,
  detail: Pick<TelemetryEvent, 'message' | 'source' | 'name' | 'value'> = {},
): void {
  // A version that is not semver (`local` in development) would cost the whole batch a 422.
  if (!enabled || !target || !SEMVER.test(target.version)) return;
  const event: TelemetryEvent = { type, remote: target.remote, version: target.version, channel: target.channel };
  if (detail.message !== undefined) event.message = scrub(detail.message);
  if (detail.source) event.source = wellFormed(detail.source.split(/[?#]/)[0]!, 300);
  if (detail.name) event.name = detail.name;
  if (detail.value !== undefined) event.value = detail.value;
  const key = `${event.remote}@${event.version}`;
  const dedupe = `${key}|${type}|${event.name ?? ''}|${event.message ?? ''}|${event.source ?? ''}`;
  if (seen.has(dedupe)) return;
  seen.add(dedupe);
  let types = counted.get(key);
  if (!types) {
    types = new Set();
    counted.set(key, types);
    event.first = 'page';
  }
  if (type.endsWith('_error')) {
    if (!types.has('')) event.first ??= 'error';
    if (!types.has(type)) event.first ??= 'type';
    types.add('').add(type);
  }
  queue.push(event);
  timer ??= setTimeout(flush, FLUSH_MS);
}

function telemetryUrl(): string {
  return `${getRuntimeConfig().apiBaseUrl.replace(/\/$/, '')}/api/telemetry`;
}

/** Sends what waits, in batches the API accepts; anything the browser refuses is dropped. */
export function flush(): void {
  clearTimeout(timer);
  timer = undefined;
  const pending = queue;
  queue = [];
  while (pending.length) {
    const events: TelemetryEvent[] = [];
    let bytes = 60;
    while (pending.length && events.length < MAX_EVENTS) {
      const size = utf8.encode(JSON.stringify(pending[0])).length + 1;
      if (events.length && bytes + size > MAX_BYTES) break;
      bytes += size;
      events.push(pending.shift()!);
    }
    // A string goes as text/plain: a "simple" request, no CORS preflight even cross-origin.
    navigator.sendBeacon?.(telemetryUrl(), JSON.stringify({ page: pageId, events }));
  }
}

/** Tests: a fresh page. */
export function resetTelemetry(): void {
  clearTimeout(timer);
  timer = undefined;
  queue = [];
  seen.clear();
  counted.clear();
  enabled = false;
}
