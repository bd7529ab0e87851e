import { renderWithProviders } from '@lager/shared/testing';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { act, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { Link, Route, Routes } from 'react-router-dom';
import infoSection from '../../../../remote-info/section.json';
import userAdminSection from '../../../../remote-user-admin/section.json';
import { forgetLoadedSections, preloadSection, RemoteSection, SectionSuspense } from './RemoteSection';
import { setRemotesManifest } from './remotes-manifest';
import { SectionProgress } from './SectionProgress';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }));
const mockedLoad = jest.mocked(loadRemote);
const mockedRegister = jest.mocked(registerRemotes);

const entry = (port: number, section: unknown) => ({
  stable: { version: '1.0.0', entry: `http://127.0.0.1:${port}/mf-manifest.json`, section },
});

function FakeInfo() {
  return <p>Info section content</p>;
}

function Shell() {
  return (
    <>
      <SectionProgress />
      <nav>
        <Link to="/info">Info</Link> <Link to="/admin/user">Users</Link>
      </nav>
      <SectionSuspense>
        <Routes>
          <Route path="/info/*" element={<RemoteSection remote="remote-info" />} />
          <Route path="/admin/user/*" element={<RemoteSection remote="remote-user-admin" />} />
          <Route path="*" element={<p>Shell home</p>} />
        </Routes>
      </SectionSuspense>
    </>
  );
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  mockedLoad.mockReset();
  mockedRegister.mockReset();
  forgetLoadedSections();
  setRemotesManifest({
    remotes: { 'remote-info': entry(3004, infoSection), 'remote-user-admin': entry(3003, userAdminSection) },
  });
});

test('renders a section from its remote, registered from the runtime manifest', async () => {
  mockedLoad.mockResolvedValue({ default: FakeInfo });
  renderWithProviders(<Shell />, { route: '/info' });
  expect(screen.getByRole('status')).toHaveTextContent('Bereich wird geladen');
  expect(await screen.findByText('Info section content')).toBeInTheDocument();
  expect(mockedRegister).toHaveBeenCalledWith(
    [{ name: 'remote_info', entry: 'http://127.0.0.1:3004/mf-manifest.json' }],
    { force: false },
  );
  expect(mockedLoad).toHaveBeenCalledWith('remote_info/InfoRoutes');
});

test('a failing remote shows the unavailable card; Retry loads it again without a page reload', async () => {
  mockedLoad.mockRejectedValueOnce(new Error('RUNTIME-003 manifest fetch failed'));
  mockedLoad.mockResolvedValueOnce({ default: () => <p>User admin content</p> });
  const { user } = renderWithProviders(<Shell />, { route: '/admin/user', language: 'en' });
  expect(await screen.findByRole('heading', { name: 'Section unavailable' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('User admin content')).toBeInTheDocument();
  // The retry forces a fresh registration so the runtime drops the failed attempt.
  expect(mockedRegister).toHaveBeenLastCalledWith(expect.anything(), { force: true });
  expect(mockedLoad).toHaveBeenCalledTimes(2);
});

test('a dead remote does not break the shell or other sections', async () => {
  mockedLoad.mockImplementation(async (id: string) => {
    if (id.startsWith('remote_user_admin')) throw new Error('offline');
    return { default: FakeInfo };
  });
  const { user } = renderWithProviders(<Shell />, { route: '/admin/user', language: 'en' });
  expect(await screen.findByText('Section unavailable')).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'Info' }));
  expect(await screen.findByText('Info section content')).toBeInTheDocument();
});

test('a remote without an entry in remotes.json shows the unavailable card', async () => {
  setRemotesManifest({ remotes: {} });
  renderWithProviders(<Shell />, { route: '/info', language: 'en' });
  expect(await screen.findByText('Section unavailable')).toBeInTheDocument();
  expect(mockedLoad).not.toHaveBeenCalled();
});

test('a section that throws while rendering is contained by the boundary', async () => {
  mockedLoad.mockResolvedValue({
    default: () => {
      throw new Error('render bug');
    },
  });
  renderWithProviders(<Shell />, { route: '/info', language: 'en' });
  expect(await screen.findByText('Section unavailable')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Users' })).toBeInTheDocument();
});

test('a preloaded section renders at once, without a loading state or a second load', async () => {
  mockedLoad.mockResolvedValue({ default: FakeInfo });
  preloadSection('remote-info');
  await Promise.resolve();
  await Promise.resolve();
  renderWithProviders(<Shell />, { route: '/info' });
  expect(screen.getByText('Info section content')).toBeInTheDocument();
  expect(screen.queryByText('Bereich wird geladen …')).not.toBeInTheDocument();
  expect(mockedLoad).toHaveBeenCalledTimes(1);
});

test('a failed preload is not an unhandled rejection; visiting the section shows the card', async () => {
  mockedLoad.mockRejectedValue(new Error('offline'));
  preloadSection('remote-info');
  renderWithProviders(<Shell />, { route: '/info', language: 'en' });
  expect(await screen.findByText('Section unavailable')).toBeInTheDocument();
});

test('moving to a section still loading keeps the current page on screen instead of a fallback', async () => {
  let arrive: (mod: { default: ComponentType }) => void = () => {};
  mockedLoad.mockImplementation((id: string) =>
    id.startsWith('remote_info')
      ? Promise.resolve({ default: FakeInfo })
      : new Promise((resolve) => {
          arrive = resolve;
        }),
  );
  const { user } = renderWithProviders(<Shell />, { route: '/info' });
  expect(await screen.findByText('Info section content')).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'Users' }));
  expect(screen.getByText('Info section content')).toBeInTheDocument();
  expect(screen.queryByText('Bereich wird geladen …')).not.toBeInTheDocument();
  // …but the click is acknowledged: a progress bar runs until the section arrived.
  expect(await screen.findByRole('progressbar', { name: 'Bereich wird geladen …' })).toBeInTheDocument();
  await act(async () => arrive({ default: () => <p>User admin content</p> }));
  expect(await screen.findByText('User admin content')).toBeInTheDocument();
  expect(screen.queryByText('Info section content')).not.toBeInTheDocument();
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
});

test('warming a section in the background shows no progress bar', async () => {
  let arrive: (mod: { default: ComponentType }) => void = () => {};
  mockedLoad.mockImplementation(
    () =>
      new Promise((resolve) => {
        arrive = resolve;
      }),
  );
  renderWithProviders(<Shell />, { route: '/' });
  act(() => preloadSection('remote-info'));
  await act(async () => {});
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  await act(async () => arrive({ default: FakeInfo }));
});

test('a section that failed offline loads again by itself when the browser is back online, no Retry or reload (issue 38)', async () => {
  mockedLoad.mockRejectedValueOnce(new Error('RUNTIME-003 manifest fetch failed'));
  mockedLoad.mockResolvedValueOnce({ default: () => <p>User admin content</p> });
  renderWithProviders(<Shell />, { route: '/admin/user', language: 'en' });
  expect(await screen.findByRole('heading', { name: 'Section unavailable' })).toBeInTheDocument();
  act(() => {
    dispatchEvent(new Event('online'));
  });
  expect(await screen.findByText('User admin content')).toBeInTheDocument();
  expect(mockedLoad).toHaveBeenCalledTimes(2);
});
