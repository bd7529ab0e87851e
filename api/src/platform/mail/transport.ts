import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../fs/private-dir';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
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
      const createdAt = new Date();
      sequence += 1;
      // Time first so a plain name sort is chronological; pid + counter keep names unique.
      const name = `${createdAt.getTime()}-${process.pid}-${String(sequence).padStart(6, '0')}.json`;
      const body: OutboxMail = { ...mail, created_at: createdAt.toISOString() };
      writeFileSync(join(dir, name), `${JSON.stringify(body, null, 2)}\n`, { mode: PRIVATE_FILE_MODE });
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
    async send(mail) {
      await transporter.sendMail({ from, ...mail });
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
