import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../../platform/context';
import type { Language } from '../../platform/i18n';
import { mailLanguage as asLanguage, deliver, render } from '../../platform/mail/templates';
import type { Mail } from '../../platform/mail/transport';

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

function invitationMail(
  lang: Language,
  to: string,
  inviter: string,
  warehouse: string,
  urls: { accept: string; decline: string },
): Mail {
  return lang === 'en'
    ? render(
        to,
        `Invitation to the warehouse ${warehouse}`,
        [`${inviter} invites you to the warehouse "${warehouse}".`],
        [
          { label: 'Accept invitation', url: urls.accept },
          { label: 'Decline invitation', url: urls.decline },
        ],
      )
    : render(
        to,
        `Einladung zum Lager ${warehouse}`,
        [`${inviter} lädt Sie in das Lager „${warehouse}“ ein.`],
        [
          { label: 'Einladung annehmen', url: urls.accept },
          { label: 'Einladung ablehnen', url: urls.decline },
        ],
      );
}
