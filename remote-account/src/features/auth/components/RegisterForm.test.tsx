import { DELAYS } from '@lager/shared';
import { expectRedirectAfter, sessionHandlers, setupApiServer } from '@lager/shared/testing';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import {
  answer,
  answerOn,
  expectNotSent,
  mountAccount,
  remountAfterTyping,
  storedText,
  submitTwice,
} from '../../../testing/mount';

const server = setupApiServer(...sessionHandlers(null));
afterEach(() => jest.useRealTimers());

const VALID = { name: 'Rita', email: 'rita@example.com', password: 'longenough', confirmation: 'longenough' };
const LABELS = {
  en: { name: 'Name', email: 'E-mail', password: 'Password', confirmation: 'Confirm password', submit: 'Register' },
  de: {
    name: 'Name',
    email: 'E-Mail',
    password: 'Passwort',
    confirmation: 'Passwort bestätigen',
    submit: 'Registrieren',
  },
};

async function fill(user: UserEvent, values: Partial<typeof VALID>, language: 'de' | 'en' = 'en') {
  const l = LABELS[language];
  for (const key of ['name', 'email', 'password', 'confirmation'] as const) {
    if (values[key]) await user.type(screen.getByLabelText(l[key]), values[key]);
  }
  await user.click(screen.getByRole('button', { name: l.submit }));
}

function registrationServer(available = true, status = 201, body: unknown = { message: 'Registered.' }) {
  const check = answer('get', 'api/check-email', 200, { available });
  const register = answer('post', 'api/register', status, body);
  server.use(check.handler, register.handler);
  return { check, register };
}

