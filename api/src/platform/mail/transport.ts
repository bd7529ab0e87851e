import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../fs/private-dir';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (e.g. List-Unsubscribe); kept in the outbox file too. */
  headers?: Record<string, string>;
  /** Files sent with it (a purchase order's PDF); `content` is base64, kept so in the outbox file too. */
  attachments?: MailAttachment[];
  /**
   * A mail sent from a queue: its stable key and time. Sending it again (a crash between sending
   * and recording it) writes the same outbox file instead of a second one; SMTP gets the key as
   * Message-ID, by which receiving servers drop a duplicate.
   */
  queued?: { key: string; createdAt: Date };
}

interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface OutboxMail extends Mail {
  created_at: string;
}

/** Where mails go. Handlers never know whether it is SMTP or a folder. */
export interface MailTransport {
  send(mail: Mail): Promise<void>;
}

/**
 * Development default: one JSON file per mail, so developers and e2e tests can read it. The mails
 * hold reset and verification links, so the folder is 0700, the files 0600, and the log names the
 * file, never the links.
 */
export function createOutboxTransport(dir: string, log?: (msg: string, file: string) => void): MailTransport {
  const failure = ensurePrivateDir(dir);
  if (failure) throw new Error(`MAIL_OUTBOX_DIR: cannot use ${dir} (${failure})`);
  let sequence = 0;
  return {
    async send(mail) {
      const { queued, ...content } = mail;
      const createdAt = queued?.createdAt ?? new Date();
      sequence += 1;
      // Time first so a plain name sort is chronological; pid + counter keep names unique, a
      // queued mail's key makes sending it twice one file.
      const unique = queued ? queued.key : `${process.pid}-${String(sequence).padStart(6, '0')}`;
      const name = `${createdAt.getTime()}-${unique}.json`;
      const body: OutboxMail = { ...content, created_at: createdAt.toISOString() };
      // Written whole, then renamed: a process killed mid-write leaves no half mail behind.
      const temporary = join(dir, `.${name}.${process.pid}.tmp`);
      writeFileSync(temporary, `${JSON.stringify(body, null, 2)}\n`, { mode: PRIVATE_FILE_MODE });
      renameSync(temporary, join(dir, name));
      log?.(`mail to ${mail.to}: ${mail.subject}`, join(dir, name));
    },
  };
}

/** Reads an outbox folder, oldest first; optionally only mails to one address. */
export function readOutbox(dir: string, to?: string): OutboxMail[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
  return names
    .sort()
    .map((n) => JSON.parse(readFileSync(join(dir, n), 'utf8')) as OutboxMail)
    .filter((m) => !to || m.to.toLowerCase() === to.toLowerCase());
}

export function createSmtpTransport(url: string, from: string): MailTransport {
  const transporter = createTransport(url);
  return {
    async send({ queued, attachments, ...mail }) {
      await transporter.sendMail({
        from,
        ...mail,
        ...(attachments ? { attachments: attachments.map((a) => ({ ...a, encoding: 'base64' as const })) } : {}),
        ...(queued ? { messageId: `<${queued.key}@lager>`, date: queued.createdAt } : {}),
      });
    },
  };
}

/** Keeps mails in memory; for tests. */
export function createMemoryTransport(): MailTransport & { sent: OutboxMail[] } {
  const sent: OutboxMail[] = [];
  return {
    sent,
    async send(mail) {
      sent.push({ ...mail, created_at: new Date().toISOString() });
    },
  };
}
