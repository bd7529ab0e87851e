import { http } from '@lager/shared';
import {
  API,
  HttpResponse,
  renderWithProviders,
  rest,
  sessionHandlers,
  setupApiServer,
  verifiedUser,
} from '@lager/shared/testing';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import section from '../../../../remote-info/section.json';
import { bucketOf, inCanary, userBucketKey } from './bucketing';
import de from './locales/de.json';
import en from './locales/en.json';
import { forgetLoadedSections, RemoteSection, SectionSuspense } from './RemoteSection';
import { fetchRemotesManifest, registerSection, setRemotesManifest } from './remotes-manifest';
import { SectionVersions } from './SectionVersions';
import { getSectionFailures } from './section-versions';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
  registerPlugins: jest.fn(),
}));
const mockedLoad = jest.mocked(loadRemote);
const mockedRegister = jest.mocked(registerRemotes);

const STABLE = 'https://cdn.example/remote-info/1.0.0/mf-manifest.json';
const CANARY = 'https://cdn.example/remote-info/2.0.0/mf-manifest.json';
const rollout = (percent: number) => ({
  remotes: {
    'remote-info': {
      stable: { version: '1.0.0', entry: STABLE, section },
      canary: { version: '2.0.0', entry: CANARY, percent },
    },
  },
});

/** First user ids inside and outside a 50 % canary of remote-info. */
const userIn = [...Array(100).keys()].find((id) => inCanary(bucketOf(userBucketKey(id), 'remote-info'), 50))!;
const userOut = [...Array(100).keys()].find((id) => !inCanary(bucketOf(userBucketKey(id), 'remote-info'), 50))!;

const server = setupApiServer(...sessionHandlers(null));

function FakeInfo() {
  return <p>Info section content</p>;
}

function Shell() {
  return (
    <>
      <SectionSuspense>
        <Routes>
          <Route path="/info/*" element={<RemoteSection remote="remote-info" />} />
        </Routes>
      </SectionSuspense>
      <SectionVersions />
    </>
  );
}

const entryOf = (remotes: unknown[]) => (remotes[0] as { entry?: string } | undefined)?.entry;
const registeredEntry = () => entryOf(mockedRegister.mock.lastCall?.[0] ?? []);

type Plugin = {
  errorLoadRemote: (args: object) => Promise<unknown>;
  fetch: (url: string, init: RequestInit) => unknown;
};

/** The plugin the shell gave the runtime (installed with the first section registration). */
function thePlugin(): Plugin {
  if (!jest.mocked(registerPlugins).mock.calls.length) registerSection('remote-info');
  return jest.mocked(registerPlugins).mock.calls[0]?.[0]?.[0] as unknown as Plugin;
}

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  jest.spyOn(console, 'error').mockImplementation(() => {});
  mockedLoad.mockReset();
  mockedRegister.mockReset();
  mockedLoad.mockResolvedValue({ default: FakeInfo });
  forgetLoadedSections();
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
  setRemotesManifest(rollout(50));
});

test.each([
  ['inside', userIn, CANARY, 'remote-info@2.0.0;canary'],
  ['outside', userOut, STABLE, 'remote-info@1.0.0;stable'],
])(
  'a logged-in user %s the canary share gets the version of their bucket, every time',
  async (_c, id, entry, header) => {
    server.use(...sessionHandlers({ ...verifiedUser, id }));
    for (let visit = 0; visit < 2; visit++) {
      forgetLoadedSections();
      const view = renderWithProviders(<Shell />, { route: '/info' });
      expect(await screen.findByText('Info section content')).toBeInTheDocument();
      expect(registeredEntry()).toBe(entry);
      expect(document.documentElement.dataset.lagerSections).toBe(header);
      view.unmount();
    }
  },
);

test('a visitor who is not logged in is bucketed by a random id kept in this browser', async () => {
  const view = renderWithProviders(<Shell />, { route: '/info' });
  expect(await screen.findByText('Info section content')).toBeInTheDocument();
  const first = registeredEntry();
  expect(window.localStorage.getItem('lager:rollout-id')).toMatch(/^[0-9a-f]{32}$/);
  view.unmount();
  for (let visit = 0; visit < 3; visit++) {
    forgetLoadedSections();
    const again = renderWithProviders(<Shell />, { route: '/info' });
    expect(await screen.findByText('Info section content')).toBeInTheDocument();
    expect(registeredEntry()).toBe(first);
    again.unmount();
  }
});

test('at 0 % and 100 % nobody waits for the user: everyone gets stable, or everyone the canary', async () => {
  let userRequests = 0;
  server.use(
    rest.get(`${API}/api/user`, () => {
      userRequests++;
      return HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 });
    }),
  );
  setRemotesManifest(rollout(100));
  const view = renderWithProviders(<Shell />, { route: '/info' });
  expect(await screen.findByText('Info section content')).toBeInTheDocument();
  expect(registeredEntry()).toBe(CANARY);
  view.unmount();
  forgetLoadedSections();
  setRemotesManifest(rollout(0));
  renderWithProviders(<Shell />, { route: '/info' });
  expect(await screen.findByText('Info section content')).toBeInTheDocument();
  expect(registeredEntry()).toBe(STABLE);
  expect(userRequests).toBe(0);
});

