import type { User } from '@lager/shared';
import { API, HttpResponse, rest, sessionHandlers, verifiedUser } from '@lager/shared/testing';
import { screen } from '@testing-library/react';
import { mountAccount, setupAccountTest } from '../../../testing/mount';

/**
 * Issue 23 §4: the API sends at most 5 verification mails an hour per account and refuses more
 * with 429 `mail.too_many` + Retry-After. The card says so, with the wait in minutes, instead of
 * "could not be sent" or "too many attempts, wait 1800 seconds".
 */
const unverifiedUser: User = { ...verifiedUser, email_verified_at: null, email: 'new@example.com' };
const { server } = setupAccountTest(unverifiedUser);

function ceilingReached(retryAfter: string | null) {
  server.use(
    ...sessionHandlers(unverifiedUser),
    rest.post(`${API}/api/email/verification-notification`, () =>
      HttpResponse.json(
        { message: 'Too many e-mails for this account. Please try again in 30 min.', code: 'mail.too_many' },
        { status: 429, headers: retryAfter === null ? {} : { 'Retry-After': retryAfter } },
      ),
    ),
  );
}

test.each([
  [
    'en',
    '1800',
    'Resend confirmation e-mail',
    'Too many confirmation e-mails for this account. Please try again in 30 min.',
  ],
  [
    'de',
    '3541',
    'Bestätigungs-E-Mail erneut senden',
    'Zu viele Bestätigungs-E-Mails für dieses Konto. Bitte versuchen Sie es in 60 Min. erneut.',
  ],
  ['en', null, 'Resend confirmation e-mail', 'Too many confirmation e-mails for this account. Please try again later.'],
] as const)('%s: 429 mail.too_many with Retry-After %s says so', async (language, retryAfter, button, text) => {
  ceilingReached(retryAfter);
  const { user } = mountAccount('/user', language);
  await user.click(await screen.findByRole('button', { name: button }));
  expect(await screen.findByText(text)).toBeInTheDocument();
});
