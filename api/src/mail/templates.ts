import type { Language } from '../i18n';
import type { Mail } from './transport';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function render(to: string, subject: string, lines: string[], link: { label: string; url: string }[]): Mail {
  const text = [...lines, '', ...link.map((l) => `${l.label}: ${l.url}`)].join('\n');
  const html = [
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    ...link.map((l) => `<p><a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a></p>`),
  ].join('\n');
  return { to, subject, text, html };
}

export function verificationMail(lang: Language, to: string, name: string, url: string): Mail {
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

export function resetMail(lang: Language, to: string, url: string): Mail {
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

export function invitationMail(
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

/** Sent to the OLD address after an e-mail change (the profile form asks no password). */
export function emailChangedMail(lang: Language, to: string, name: string, newEmail: string, supportUrl: string): Mail {
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
