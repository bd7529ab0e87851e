import { http, setRuntimeConfig } from '@lager/shared';
import { API, HttpResponse, rest, setupApiServer } from '@lager/shared/testing';
import { startTelemetry } from '.';
import { enableTelemetry, flush, pageId, record, resetTelemetry, scrub, type TelemetryEvent } from './collector';

setupApiServer(
  rest.get(`${API}/api/broken`, () => HttpResponse.json({ message: 'down' }, { status: 503 })),
  rest.get(`${API}/api/gone`, () => HttpResponse.error()),
  rest.get(`${API}/api/missing/:id`, () => HttpResponse.json({ message: 'no' }, { status: 404 })),
);

const beacon = jest.fn((_url: string, _body?: BodyInit | null) => true);
Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });

/** Every batch the page sent, parsed the way the API reads it. */
const batches = () =>
  beacon.mock.calls.map(([url, body]) => ({
    url,
    ...(JSON.parse(String(body)) as { page: string; events: TelemetryEvent[] }),
  }));
const sent = () => batches().flatMap((b) => b.events);

const canary = { remote: 'remote-info', version: '2.0.0', channel: 'canary' } as const;

beforeAll(() => {
  setRuntimeConfig({ apiBaseUrl: API });
  startTelemetry();
});

beforeEach(() => {
  resetTelemetry();
  setRuntimeConfig({ telemetry: true } as never);
  enableTelemetry();
  beacon.mockClear();
});

test('a page sends its events in one beacon to /api/telemetry as JSON text, with its page id', () => {
  record(canary, 'mount');
  record(canary, 'render_error', {
    message: 'TypeError: x is undefined',
    source: '/remote-info/2.0.0/static/js/a.js?v=1',
  });
  flush();
  expect(beacon).toHaveBeenCalledTimes(1);
  const [batch] = batches();
  expect(batch!.url).toBe('http://localhost/api/telemetry');
  expect(typeof beacon.mock.calls[0]![1]).toBe('string');
  expect(batch!.page).toBe(pageId);
  expect(pageId).toMatch(/^[a-f0-9]{32}$/);
  expect(batch!.events).toEqual([
    { type: 'mount', ...canary, first: 'page' },
    {
      type: 'render_error',
      ...canary,
      first: 'error',
      message: 'TypeError: x is undefined',
      source: '/remote-info/2.0.0/static/js/a.js',
    },
  ]);
  flush();
  expect(beacon).toHaveBeenCalledTimes(1);
});

test('the same error on the same page counts once; a new type or message is sent with what it adds', () => {
  const error = { message: 'boom', source: '/remote-info/2.0.0/x.js' };
  record(canary, 'runtime_error', error);
  record(canary, 'runtime_error', error);
  record(canary, 'runtime_error', { ...error, message: 'other' });
  record(canary, 'api_error', { message: 'HTTP 500', source: 'GET /api/x' });
  record(canary, 'mount');
  flush();
  expect(sent().map((e) => [e.type, e.message, e.first])).toEqual([
    ['runtime_error', 'boom', 'page'],
    ['runtime_error', 'other', undefined],
    ['api_error', 'HTTP 500', 'type'],
    ['mount', undefined, undefined],
  ]);
});

test('messages lose e-mail addresses and digit runs of 6 or more and stop at 200 characters', () => {
  expect(scrub('user anna.b@example.com failed, order 1234567 (id 12345)')).toBe('user … failed, order … (id 12345)');
  expect(scrub('x'.repeat(500))).toHaveLength(200);
  record(canary, 'runtime_error', { message: `mail a@b.de ${'y'.repeat(300)}` });
  flush();
  expect(sent()[0]!.message).toBe(`mail … ${'y'.repeat(193)}`);
});