test('QA pins a version with ?lager-pin=, kept in localStorage; entries are relative to remotes.json', async () => {
  server.use(
    rest.get('http://localhost/remotes.json', () =>
      HttpResponse.json({
        remotes: {
          'remote-info': {
            stable: { version: '1.0.0', entry: 'deploy/remote-info/1.0.0/mf-manifest.json', section },
            canary: { version: '2.0.0', entry: 'deploy/remote-info/2.0.0/mf-manifest.json', percent: 50 },
          },
        },
      }),
    ),
  );
  window.history.replaceState(null, '', '/info?lager-pin=remote-info@1.5.0-rc.1');
  await fetchRemotesManifest('http://localhost/remotes.json');
  expect(JSON.parse(window.localStorage.getItem('lager:pins')!)).toEqual({ 'remote-info': '1.5.0-rc.1' });
  renderWithProviders(<Shell />, { route: '/info', language: 'en' });
  expect(await screen.findByText('Info section content')).toBeInTheDocument();
  expect(registeredEntry()).toBe('http://localhost/deploy/remote-info/1.5.0-rc.1/mf-manifest.json');
  expect(screen.getByText('remote-info 1.5.0-rc.1 (pinned)')).toBeInTheDocument();

  window.history.replaceState(null, '', '/info?lager-pin=remote-info');
  await fetchRemotesManifest('http://localhost/remotes.json');
  expect(window.localStorage.getItem('lager:pins')).toBeNull();
});

test('every API request tells the server which section versions this page runs', async () => {
  server.use(...sessionHandlers({ ...verifiedUser, id: userIn }));
  let seen: string | null = null;
  server.use(
    rest.get(`${API}/api/ping`, ({ request }) => {
      seen = request.headers.get('x-lager-sections');
      return HttpResponse.json({});
    }),
  );
  renderWithProviders(<Shell />, { route: '/info', language: 'en' });
  expect(await screen.findByText('Info section content')).toBeInTheDocument();
  await http.get('api/ping');
  expect(seen).toBe('remote-info@2.0.0;canary');
  expect(screen.getByText('remote-info 2.0.0 (canary)')).toBeInTheDocument();
});

test('a canary that fails to load falls back to stable in the same load and the failure is recorded', async () => {
  server.use(...sessionHandlers({ ...verifiedUser, id: userIn }));
  const fallbacks: unknown[] = [];
  window.addEventListener('lager:section-fallback', (e) => fallbacks.push((e as CustomEvent).detail));
  // What the federation runtime does on a failed load: ask the plugins' errorLoadRemote hook.
  mockedLoad.mockImplementation(async (id: string) => {
    if (registeredEntry() === STABLE) return { default: FakeInfo };
    const error = new Error('[ Federation Runtime ]: RUNTIME-003 Failed to get manifest');
    const failOver = await thePlugin().errorLoadRemote({ id, error, lifecycle: 'onLoad', from: 'runtime', origin: {} });
    if (!failOver) throw error;
    return failOver;
  });
  renderWithProviders(<Shell />, { route: '/info', language: 'en' });
  expect(await screen.findByText('Info section content')).toBeInTheDocument();
  expect(screen.queryByText('Section unavailable')).not.toBeInTheDocument();
  expect(mockedRegister.mock.calls.map(([remotes, options]) => [entryOf(remotes), options])).toEqual([
    [CANARY, { force: false }],
    [STABLE, { force: true }],
  ]);
  expect(getSectionFailures()).toEqual([
    expect.objectContaining({
      remote: 'remote-info',
      version: '2.0.0',
      channel: 'canary',
      message: expect.stringMatching(/RUNTIME-003/),
    }),
  ]);
  expect(fallbacks).toHaveLength(1);
  expect(document.documentElement.dataset.lagerSections).toBe('remote-info@1.0.0;fallback');
  expect(screen.getByText('remote-info 1.0.0 (fallback to stable)')).toBeInTheDocument();
});

test('stable failing too ends at the unavailable card; per-URL manifest reports are left to the runtime', async () => {
  server.use(...sessionHandlers({ ...verifiedUser, id: userIn }));
  mockedLoad.mockImplementation(async (id: string) => {
    const error = new Error('offline');
    const failOver = await thePlugin().errorLoadRemote({ id, error, lifecycle: 'onLoad', from: 'runtime', origin: {} });
    if (!failOver) throw error;
    return failOver;
  });
  expect(
    await thePlugin().errorLoadRemote({ id: CANARY, error: new Error('x'), lifecycle: 'afterResolve' }),
  ).toBeUndefined();
  renderWithProviders(<Shell />, { route: '/info', language: 'en' });
  expect(await screen.findByText('Section unavailable')).toBeInTheDocument();
  expect(mockedLoad).toHaveBeenCalledTimes(2);
  expect(registeredEntry()).toBe(STABLE);
});

test('mf-manifest.json is always revalidated, so a withdrawn version is noticed', async () => {
  let cacheMode: string | undefined;
  server.use(
    rest.get('https://cdn.example/remote-info/2.0.0/mf-manifest.json', ({ request }) => {
      cacheMode = request.cache;
      return HttpResponse.json({}, { status: 404 });
    }),
  );
  const res = (await thePlugin().fetch(CANARY, {})) as Response;
  expect(res.status).toBe(404);
  expect(cacheMode).toBe('no-cache');
  expect(thePlugin().fetch('https://cdn.example/remote-info/2.0.0/static/js/x.js', {})).toBeUndefined();
});

test('the versions list has the same texts in German and English', () => {
  const keys = (o: object, p = ''): string[] =>
    Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${p}${k}.`) : [`${p}${k}`]));
  expect(keys(en).sort()).toEqual(keys(de).sort());
});
