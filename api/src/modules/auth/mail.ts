import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { Language } from '../../platform/i18n';
import { mailLanguage as asLanguage, deliver, render } from '../../platform/mail/templates';
import type { Mail } from '../../platform/mail/transport';
import { verificationUrl } from '../../platform/security/tokens';

/** The mails the per-account ceiling counts, each kind on its own. */
type AccountMail = 'verify' | 'reset';

/**
 * Counts one `kind` mail for the account in the shared counters (every instance counts together)
 * and says whether it may go out: at most `rateLimits.mailPerAccount` an hour, whoever asks from
 * wherever. `retryAfterMs`: until the window ends.
 */
export async function countAccountMail(
  app: FastifyInstance,
  kind: AccountMail,
  userId: number,
): Promise<{ allowed: boolean; retryAfterMs: number }> {
  const limit = app.ctx.rateLimits.mailPerAccount;
  const hit = await app.counters.hit(`mail:${kind}:user:${userId}`, limit.windowMs);
  const allowed = hit.count <= limit.max;
  if (!allowed) app.log.warn({ kind, userId }, 'mail over the per-account ceiling not sent');
  return { allowed, retryAfterMs: hit.ttlMs };
}

/** 429 for a logged-in user who asked for too many mails: Retry-After in seconds, the text in minutes. */
export function tooManyMails(retryAfterMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(429, 'tooManyMails', 'mail.too_many', {
    vars: { minutes: Math.ceil(seconds / 60) },
    headers: { 'retry-after': String(seconds) },
  });
}

export function sendVerificationMail(app: FastifyInstance, user: UserRow) {
  const url = verificationUrl(app.ctx.appUrl, app.ctx.appKey, user.id, user.email);
  return deliver(app, verificationMail(asLanguage(user.language), user.email, user.name, url));
}

export function sendResetMail(app: FastifyInstance, user: UserRow, token: string) {
  const query = new URLSearchParams({ token, email: user.email });
  return deliver(app, resetMail(asLanguage(user.language), user.email, `${app.ctx.appUrl}/reset-password?${query}`));
}

/** Tells the previous address that the account's e-mail changed (it may not have been the owner). */
export function sendEmailChangedNotice(app: FastifyInstance, previous: UserRow, newEmail: string) {
  const url = `${app.ctx.appUrl}/forgot-password`;
  return deliver(app, emailChangedMail(asLanguage(previous.language), previous.email, previous.name, newEmail, url));
}

function verificationMail(lang: Language, to: string, name: string, url: string): Mail {
  return lang === 'en'
    ? render(
        to,
        'Verify your email address',
        [`Hello ${name},`, 'please confirm your email address. The link is valid for 60 minutes.'],
        [{ label: 'Verify email address', url }],
      )
    : render(
        to,
        'E-Mail-Adresse bestätigen',
        [`Hallo ${name},`, 'bitte bestätigen Sie Ihre E-Mail-Adresse. Der Link ist 60 Minuten gültig.'],
        [{ label: 'E-Mail-Adresse bestätigen', url }],
      );
}

function resetMail(lang: Language, to: string, url: string): Mail {
  return lang === 'en'
    ? render(
        to,
        'Reset your password',
        [
          'You asked to reset your password. The link is valid for 60 minutes.',
          'If you did not ask for it, ignore this mail.',
        ],
        [{ label: 'Reset password', url }],
      )
    : render(
        to,
        'Passwort zurücksetzen',
        [
          'Sie möchten Ihr Passwort zurücksetzen. Der Link ist 60 Minuten gültig.',
          'Falls Sie das nicht angefordert haben, ignorieren Sie diese E-Mail.',
        ],
        [{ label: 'Passwort zurücksetzen', url }],
      );
}

/** Sent to the OLD address after an e-mail change (the profile form asks no password). */
function emailChangedMail(lang: Language, to: string, name: string, newEmail: string, supportUrl: string): Mail {
  return lang === 'en'
    ? render(
        to,
        'Your email address was changed',
        [
          `Hello ${name},`,
          `the email address of your Lager account was changed to ${newEmail}.`,
          'If you did not do this, reset your password right away and contact us.',
        ],
        [{ label: 'Reset password', url: supportUrl }],
      )
    : render(
        to,
        'Ihre E-Mail-Adresse wurde geändert',
        [
          `Hallo ${name},`,
          `die E-Mail-Adresse Ihres Lager-Kontos wurde in ${newEmail} geändert.`,
          'Falls Sie das nicht waren, setzen Sie sofort Ihr Passwort zurück und melden Sie sich bei uns.',
        ],
        [{ label: 'Passwort zurücksetzen', url: supportUrl }],
      );
}