test.each([
  ['en', { ...VALID, name: '' }, 'Please fill in all fields.'],
  ['en', { ...VALID, confirmation: '' }, 'Please fill in all fields.'],
  ['en', { ...VALID, email: 'rita@example' }, 'The entered email address is invalid.'],
  ['en', { ...VALID, email: 'ri ta@example.com' }, 'The entered email address is invalid.'],
  [
    'en',
    { ...VALID, password: 'short7!', confirmation: 'short7!' },
    'The password must be at least 8 characters long.',
  ],
  ['en', { ...VALID, confirmation: 'different1' }, 'The passwords do not match.'],
  ['de', { ...VALID, email: '' }, 'Bitte füllen Sie alle Felder aus.'],
  ['de', { ...VALID, email: 'kein-at.ch' }, 'Die eingegebene E-Mail-Adresse ist ungültig.'],
  ['de', { ...VALID, password: 'kurz', confirmation: 'kurz' }, 'Das Passwort muss mindestens 8 Zeichen lang sein.'],
  ['de', { ...VALID, confirmation: 'anderes12' }, 'Die Passwörter stimmen nicht überein.'],
] as const)('%s: %j → "%s", nothing sent', async (language, values, text) => {
  const { check } = registrationServer();
  const { user } = mountAccount('/register', language);
  await fill(user, values, language);
  await expectNotSent(check, text);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test.each([
  ['en', 'This e-mail address is already registered.'],
  ['de', 'Diese E-Mail-Adresse ist bereits registriert.'],
] as const)('%s: an unavailable e-mail shows email_unique, no terms popup', async (language, text) => {
  const { check, register } = registrationServer(false);
  const { user } = mountAccount('/register', language);
  await fill(user, VALID, language);
  expect(await screen.findByRole('alert')).toHaveTextContent(text);
  expect(check.sent).toEqual([{ email: 'rita@example.com' }]);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(register.sent).toEqual([]);
});

test('a failing e-mail check shows errorOccurred', async () => {
  const _check = answerOn(server, 'get', 'api/check-email', 500, { message: 'Server Error' });
  const { user } = mountAccount('/register');
  await fill(user, VALID);
  expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred. Please try again later.');
  expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled();
});

test('declining the terms shows termsNotAccepted and registers nobody', async () => {
  const { register } = registrationServer();
  const { user } = mountAccount('/register');
  await fill(user, VALID);
  const dialog = await screen.findByRole('dialog', { name: 'Terms of service' });
  await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent('You have to accept the terms of service to register.');
  expect(register.sent).toEqual([]);
});

test('accepting: loading message, payload with accept_terms, success, /login only after DELAYS.registrationRedirect', async () => {
  jest.useFakeTimers();
  const { register } = registrationServer();
  register.hold();
  const { user } = mountAccount('/register');
  await user.type(screen.getByLabelText('Name'), ' Rita ');
  await fill(user, { ...VALID, name: '' });
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByRole('link', { name: 'Read the full terms of service' })).toHaveAttribute(
    'href',
    '/info/agb',
  );
  await user.click(within(dialog).getByRole('button', { name: 'Accept' }));

  expect(await screen.findByText('Your account is being created …')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Register' })).toBeDisabled();
  act(() => register.release());
  expect(await screen.findByText(/Registration successful/)).toBeInTheDocument();
  expect(register.sent).toEqual([
    {
      name: 'Rita',
      email: 'rita@example.com',
      password: 'longenough',
      password_confirmation: 'longenough',
      accept_terms: true,
    },
  ]);
  expect(storedText()).not.toContain('rita@example.com');

  expectRedirectAfter(DELAYS.registrationRedirect, '/register', /^\/login$/);
});

test.each([
  [422, { message: 'Taken', errors: { email: ['The email has already been taken.'] } }, 'already registered'],
  [
    422,
    { message: 'Terms', errors: { accept_terms: ['The accept terms field must be accepted.'] } },
    'accept the terms',
  ],
  [500, { message: 'Server Error' }, 'An error occurred. Please try again later.'],
  // Issue 16 item 4: a throttled form says so (no Retry-After here: "a moment").
  [429, { message: 'Too Many Attempts.' }, 'Too many attempts. Please wait a moment, then try again.'],
])('register answer %i %j → "%s"; the form stays usable', async (status, body, text) => {
  registrationServer(true, status, body);
  const { user } = mountAccount('/register');
  await fill(user, VALID);
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Accept' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(text);
  expect(screen.getByLabelText('Name')).toHaveValue('Rita');
  expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled();
});

test('name and e-mail survive a remount; the passwords are never stored', async () => {
  await remountAfterTyping('/register', {
    Name: 'Rita',
    'E-mail': 'rita@example.com',
    Password: 'longenough',
    'Confirm password': 'longenough',
  });
  expect(screen.getByLabelText('Name')).toHaveValue('Rita');
  expect(screen.getByLabelText('E-mail')).toHaveValue('rita@example.com');
  expect(screen.getByLabelText('Password')).toHaveValue('');
  expect(storedText()).not.toContain('longenough');
});

test('no double submission: two quick submits check the e-mail once', async () => {
  const { check } = registrationServer();
  const { user } = mountAccount('/register');
  for (const [label, value] of Object.entries({ Name: 'Rita', 'E-mail': 'rita@example.com' })) {
    await user.type(screen.getByLabelText(label), value);
  }
  await user.type(screen.getByLabelText('Password'), 'longenough');
  await user.type(screen.getByLabelText('Confirm password'), 'longenough');
  submitTwice(screen.getByRole('button', { name: 'Register' }));
  expect(await screen.findByRole('dialog')).toBeInTheDocument();
  expect(check.sent).toHaveLength(1);
});

test('accepting twice quickly registers once', async () => {
  const { register } = registrationServer();
  register.hold();
  const { user } = mountAccount('/register');
  await fill(user, VALID);
  const accept = within(await screen.findByRole('dialog')).getByRole('button', { name: 'Accept' });
  fireEvent.click(accept);
  fireEvent.click(accept);
  register.release();
  expect(await screen.findByText(/Registration successful/)).toBeInTheDocument();
  expect(register.sent).toHaveLength(1);
});

test('the switch link leads to the login form', async () => {
  const { user } = mountAccount('/register');
  await user.click(screen.getByRole('link', { name: 'Log in' }));
  expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
});
