import type { FastifyInstance } from 'fastify';
import type { Language } from '../i18n';
import type { Mail } from './transport';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A mail of plain paragraphs and links, as text and as HTML (escaped). */
export function render(to: string, subject: string, lines: string[], link: { label: string; url: string }[]): Mail {
  const text = [...lines, '', ...link.map((l) => `${l.label}: ${l.url}`)].join('\n');
  const html = [
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    ...link.map((l) => `<p><a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a></p>`),
  ].join('\n');
  return { to, subject, text, html };
}

/** The recipient's stored language ('de' unless it is 'en'). */
export const mailLanguage = (value: string): Language => (value === 'en' ? 'en' : 'de');

/** A failing mail server must not fail the request: the user can ask for the mail again. True when sent. */
export async function deliver(app: FastifyInstance, mail: Mail): Promise<boolean> {
  try {
    await app.ctx.mail.send(mail);
    return true;
  } catch (err) {
    app.log.error({ err, to: mail.to }, 'mail delivery failed');
    return false;
  }
}
