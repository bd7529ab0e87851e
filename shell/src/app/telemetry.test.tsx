import { setRuntimeConfig } from '@lager/shared';
import { renderWithProviders } from '@lager/shared/testing';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { screen } from '@testing-library/react';
import infoSection from '../../../remote-info/section.json';
import { forgetLoadedSections, RemoteSection, SectionSuspense } from '../features/remotes/RemoteSection';
import { setRemotesManifest } from '../features/remotes/remotes-manifest';
import { setSectionVersion } from '../features/remotes/section-versions';
import { startTelemetry } from '../features/telemetry';
import { enableTelemetry, flush, resetTelemetry, type TelemetryEvent } from '../features/telemetry/collector';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }));
const mockedLoad = jest.mocked(loadRemote);
const beacon = jest.fn((_url: string, _body?: BodyInit | null) => true);
Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
const sent = () =>
  beacon.mock.calls.flatMap(([, body]) => (JSON.parse(String(body)) as { events: TelemetryEvent[] }).events);

const stable = { remote: 'remote-info', version: '1.4.0', channel: 'stable' };

beforeAll(startTelemetry);

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  resetTelemetry();
  setRuntimeConfig({});
  enableTelemetry();
  beacon.mockClear();
  forgetLoadedSections();
  setRemotesManifest({
    remotes: {
      'remote-info': {
        stable: { version: '1.4.0', entry: 'http://127.0.0.1:3004/mf-manifest.json', section: infoSection },
      },
    },
  });
});

const renderSection = () =>
  renderWithProviders(
    <SectionSuspense>
      <RemoteSection remote="remote-info" />
    </SectionSuspense>,
    { route: '/info' },
  );

test('a section counts as mounted once its first render is on screen', async () => {
  mockedLoad.mockResolvedValue({ default: () => <p>Info here</p> });
  renderSection();
  await screen.findByText('Info here');
  flush();
  expect(sent()).toEqual([{ type: 'mount', ...stable, first: 'page' }]);
});

test('a section that throws while rendering is a render error of its version, not a mount', async () => {
  mockedLoad.mockResolvedValue({
    default: () => {
      throw new TypeError('items is undefined');
    },
  });
  renderSection();
  await screen.findByRole('button', { name: 'Erneut versuchen' });
  flush();
  expect(sent()).toEqual([
    expect.objectContaining({
      type: 'render_error',
      ...stable,
      first: 'page',
      message: 'TypeError: items is undefined',
    }),
  ]);
});

test('a section whose code never arrives is a load error of its version', async () => {
  mockedLoad.mockRejectedValue(new Error('remote_info/InfoRoutes did not load'));
  renderSection();
  await screen.findByRole('button', { name: 'Erneut versuchen' });
  flush();
  expect(sent()).toEqual([expect.objectContaining({ type: 'load_error', ...stable, first: 'page' })]);
});

test('a runtime error counts for the version whose folder holds its script, else for the shell', () => {
  const canary = { remote: 'remote-info', version: '2.0.0', channel: 'canary' } as const;
  setSectionVersion(canary);
  const inCanary = new Error('canary broke');
  inCanary.stack = 'Error: canary broke\n    at f (http://localhost/remote-info/2.0.0/static/js/7.js:1:20)';
  dispatchEvent(new ErrorEvent('error', { error: inCanary }));
  dispatchEvent(
    new ErrorEvent('error', { error: new Error('shell broke'), filename: 'http://localhost/static/js/index.js' }),
  );
  flush();
  expect(sent().map((e) => [e.type, e.remote, e.version, e.channel, e.source])).toEqual([
    ['runtime_error', 'remote-info', '2.0.0', 'canary', '/remote-info/2.0.0/static/js/7.js'],
    ['runtime_error', 'shell', expect.stringMatching(/^\d+\.\d+\.\d+/), 'stable', '/static/js/index.js'],
  ]);
});
