import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../context';
import type { Language } from '../i18n';
import { emailChangedMail, invitationMail, resetMail, verificationMail } from '../mail/templates';
import type { Mail } from '../mail/transport';
import { verificationUrl } from './tokens';

const asLanguage = (value: string): Language => (value === 'en' ? 'en' : 'de');

/** A failing mail server must not fail the request: the user can ask for the mail again. */
async function deliver(app: FastifyInstance, mail: Mail) {
  try {
    await app.ctx.mail.send(mail);
  } catch (err) {
    app.log.error({ err, to: mail.to }, 'mail delivery failed');
  }
}

export function sendVerificationMail(app: FastifyInstance, user: UserRow) {
  const url = verificationUrl(app.ctx.appUrl, app.ctx.appKey, user.id, user.email);
  return deliver(app, verificationMail(asLanguage(user.language), user.email, user.name, url));
}

export function sendResetMail(app: FastifyInstance, user: UserRow, token: string) {
  const query = new URLSearchParams({ token, email: user.email });
  return deliver(app, resetMail(asLanguage(user.language), user.email, `${app.ctx.appUrl}/reset-password?${query}`));
}

export function sendInvitationMail(
  app: FastifyInstance,
  invitee: UserRow,
  inviterName: string,
  warehouseName: string,
  token: string,
) {
  const base = `${app.ctx.appUrl}/invitations`;
  const urls = { accept: `${base}/accept/${token}`, decline: `${base}/decline/${token}` };
  return deliver(app, invitationMail(asLanguage(invitee.language), invitee.email, inviterName, warehouseName, urls));
}

/** Tells the previous address that the account's e-mail changed (it may not have been the owner). */
export function sendEmailChangedNotice(app: FastifyInstance, previous: UserRow, newEmail: string) {
  const url = `${app.ctx.appUrl}/forgot-password`;
  return deliver(app, emailChangedMail(asLanguage(previous.language), previous.email, previous.name, newEmail, url));
}
