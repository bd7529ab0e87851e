import { DELAYS } from '@lager/shared';
import { API, expectReloadAfter, HttpResponse, rest, verifiedUser } from '@lager/shared/testing';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import {
  answerOn,
  expectNotSent,
  openUserScreen,
  setupAccountTest,
  storedText,
  submitTwice,
} from '../../../testing/mount';

// verifiedUser: 'Olivia Owner', 'owner@example.com'
const { server, reload } = setupAccountTest(verifiedUser);

const LABELS = {
  en: { name: 'Name', email: 'E-mail', save: 'Save profile' },
  de: { name: 'Name', email: 'E-Mail', save: 'Profil speichern' },
};

async function submit(user: UserEvent, values: { name?: string; email?: string }, language: 'de' | 'en' = 'en') {
  const l = LABELS[language];
  if (values.name) await user.type(screen.getByLabelText(l.name), values.name);
  if (values.email) await user.type(screen.getByLabelText(l.email), values.email);
  await user.click(screen.getByRole('button', { name: l.save }));
}

test('the fields show the current name and e-mail', async () => {
  await openUserScreen();
  expect(screen.getByLabelText('Name')).toHaveAttribute('placeholder', 'Olivia Owner');
  expect(screen.getByText('Current: Olivia Owner')).toBeInTheDocument();
  expect(screen.getByText('Current: owner@example.com')).toBeInTheDocument();
});

test.each([
  ['en', {}, 'Please enter a new name or a new e-mail address.'],
  ['de', {}, 'Bitte geben Sie einen neuen Namen oder eine neue E-Mail-Adresse ein.'],
  ['en', { email: 'owner@example' }, 'The entered email address is invalid.'],
  ['de', { name: 'Neu', email: 'a b@c.de' }, 'Die eingegebene E-Mail-Adresse ist ungültig.'],
  ['en', { name: 'Olivia Owner' }, 'The data is unchanged'],
  ['en', { email: 'OWNER@example.com' }, 'The data is unchanged'],
  ['de', { name: 'Olivia Owner', email: 'new@example.com' }, 'Die Daten sind unverändert'],
] as const)('%s: %j → "%s", nothing sent', async (language, values, text) => {
  const update = answerOn(server, 'put', 'api/profile/update', 200, {});
  const { user } = await openUserScreen(language);
  await submit(user, values, language);
  await expectNotSent(update, text);
});

test.each([
  [{ name: 'Olivia New' }, { name: 'Olivia New' }],
  [{ email: ' new@example.com ' }, { email: 'new@example.com' }],
  [
    { name: 'Olivia New', email: 'new@example.com' },
    { name: 'Olivia New', email: 'new@example.com' },
  ],
])('only filled fields are sent: %j → %j; reload after DELAYS.profileReload', async (values, payload) => {
  jest.useFakeTimers();
  const update = answerOn(server, 'put', 'api/profile/update', 200, { user: verifiedUser });
  const { user } = await openUserScreen();
  await submit(user, values);
  expect(await screen.findByText('Your profile has been updated.')).toBeInTheDocument();
  expect(update.sent).toEqual([payload]);
  expect(screen.getByLabelText('Name')).toHaveValue('');
  expect(screen.getByRole('button', { name: 'Save profile' })).toBeDisabled();
  expectReloadAfter(reload, DELAYS.profileReload);
});

test.each([
  ['en', 422, { message: 'Taken.', errors: { email: ['The email has already been taken.'] } }, 'already in use'],
  ['de', 422, { message: 'x', errors: { email: ['validation.unique'] } }, 'wird bereits von einem anderen Konto'],
  [
    'en',
    422,
    { message: 'The name is too long.', errors: { name: ['The name is too long.'] } },
    'The name is too long.',
  ],
  ['en', 500, { message: 'Server Error' }, 'Your profile could not be updated.'],
  ['de', 500, {}, 'Ihr Profil konnte nicht aktualisiert werden.'],
] as const)('%s: answer %i %j → "%s"; input and draft stay', async (language, status, body, text) => {
  answerOn(server, 'put', 'api/profile/update', status, body);
  const { user } = await openUserScreen(language);
  await submit(user, { email: 'new@example.com' }, language);
  expect(await screen.findByRole('alert')).toHaveTextContent(text);
  expect(screen.getByLabelText(LABELS[language].email)).toHaveValue('new@example.com');
  expect(storedText()).toContain('new@example.com');
  expect(reload).not.toHaveBeenCalled();
});

test('a network failure shows profileUpdateFailed', async () => {
  server.use(rest.put(`${API}/api/profile/update`, () => HttpResponse.error()));
  const { user } = await openUserScreen();
  await submit(user, { name: 'Olivia New' });
  expect(await screen.findByRole('alert')).toHaveTextContent('Your profile could not be updated.');
});

test('the draft survives a remount and is cleared after a successful save', async () => {
  answerOn(server, 'put', 'api/profile/update', 200, { user: verifiedUser });
  const first = await openUserScreen();
  await first.user.type(screen.getByLabelText('Name'), 'Draft Name');
  first.unmount();
  const { user } = await openUserScreen();
  expect(screen.getByLabelText('Name')).toHaveValue('Draft Name');
  await user.click(screen.getByRole('button', { name: 'Save profile' }));
  await screen.findByText('Your profile has been updated.');
  expect(storedText()).not.toContain('Draft Name');
});

test('no double submission', async () => {
  const update = answerOn(server, 'put', 'api/profile/update', 200, { user: verifiedUser });
  update.hold();
  const { user } = await openUserScreen();
  await user.type(screen.getByLabelText('Name'), 'Olivia New');
  submitTwice(screen.getByRole('button', { name: 'Save profile' }));
  expect(screen.getByRole('button', { name: 'Save profile' })).toBeDisabled();
  update.release();
  await screen.findByText('Your profile has been updated.');
  expect(update.sent).toHaveLength(1);
});
