import { browser, DELAYS, type User } from '@lager/shared';
import { sessionHandlers, verifiedUser } from '@lager/shared/testing';
import { act, screen, within } from '@testing-library/react';
import { answer, mountAccount, setupWithXsrfCookie } from '../../testing/mount';

/**
 * Issue 23 §3: the place a logged-out user wanted (`next`) survives the detours a new user takes:
 * registering (then verifying by the mail's link, in another tab) and resetting the password.
 */
const unverified: User = { ...verifiedUser, email_verified_at: null };
const server = setupWithXsrfCookie(...sessionHandlers(null));
let assign: jest.SpyInstance;
beforeEach(() => {
  assign = jest.spyOn(browser, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  window.localStorage.clear();
});

const NEXT = '/stock/articles/7?tab=journal';
const Q = `next=${encodeURIComponent(NEXT)}`;
const location = () => screen.getByTestId('location');

test('the login page’s links to register and to forgot password carry next; register links back with it', async () => {
  const { user } = mountAccount(`/login?${Q}`);
  expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', `/register?${Q}`);
  expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', `/forgotpassword?${Q}`);
  await user.click(screen.getByRole('link', { name: 'Create an account' }));
  expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/login?${Q}`);
});

test.each(['//evil.example/x', 'https://evil.example/', '/login'])('an unsafe next (%s) is not carried', (next) => {
  mountAccount(`/login?next=${encodeURIComponent(next)}`);
  expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
  expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgotpassword');
});

test('after registering: /login?next=…; the verification link (another tab) then lands on next', async () => {
  jest.useFakeTimers();
  server.use(
    answer('get', 'api/check-email', 200, { available: true }).handler,
    answer('post', 'api/register', 201, { message: 'Registered.' }).handler,
  );
  const { user, unmount } = mountAccount(`/register?${Q}`);
  await user.type(screen.getByLabelText('Name'), 'Rita');
  await user.type(screen.getByLabelText('E-mail'), 'rita@example.com');
  await user.type(screen.getByLabelText('Password'), 'longenough');
  await user.type(screen.getByLabelText('Confirm password'), 'longenough');
  await user.click(screen.getByRole('button', { name: 'Register' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Accept' }));
  expect(await screen.findByText(/Registration successful/)).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(DELAYS.registrationRedirect));
  expect(location()).toHaveTextContent(`/login?${Q}`);
  unmount();

  server.use(...sessionHandlers(unverified), answer('get', 'api/email/verify/1/abc', 200, { message: 'ok' }).handler);
  mountAccount('/email/verify/1/abc?expires=1767225600&signature=sig');
  expect(await screen.findByText(/has been confirmed/)).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(DELAYS.verifyReload));
  expect(assign).toHaveBeenCalledWith(NEXT);
});

test('after asking for a reset link: /login?next=…; after the reset (the mail’s link, another tab) too', async () => {
  jest.useFakeTimers();
  server.use(
    answer('post', 'api/forgot-password', 200, { message: 'Sent.' }).handler,
    answer('post', 'api/validate-reset-token', 200, { valid: true }).handler,
    answer('post', 'api/reset-password', 200, { message: 'Reset.' }).handler,
  );
  const first = mountAccount(`/forgotpassword?${Q}`);
  await first.user.type(screen.getByLabelText('E-mail'), 'me@example.com');
  await first.user.click(screen.getByRole('button', { name: 'Send reset link' }));
  expect(await screen.findByText(/we have sent you a link/)).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(DELAYS.forgotPasswordRedirect));
  expect(location()).toHaveTextContent(`/login?${Q}`);
  first.unmount();

  const { user } = mountAccount('/reset-password?token=tok123&email=me%40example.com');
  await user.type(await screen.findByLabelText('New password'), 'brandnew1');
  await user.type(screen.getByLabelText('Confirm new password'), 'brandnew1');
  await user.click(screen.getByRole('button', { name: 'Reset password' }));
  expect(await screen.findByText(/Your password has been reset/)).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(DELAYS.resetRedirect));
  expect(location()).toHaveTextContent(`/login?${Q}`);
});

test('without a next the detours end as before: /login and the dashboard', async () => {
  jest.useFakeTimers();
  server.use(...sessionHandlers(unverified), answer('get', 'api/email/verify/1/abc', 200, { message: 'ok' }).handler);
  mountAccount('/email/verify/1/abc?expires=1767225600&signature=sig');
  expect(await screen.findByText(/has been confirmed/)).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(DELAYS.verifyReload));
  expect(assign).toHaveBeenCalledWith('/dashboard');
});
