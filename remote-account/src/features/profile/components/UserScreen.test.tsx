import { DELAYS, type User } from '@lager/shared';
import { API, expectReloadAfter, HttpResponse, rest, sessionHandlers, verifiedUser } from '@lager/shared/testing';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { answerOn, mountAccount, setupAccountTest, submitTwice } from '../../../testing/mount';

const unverifiedUser: User = { ...verifiedUser, email_verified_at: null, email: 'new@example.com' };
const { server, reload } = setupAccountTest(verifiedUser);

async function open(user: User | null = verifiedUser, language: 'de' | 'en' = 'en') {
  server.use(...sessionHandlers(user));
  const view = mountAccount('/user', language);
  if (user) await screen.findByRole('heading', { level: 1 });
  return view;
}

describe('screen', () => {
  test('shows a loading state, then the cards; no resend card when verified', async () => {
    mountAccount('/user');
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(await screen.findByRole('heading', { level: 1, name: 'My account' })).toBeInTheDocument();
    for (const title of ['Edit profile', 'Change password', 'Delete account']) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: 'Resend confirmation e-mail' })).not.toBeInTheDocument();
  });

  test('logged out (when running alone, without the shell guard) goes to /login', async () => {
    await open(null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
  });
});

describe('resend verification', () => {
  test('shown only when unverified, in German too', async () => {
    await open(unverifiedUser, 'de');
    expect(screen.getByRole('heading', { name: 'E-Mail-Adresse bestätigen' })).toBeInTheDocument();
    expect(screen.getByText(/new@example.com ist noch nicht bestätigt/)).toBeInTheDocument();
  });

  test.each([
    ['en', 202, 'A new confirmation link has been sent to your e-mail address.'],
    // Issue 16 defect 4: throttled says so (no Retry-After in this answer: "a moment").
    ['en', 429, 'Too many attempts. Please wait a moment, then try again.'],
    ['de', 500, 'Die Bestätigungs-E-Mail konnte nicht gesendet werden. Bitte versuchen Sie es später erneut.'],
  ] as const)('%s: answer %i → "%s", cleared after DELAYS.resendMessageClear', async (language, status, text) => {
    jest.useFakeTimers();
    const resend = answerOn(server, 'post', 'api/email/verification-notification', status, { message: 'x' });
    const { user } = await open(unverifiedUser, language);
    const name = language === 'de' ? 'Bestätigungs-E-Mail erneut senden' : 'Resend confirmation e-mail';
    await user.click(screen.getByRole('button', { name }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(resend.sent).toHaveLength(1);
    act(() => jest.advanceTimersByTime(DELAYS.resendMessageClear - 1));
    expect(screen.getByText(text)).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText(text)).not.toBeInTheDocument();
  });

  test('no double sending while a request runs', async () => {
    const resend = answerOn(server, 'post', 'api/email/verification-notification', 202, { message: 'sent' });
    resend.hold();
    await open(unverifiedUser);
    const button = screen.getByRole('button', { name: 'Resend confirmation e-mail' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(button).toBeDisabled();
    resend.release();
    await screen.findByText(/new confirmation link/);
    expect(resend.sent).toHaveLength(1);
  });
});

describe('delete account', () => {
  async function openDialog(language: 'de' | 'en' = 'en') {
    const view = await open(verifiedUser, language);
    await view.user.click(screen.getByRole('button', { name: language === 'de' ? 'Konto löschen' : 'Delete account' }));
    return { ...view, dialog: screen.getByRole('dialog') };
  }

  test('an empty password shows passwordFieldRequired and sends nothing', async () => {
    const del = answerOn(server, 'delete', 'api/profile/delete', 204);
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The password field cannot be empty.');
    expect(del.sent).toEqual([]);
  });

  test.each([
    ['en', 403, { message: 'Incorrect password.' }, 'The password is incorrect.'],
    ['de', 403, { message: 'Incorrect password.' }, 'Das Passwort ist falsch.'],
    ['en', 422, { message: 'The password field is required.' }, 'The password field cannot be empty.'],
    ['de', 422, { message: 'x' }, 'Das Passwortfeld darf nicht leer sein.'],
    ['en', 500, { message: 'Server Error' }, 'Your account could not be deleted.'],
    ['de', 419, { message: 'CSRF token mismatch.' }, 'Ihr Konto konnte nicht gelöscht werden.'],
  ] as const)('%s: answer %i %j → "%s"', async (language, status, body, text) => {
    answerOn(server, 'delete', 'api/profile/delete', status, body);
    const { user, dialog } = await openDialog(language);
    await user.type(within(dialog).getByLabelText(language === 'de' ? 'Passwort' : 'Password'), 'mypassword');
    await user.click(
      within(dialog).getByRole('button', { name: language === 'de' ? 'Endgültig löschen' : 'Delete for good' }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
    expect(reload).not.toHaveBeenCalled();
  });

  test('success: sends the password, shows the message, reloads after DELAYS.accountDeleteReload', async () => {
    jest.useFakeTimers();
    const del = answerOn(server, 'delete', 'api/profile/delete', 204);
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Password'), 'mypassword');
    await user.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    expect(await within(dialog).findByText('Your account has been deleted.')).toBeInTheDocument();
    expect(del.sent).toEqual([{ password: 'mypassword' }]);
    expect(within(dialog).getByRole('button', { name: 'Delete for good' })).toBeDisabled();
    expectReloadAfter(reload, DELAYS.accountDeleteReload);
  });

  test('cancel closes the popup without a request; a network failure shows deleteAccountFailed', async () => {
    server.use(rest.delete(`${API}/api/profile/delete`, () => HttpResponse.error()));
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Password'), 'mypassword');
    await user.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your account could not be deleted.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('no double deletion', async () => {
    const del = answerOn(server, 'delete', 'api/profile/delete', 204);
    del.hold();
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Password'), 'mypassword');
    submitTwice(within(dialog).getByRole('button', { name: 'Delete for good' }));
    del.release();
    await within(dialog).findByText('Your account has been deleted.');
    expect(del.sent).toHaveLength(1);
  });
});
