import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TEMPLATE_ENV } from './pglite-template';

// The same serving code `npm start` uses (CommonJS so Jest and Node both load it).
const stackModule = require('../../scripts/stack.cjs') as {
  startStack: (options: Record<string, unknown>) => Promise<Stack>;
  serveRemote: (dir: string, port?: number) => Promise<RemoteServer>;
  repoRoot: string;
};

export interface RemoteServer {
  url: string;
  port: number;
  stop: () => Promise<void>;
  restart: () => Promise<void>;
}

export interface Stack {
  shell: { url: string; stop: () => Promise<void> };
  api: { url: string; stop: () => Promise<void> };
  remotes: Record<string, RemoteServer>;
  dataDir: string;
  stop: () => Promise<void>;
}

export const { serveRemote, repoRoot } = stackModule;

/**
 * The whole product on free loopback ports with a fresh embedded database: a copy of the run's
 * migrated, empty one (pglite-template.ts) when Jest's globalSetup made it.
 */
export async function startTestStack(options: Record<string, unknown> = {}): Promise<Stack> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lager-e2e-'));
  const template = process.env[TEMPLATE_ENV];
  if (template) fs.cpSync(template, path.join(dataDir, 'pglite'), { recursive: true });
  const ports = {
    shell: 0,
    api: 0,
    'remote-account': 0,
    'remote-warehouse-admin': 0,
    'remote-user-admin': 0,
    'remote-info': 0,
  };
  return stackModule.startStack({ ports, dataDir, quietApi: true, ...options });
}

interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
}

/** Mails the API wrote to its outbox (no SMTP in tests), newest last. */
export function readOutbox(stack: Stack, to?: string): Mail[] {
  const dir = path.join(stack.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Mail)
    .filter((m) => !to || m.to.includes(to))
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/** The first link in the newest mail to `to` whose URL contains `fragment`. */
export function linkFromMail(stack: Stack, to: string, fragment: string): string {
  const mails = readOutbox(stack, to).reverse();
  for (const mail of mails) {
    const link = mail.text.match(/https?:\/\/\S+/g)?.find((l) => l.includes(fragment));
    if (link) return link;
  }
  throw new Error(`No mail to ${to} with a link containing ${fragment}`);
}