test('text is well-formed: an emoji at character 200 is never halved, lone surrogates and NUL are replaced', () => {
  // 199 letters and an emoji (two UTF-16 units): cutting at 200 units left a lone surrogate (issue 37).
  const message = `${'x'.repeat(199)}😀 and more`;
  expect(scrub(message)).toBe('x'.repeat(199));
  expect(scrub(`${'x'.repeat(198)}😀 and more`)).toBe(`${'x'.repeat(198)}😀`);
  expect(scrub('half \uD83D of it\u0000')).toBe('half \uFFFD of it ');
  record(canary, 'render_error', { message, source: `/remote-info/2.0.0/${'a'.repeat(280)}😀.js` });
  flush();
  const [event] = sent();
  expect(event!.message).toBe('x'.repeat(199));
  expect(event!.source).toBe(`/remote-info/2.0.0/${'a'.repeat(280)}`);
  // What the beacon carries is valid UTF-16 throughout.
  expect(String(beacon.mock.calls[0]![1])).not.toMatch(/\\ud8|\\udc|\\ude|\\udf/i);
});

test('many events leave in several batches of at most 100 events and 16 KiB', () => {
  for (let i = 0; i < 250; i++) record(canary, 'runtime_error', { message: `${'e'.repeat(180)} ${i}` });
  flush();
  const all = batches();
  expect(all.length).toBeGreaterThanOrEqual(3);
  for (const [, body] of beacon.mock.calls) expect(new Blob([String(body)]).size).toBeLessThanOrEqual(16 * 1024);
  for (const b of all) expect(b.events.length).toBeLessThanOrEqual(100);
  expect(sent()).toHaveLength(250);
});

test('the 16 KiB are bytes: messages in non-Latin text leave in more, smaller batches', () => {
  for (let i = 0; i < 100; i++) record(canary, 'runtime_error', { message: `${'€'.repeat(190)} ${i}` });
  flush();
  expect(batches().length).toBeGreaterThanOrEqual(3);
  for (const [, body] of beacon.mock.calls) expect(new Blob([String(body)]).size).toBeLessThanOrEqual(16 * 1024);
  expect(sent()).toHaveLength(100);
});

test('waiting events leave after 30 s, and when the page is hidden or left', () => {
  jest.useFakeTimers();
  try {
    record(canary, 'mount');
    jest.advanceTimersByTime(29_000);
    expect(beacon).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1_000);
    expect(beacon).toHaveBeenCalledTimes(1);
  } finally {
    jest.useRealTimers();
  }
  record(canary, 'vital', { name: 'LCP', value: 1830 });
  dispatchEvent(new Event('pagehide'));
  expect(sent().at(-1)).toMatchObject({ type: 'vital', name: 'LCP', value: 1830 });
});

test('versions that are not semver (development builds) are not reported', () => {
  record({ ...canary, version: 'local' }, 'mount');
  flush();
  expect(beacon).not.toHaveBeenCalled();
});

test('a batch the browser refuses is dropped, not retried', () => {
  beacon.mockReturnValueOnce(false);
  record(canary, 'mount');
  flush();
  flush();
  expect(beacon).toHaveBeenCalledTimes(1);
});

test('"telemetry": false in config.json turns everything off', async () => {
  resetTelemetry();
  setRuntimeConfig({ telemetry: false } as never);
  expect(enableTelemetry()).toBe(false);
  record(canary, 'mount');
  dispatchEvent(new ErrorEvent('error', { error: new Error('x'), filename: 'http://localhost/shell.js' }));
  await http.get('api/broken').catch(() => {});
  flush();
  expect(beacon).not.toHaveBeenCalled();
});

test('a canary that fell back to stable is a load error of the canary', () => {
  dispatchEvent(new CustomEvent('lager:section-fallback', { detail: { ...canary, message: 'entry 404', at: 'now' } }));
  flush();
  expect(sent()).toEqual([{ type: 'load_error', ...canary, first: 'page', message: 'entry 404' }]);
});

test('API calls answered 5xx count as api_error for the route owner; 4xx and offline do not', async () => {
  await http.get('api/broken').catch(() => {});
  await http.get('api/missing/1234').catch(() => {});
  await http.get('api/gone').catch(() => {});
  const online = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  await http.get('api/gone?offline=1').catch(() => {});
  online.mockRestore();
  flush();
  expect(sent()).toEqual([
    expect.objectContaining({ type: 'api_error', remote: 'shell', message: 'HTTP 503', source: 'GET /api/broken' }),
    expect.objectContaining({ type: 'api_error', remote: 'shell', message: 'Network Error', source: 'GET /api/gone' }),
  ]);
});
