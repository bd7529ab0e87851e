import { setRuntimeConfig } from '@lager/shared';
import { act, render, waitFor } from '@testing-library/react';
import { onCLS, onINP, onLCP } from 'web-vitals';
import { ReportMount } from '.';
import { enableTelemetry, flush, resetTelemetry, type TelemetryEvent } from './collector';

// The browser's measurements are the edge here: jsdom paints nothing, so the library's callbacks are driven by hand.
jest.mock('web-vitals', () => ({ onLCP: jest.fn(), onINP: jest.fn(), onCLS: jest.fn() }));
const beacon = jest.fn((_url: string, _body?: BodyInit | null) => true);
Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
const sent = () =>
  beacon.mock.calls.flatMap(([, body]) => (JSON.parse(String(body)) as { events: TelemetryEvent[] }).events);
type Metric = { name: string; value: number };
const report = (fn: (onReport: never) => void, metric: Metric) =>
  ((fn as jest.Mock).mock.calls[0]![0] as (m: Metric) => void)(metric);
let visibility: DocumentVisibilityState = 'visible';
Object.defineProperty(document, 'visibilityState', { get: () => visibility, configurable: true });

beforeEach(() => {
  jest.useFakeTimers();
  jest.clearAllMocks();
  resetTelemetry();
  setRuntimeConfig({});
  enableTelemetry();
  visibility = 'visible';
  window.history.pushState({}, '', '/dashboard');
});
afterEach(() => jest.useRealTimers());

test('web vitals start once the first load has settled and report LCP, INP and CLS', async () => {
  render(<ReportMount />);
  // Not on the first load's path: nothing is observed before the load event's second has passed.
  await act(() => jest.advanceTimersByTimeAsync(900));
  expect(onLCP).not.toHaveBeenCalled();
  await act(() => jest.advanceTimersByTimeAsync(200));
  await waitFor(() => expect(onLCP).toHaveBeenCalled());
  report(onLCP, { name: 'LCP', value: 1830 });
  report(onINP, { name: 'INP', value: 96 });
  report(onCLS, { name: 'CLS', value: 0 });
  flush();
  expect(sent()).toEqual([
    expect.objectContaining({ type: 'mount', remote: 'shell', first: 'page' }),
    expect.objectContaining({ type: 'vital', remote: 'shell', name: 'LCP', value: 1830 }),
    expect.objectContaining({ type: 'vital', remote: 'shell', name: 'INP', value: 96 }),
    expect.objectContaining({ type: 'vital', remote: 'shell', name: 'CLS', value: 0 }),
  ]);
});

test('a page hidden before it settled starts web vitals at once', async () => {
  render(<ReportMount />);
  expect(onLCP).not.toHaveBeenCalled();
  visibility = 'hidden';
  document.dispatchEvent(new Event('visibilitychange'));
  await waitFor(() => expect(onLCP).toHaveBeenCalledTimes(1));
  // Settling later does not start them a second time.
  await act(() => jest.advanceTimersByTimeAsync(5000));
  expect(onLCP).toHaveBeenCalledTimes(1);
});
