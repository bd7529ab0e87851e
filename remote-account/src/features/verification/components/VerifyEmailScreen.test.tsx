import { browser, DELAYS, type User } from '@lager/shared';
import { sessionHandlers, setupApiServer, verifiedUser } from '@lager/shared/testing';
import { act, screen } from '@testing-library/react';
import { answerOn, mountAccount } from '../../../testing/mount';

const unverified: User = { ...verifiedUser, email_verified_at: null };
const server = setupApiServer(...sessionHandlers(unverified));
let reload: jest.SpyInstance;
let assign: jest.SpyInstance;
beforeEach(() => {
  reload = jest.spyOn(browser, 'reload').mockImplementation(() => {});
  assign = jest.spyOn(browser, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const LINK = '/email/verify/1/abc123?expires=1767225600&signature=deadbeef';

test('shows progress, sends id, hash, expires and signature, then success and a reload on /dashboard after DELAYS.verifyReload', async () => {
  jest.useFakeTimers();
  const verify = answerOn(server, 'get', 'api/email/verify/1/abc123', 200, { message: 'Email verified.' });
  verify.hold();
  mountAccount(LINK);
  expect(screen.getByRole('status')).toHaveTextContent('Your e-mail address is being confirmed …');
  act(() => verify.release());
  expect(await screen.findByText('Your e-mail address has been confirmed. Thank you!')).toBeInTheDocument();
  expect(verify.sent).toEqual([{ expires: '1767225600', signature: 'deadbeef' }]);
  act(() => jest.advanceTimersByTime(DELAYS.verifyReload - 1));
  expect(assign).not.toHaveBeenCalled();
  act(() => jest.advanceTimersByTime(1));
  // A fresh start on the dashboard, not a reload of the link (which would verify and reload again).
  expect(assign).toHaveBeenCalledWith('/dashboard');
  expect(reload).not.toHaveBeenCalled();
});

test.each([
  ['en', 403, 'Your e-mail address could not be confirmed. The link may be invalid or expired.'],
  [
    'de',
    403,
    'Ihre E-Mail-Adresse konnte nicht bestätigt werden. Der Link ist möglicherweise ungültig oder abgelaufen.',
  ],
  ['en', 500, 'Your e-mail address could not be confirmed.'],
] as const)('%s: answer %i shows verificationNotificationFailed and never reloads', async (language, status, text) => {
  jest.useFakeTimers();
  answerOn(server, 'get', 'api/email/verify/1/abc123', status, { message: 'Invalid signature.' });
  mountAccount(LINK, language);
  expect(await screen.findByRole('alert')).toHaveTextContent(text);
  act(() => jest.advanceTimersByTime(DELAYS.verifyReload * 2));
  expect(reload).not.toHaveBeenCalled();
  expect(assign).not.toHaveBeenCalled();
});

test.each([
  '/email/verify/1/abc123',
  '/email/verify/1/abc123?expires=1767225600',
  '/email/verify/1/abc123?signature=deadbeef',
])('%s (missing query parameters) redirects to / without a request', (route) => {
  mountAccount(route);
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
});
