import { DELAYS } from '@lager/shared';
import { expectRedirectAfter } from '@lager/shared/testing';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import {
  answerOn,
  expectNotSent,
  mountAccount,
  setupWithXsrfCookie,
  storedText,
  submitTwice,
} from '../../../testing/mount';

const server = setupWithXsrfCookie();

const LINK = '/reset-password?token=tok123&email=me%40example.com';
const LABELS = {
  en: ['New password', 'Confirm new password', 'Reset password'],
  de: ['Neues Passwort', 'Neues Passwort bestätigen', 'Passwort zurücksetzen'],
} as const;

function validToken() {
  const check = answerOn(server, 'post', 'api/validate-reset-token', 200, { valid: true });
  return check;
}

async function open(language: 'de' | 'en' = 'en') {
  const view = mountAccount(LINK, language);
  await screen.findByLabelText(LABELS[language][0]);
  return view;
}

async function submit(user: UserEvent, password: string, confirmation: string, language: 'de' | 'en' = 'en') {
  const [first, second, button] = LABELS[language];
  if (password) await user.type(screen.getByLabelText(first), password);
  if (confirmation) await user.type(screen.getByLabelText(second), confirmation);
  await user.click(screen.getByRole('button', { name: button }));
}

test('checks the token on load (token and email), showing progress meanwhile', async () => {
  const check = validToken();
  check.hold();
  mountAccount(LINK);
  expect(screen.getByRole('status')).toHaveTextContent('Checking the reset link …');
  check.release();
  expect(await screen.findByLabelText('New password')).toBeInTheDocument();
  expect(screen.getByText('For me@example.com')).toBeInTheDocument();
  expect(check.sent).toEqual([{ token: 'tok123', email: 'me@example.com' }]);
});

test.each([
  ['en', 422, { message: 'Invalid or expired token.' }, 'Invalid or expired token.'],
  ['de', 422, { message: 'Invalid or expired token.' }, 'Ungültiges oder abgelaufenes Token.'],
  ['en', 200, { valid: false }, 'Invalid or expired token.'],
] as const)(
  '%s: token answer %i %j → "%s", then /forgotpassword after the delay',
  async (language, status, body, text) => {
    jest.useFakeTimers();
    answerOn(server, 'post', 'api/validate-reset-token', status, body);
    mountAccount(LINK, language);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expectRedirectAfter(DELAYS.invalidResetTokenRedirect, '/reset-password', /^\/forgotpassword$/);
  },
);

test.each(['/reset-password', '/reset-password?token=tok123', '/reset-password?email=me%40example.com'])(
  '%s (token or email missing) redirects to / without a request',
  (route) => {
    mountAccount(route);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  },
);

test.each([
  ['en', '', 'longenough', 'Please fill in all fields.'],
  ['de', 'longenough', '', 'Bitte füllen Sie alle Felder aus.'],
  ['en', 'short', 'short', 'The password must be at least 8 characters long.'],
  ['de', 'longenough', 'longenougH', 'Die Passwörter stimmen nicht überein.'],
] as const)('%s: %j / %j → "%s", nothing sent', async (language, password, confirmation, text) => {
  validToken();
  const reset = answerOn(server, 'post', 'api/reset-password', 200, {});
  const { user } = await open(language);
  await submit(user, password, confirmation, language);
  await expectNotSent(reset, text);
});

test('success: sends token, email and both passwords; /login only after DELAYS.resetRedirect', async () => {
  jest.useFakeTimers();
  validToken();
  const reset = answerOn(server, 'post', 'api/reset-password', 200, { message: 'Reset.' });
  const { user } = await open();
  await submit(user, 'brandnew1', 'brandnew1');
  expect(await screen.findByText(/Your password has been reset/)).toBeInTheDocument();
  expect(reset.sent).toEqual([
    { token: 'tok123', email: 'me@example.com', password: 'brandnew1', password_confirmation: 'brandnew1' },
  ]);
  expect(storedText()).not.toContain('brandnew1');
  expectRedirectAfter(DELAYS.resetRedirect, '/reset-password', /^\/login$/);
});

test.each([
  ['en', 422, 'Your password could not be reset.'],
  ['de', 500, 'Ihr Passwort konnte nicht zurückgesetzt werden.'],
] as const)('%s: answer %i shows passwordResetFailed', async (language, status, text) => {
  validToken();
  answerOn(server, 'post', 'api/reset-password', status, { message: 'x' });
  const { user } = await open(language);
  await submit(user, 'brandnew1', 'brandnew1', language);
  expect(await screen.findByRole('alert')).toHaveTextContent(text);
  expect(screen.getByRole('button', { name: LABELS[language][2] })).toBeEnabled();
});

test('no double submission', async () => {
  validToken();
  const reset = answerOn(server, 'post', 'api/reset-password', 200, {});
  reset.hold();
  const { user } = await open();
  await user.type(screen.getByLabelText('New password'), 'brandnew1');
  await user.type(screen.getByLabelText('Confirm new password'), 'brandnew1');
  submitTwice(screen.getByRole('button', { name: 'Reset password' }));
  reset.release();
  await screen.findByText(/Your password has been reset/);
  expect(reset.sent).toHaveLength(1);
});
