import { loadRemote } from '@module-federation/enhanced/runtime';
import { act, screen, waitFor } from '@testing-library/react';
import { createElement, useEffect } from 'react';
import stockSection from '../../../../remote-stock/section.json';
import {
  manifestEntry,
  prepareShell,
  renderShell,
  setupShellServer,
  shellHandlers,
} from '../../testing/shell-test-utils';
import { watchConnection } from '../offline';
import { setRemotesManifest } from './remotes-manifest';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }));
const mockedLoad = jest.mocked(loadRemote);

/** The stock section's sender as the shell sees it: a module that mounts and renders nothing. */
let senderMounts = 0;
function FakeSender() {
  useEffect(() => {
    senderMounts += 1;
  }, []);
  return null;
}

const server = setupShellServer();
watchConnection();

const setOnline = (online: boolean) => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
};
/** What remote-stock's outbox publishes: bookings not sent yet per user id. */
const publishPending = (pending: Record<string, number>) => {
  localStorage.setItem('lager.outbox.pending', JSON.stringify(pending));
  act(() => {
    dispatchEvent(new Event('lager:outbox'));
  });
};
const senderLoads = () => mockedLoad.mock.calls.filter(([id]) => id === 'remote_stock/OutboxSender').length;

beforeEach(() => {
  prepareShell();
  // The stock section exactly as its build describes itself, next to the seed sections.
  setRemotesManifest({
    remotes: { 'remote-stock': manifestEntry(stockSection.devPort, stockSection) },
  } as Parameters<typeof setRemotesManifest>[0]);
  senderMounts = 0;
  mockedLoad.mockReset();
  mockedLoad.mockImplementation(async (id: string) => ({
    default: id.endsWith('OutboxSender') ? FakeSender : () => createElement('h1', null, `section ${id}`),
  }));
  server.use(...shellHandlers({ permissions: ['view_stock', 'book_goods'] }));
});
afterEach(() => {
  setOnline(true);
  publishPending({});
});

test('bookings waiting for the signed-in user: the section sender runs on /dashboard, without visiting /stock/book', async () => {
  publishPending({ 1: 2 });
  renderShell('/dashboard');
  await waitFor(() => expect(senderMounts).toBe(1));
  expect(senderLoads()).toBe(1);
  expect(screen.getByText('2 bookings waiting for connection')).toBeInTheDocument();
  expect(mockedLoad).not.toHaveBeenCalledWith('remote_stock/StockRoutes');
});

test('nothing waiting, or only another user’s bookings: the sender is not even loaded', async () => {
  publishPending({ 99: 3 });
  renderShell('/dashboard');
  expect(await screen.findByRole('heading', { level: 1, name: /Dashboard/ })).toBeInTheDocument();
  await waitFor(() => expect(mockedLoad).toHaveBeenCalled());
  expect(senderLoads()).toBe(0);
  expect(senderMounts).toBe(0);
});

test('offline at start: the sender waits for the connection, then runs', async () => {
  setOnline(false);
  publishPending({ 1: 1 });
  renderShell('/dashboard');
  expect(await screen.findByText(/^Offline/)).toBeInTheDocument();
  expect(senderLoads()).toBe(0);
  setOnline(true);
  await waitFor(() => expect(senderMounts).toBe(1));
});

test('without the booking permission in the current warehouse the sender is not mounted', async () => {
  server.use(...shellHandlers({ permissions: ['view_stock'] }));
  publishPending({ 1: 1 });
  renderShell('/dashboard');
  expect(await screen.findByText('1 booking waiting for connection')).toBeInTheDocument();
  await waitFor(() => expect(mockedLoad).toHaveBeenCalled());
  expect(senderLoads()).toBe(0);
});

test('the sender’s code fails to arrive (a network that drops): it is tried again until it runs, no reload (issue 38)', async () => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  try {
    let failures = 2;
    mockedLoad.mockImplementation(async (id: string) => {
      if (id.endsWith('OutboxSender') && failures-- > 0)
        throw Object.assign(new Error('Loading chunk v failed.'), { name: 'ChunkLoadError' });
      return { default: id.endsWith('OutboxSender') ? FakeSender : () => createElement('h1', null, `section ${id}`) };
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    publishPending({ 1: 1 });
    renderShell('/dashboard');
    await waitFor(() => expect(senderLoads()).toBe(1));
    expect(senderMounts).toBe(0);
    // The first failure is tried again on a timer (no `online` event comes) ...
    await act(async () => {
      await jest.advanceTimersByTimeAsync(2_000);
    });
    await waitFor(() => expect(senderLoads()).toBe(2));
    expect(senderMounts).toBe(0);
    // ... and the second when the browser reports the connection back.
    setOnline(true);
    await waitFor(() => expect(senderMounts).toBe(1));
    expect(senderLoads()).toBe(3);
  } finally {
    jest.useRealTimers();
  }
});
