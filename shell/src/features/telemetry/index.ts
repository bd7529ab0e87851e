/**
 * Where the shell reports to the collector: global errors, canary fallbacks, API failures,
 * section mounts and boundaries, and web vitals (their library loaded once the first load has settled).
 */
import { http } from '@lager/shared';
import { useEffect } from 'react';
import { messageOf, routeTarget, SHELL, scriptOf, scriptTarget, targetOf } from './attribution';
import { enableTelemetry, flush, record } from './collector';

/** A chunk that failed to arrive is a load error even when a boundary or a handler sees it. */
const isLoadFailure = (error: unknown) => /ChunkLoadError|Loading (CSS )?chunk/.test(messageOf(error));

function runtimeError(error: unknown, filename?: string): void {
  const source = scriptOf(error, filename);
  record(scriptTarget(source), isLoadFailure(error) ? 'load_error' : 'runtime_error', {
    message: messageOf(error),
    source,
  });
}

/** `/api/stock/articles/17?x` → `/api/stock/articles/:id`: one signature per endpoint. */
const endpointOf = (url = '') => `/${url.split('?')[0]!.replace(/^\//, '')}`.replace(/\/\d+(?=\/|$)/g, '/:id');

function listen(): void {
  addEventListener('error', (e) => runtimeError(e.error ?? e.message, e.filename));
  addEventListener('unhandledrejection', (e) => runtimeError(e.reason));
  addEventListener('lager:section-fallback', (e) => {
    const { remote, version, channel, message } = (e as CustomEvent).detail;
    record({ remote, version, channel }, 'load_error', { message });
  });
  addEventListener('lager:section-mount', (e) => record(targetOf((e as CustomEvent).detail.remote), 'mount'));
  addEventListener('lager:section-error', (e) => {
    const { remote, error, loaded } = (e as CustomEvent).detail;
    record(targetOf(remote), loaded && !isLoadFailure(error) ? 'render_error' : 'load_error', {
      message: messageOf(error),
      source: scriptOf(error),
    });
  });
  http.interceptors.response.use(undefined, (error) => {
    const status = error?.response?.status as number | undefined;
    const failed = status ? status >= 500 : error?.code !== 'ERR_CANCELED' && navigator.onLine !== false;
    if (failed) {
      const { method = 'get', url } = error.config ?? {};
      record(routeTarget(), 'api_error', {
        message: status ? `HTTP ${status}` : 'Network Error',
        source: `${method.toUpperCase()} ${endpointOf(url)}`,
      });
    }
    return Promise.reject(error);
  });
  // web-vitals reports on `visibilitychange` (capture, window) before this listener runs.
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
  addEventListener('pagehide', flush);
}

const RANGES: Record<string, number> = { LCP: 120_000, INP: 120_000, CLS: 100 };
/** After the load event, this long and then an idle moment: past the largest paint of a first load. */
const VITALS_AFTER_LOAD_MS = 1000;

/**
 * Runs `load` once the page has settled (load event, VITALS_AFTER_LOAD_MS, then idle), or at once when the
 * page is hidden or left first. web-vitals' observers read the buffered LCP, layout-shift, first-input and
 * (≥ 104 ms) event entries, so starting them late loses no LCP or CLS; its request no longer competes with
 * the first load's own requests and rendering (Lighthouse counted it on the LCP path).
 */
function whenSettled(load: () => void): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    document.removeEventListener('visibilitychange', onHidden);
    removeEventListener('pagehide', start);
    load();
  };
  const onHidden = () => document.visibilityState === 'hidden' && start();
  const idle = () => (window.requestIdleCallback ? window.requestIdleCallback(start, { timeout: 1000 }) : start());
  const afterLoad = () => window.setTimeout(idle, VITALS_AFTER_LOAD_MS);
  document.addEventListener('visibilitychange', onHidden);
  addEventListener('pagehide', start);
  if (document.readyState === 'complete') afterLoad();
  else addEventListener('load', afterLoad, { once: true });
}

function loadVitals(): void {
  // LCP belongs to the route the page was opened on; INP and CLS to the route when reported.
  const opened = routeTarget();
  whenSettled(() => {
    // Named so the bench can tell this deferred chunk from the first load's (bench/lib/pageload.mjs).
    void import(/* webpackChunkName: "web-vitals" */ 'web-vitals').then(({ onCLS, onINP, onLCP }) => {
      const report = (target: () => ReturnType<typeof routeTarget>) => (m: { name: string; value: number }) => {
        if (m.value >= 0 && m.value <= RANGES[m.name]!) record(target(), 'vital', { name: m.name, value: m.value });
      };
      onLCP(report(() => opened));
      onINP(report(routeTarget));
      onCLS(report(routeTarget));
    });
  });
}

/** Called once at start; does nothing when config.json says `"telemetry": false`. */
export function startTelemetry(): void {
  if (enableTelemetry()) listen();
}

/** Rendered after the shell's content: its effect runs once the first render committed. */
export function ReportMount() {
  useEffect(() => {
    record(SHELL, 'mount');
    loadVitals();
  }, []);
  return null;
}
