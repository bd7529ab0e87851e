import { DELAYS } from '@lager/shared';
import { expectReloadAfter, verifiedUser } from '@lager/shared/testing';
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

const { server, reload } = setupAccountTest(verifiedUser);

const LABELS = {
  en: ['Current password', 'New password', 'Confirm new password', 'Change password'],
  de: ['Aktuelles Passwort', 'Neues Passwort', 'Neues Passwort bestätigen', 'Passwort ändern'],
} as const;
const VALID = ['oldpassword', 'newpassword', 'newpassword'] as const;

async function submit(user: UserEvent, values: readonly string[], language: 'de' | 'en' = 'en') {
  const labels = LABELS[language];
  for (const [i, value] of values.entries()) {
    if (value) await user.type(screen.getByLabelText(labels[i]!), value);
  }
  await user.click(screen.getByRole('button', { name: labels[3] }));
}

test.each([
  ['en', ['', 'newpassword', 'newpassword'], 'Please fill in all fields.'],
  ['de', ['oldpassword', 'newpassword', ''], 'Bitte füllen Sie alle Felder aus.'],
  ['en', ['oldpassword', 'short', 'short'], 'The password must be at least 8 characters long.'],
  ['en', ['oldpassword', 'newpassword', 'newpassworx'], 'The passwords do not match.'],
  ['de', ['oldpassword', 'newpassword', 'anders123'], 'Die Passwörter stimmen nicht überein.'],
] as const)('%s: %j → "%s", nothing sent', async (language, values, text) => {
  const change = answerOn(server, 'put', 'api/profile/password', 200, {});
  const { user } = await openUserScreen(language);
  await submit(user, values, language);
  await expectNotSent(change, text);
});

test('success: sends the three fields, clears them, reloads after DELAYS.passwordReload; nothing stored', async () => {
  jest.useFakeTimers();
  const change = answerOn(server, 'put', 'api/profile/password', 200, { message: 'Password updated.' });
  const { user } = await openUserScreen();
  await submit(user, VALID);
  expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
  expect(change.sent).toEqual([
    { current_password: 'oldpassword', password: 'newpassword', password_confirmation: 'newpassword' },
  ]);
  expect(screen.getByLabelText('New password')).toHaveValue('');
  expect(storedText()).not.toMatch(/oldpassword|newpassword/);
  expectReloadAfter(reload, DELAYS.passwordReload);
});

test.each([
  ['en', 422, { message: 'Das aktuelle Passwort ist nicht korrekt.' }, 'The current password is incorrect.'],
  ['de', 422, { message: 'Das aktuelle Passwort ist nicht korrekt.' }, 'Das aktuelle Passwort ist nicht korrekt.'],
  [
    'en',
    422,
    { message: 'x', errors: { current_password: ['Das aktuelle Passwort ist nicht korrekt.'] } },
    'The current password is incorrect.',
  ],
  ['en', 422, { message: 'Wrong.', code: 'password.current_incorrect' }, 'The current password is incorrect.'],
  ['en', 422, { message: 'Too weak.', errors: { password: ['Too weak.'] } }, 'Your password could not be changed.'],
  ['de', 500, { message: 'Server Error' }, 'Ihr Passwort konnte nicht geändert werden.'],
] as const)('%s: answer %i %j → "%s"', async (language, status, body, text) => {
  answerOn(server, 'put', 'api/profile/password', status, body);
  const { user } = await openUserScreen(language);
  await submit(user, VALID, language);
  expect(await screen.findByRole('alert')).toHaveTextContent(text);
  expect(reload).not.toHaveBeenCalled();
});

test('no double submission', async () => {
  const change = answerOn(server, 'put', 'api/profile/password', 200, {});
  change.hold();
  const { user } = await openUserScreen();
  for (const [i, value] of VALID.entries()) await user.type(screen.getByLabelText(LABELS.en[i]!), value);
  submitTwice(screen.getByRole('button', { name: 'Change password' }));
  expect(screen.getByRole('button', { name: 'Change password' })).toBeDisabled();
  change.release();
  await screen.findByText('Your password has been changed.');
  expect(change.sent).toHaveLength(1);
});
