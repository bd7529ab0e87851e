import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client';
import { accessFromMember } from '../../platform/http/authorization';
import type { Language } from '../../platform/i18n';
import { mailLanguage, render } from '../../platform/mail/templates';
import { safeEqual } from '../../platform/security/tokens';
import { findWarehouseAccess } from '../../platform/tenancy/access';
import { articlesGoneLow, formatQuantity, lotsExpiring } from '../stock';
import {
  allSubscriptions,
  type ClaimedJob,
  claimJob,
  claimMail,
  finishJob,
  insertJobs,
  insertMail,
  markMailSent,
} from './repository';

/** A real IANA time zone (what Intl knows; PostgreSQL is never asked). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The calendar day (YYYY-MM-DD) and hour (0–23) it is in `timeZone` at `now`. */
function localClock(timeZone: string, now: Date): { day: string; hour: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return { day: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) % 24 };
}

/**
 * Queues today's digest of every subscription whose hour has come in its time zone. Every
 * instance may run this at once: the unique (subscription, day) key keeps one job.
 */
async function scheduleDigests(db: Db, now = new Date()): Promise<number> {
  const due = (await allSubscriptions(db)).flatMap((sub) => {
    const clock = localClock(sub.timeZone, now);
    return clock.hour >= sub.hour ? [{ subscriptionId: sub.id, localDay: clock.day }] : [];
  });
  return insertJobs(db, due);
}

// --- unsubscribe tokens ------------------------------------------------------------------------

const signature = (appKey: string, id: number, userId: number) =>
  createHmac('sha256', appKey).update(`digest-unsubscribe:${id}:${userId}`).digest('base64url');

/** `<subscription id>.<user id>.<HMAC>`: valid as long as that subscription exists. */
const unsubscribeToken = (appKey: string, id: number, userId: number) =>
  `${id}.${userId}.${signature(appKey, id, userId)}`;

export function readUnsubscribeToken(appKey: string, token: string): { id: number; userId: number } | null {
  const match = /^(\d{1,10})\.(\d{1,10})\.([\w-]{43})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  const userId = Number(match[2]);
  return safeEqual(signature(appKey, id, userId), match[3]!) ? { id, userId } : null;
}

// --- the digest mail ---------------------------------------------------------------------------

type GoneLow = Awaited<ReturnType<typeof articlesGoneLow>>;
type Expiring = Awaited<ReturnType<typeof lotsExpiring>>;

const TEXTS = {
  de: {
    subject: (n: number, warehouse: string) => `${warehouse}: ${n} Artikel auf oder unter Meldebestand`,
    hello: (name: string) => `Hallo ${name},`,
    intro: (warehouse: string) =>
      `seit der letzten Übersicht haben diese Artikel in „${warehouse}“ ihren Meldebestand erreicht:`,
    line: (sku: string, name: string, quantity: string, level: string) =>
      `${sku} – ${name}: ${quantity} (Meldebestand ${level})`,
    why: 'Sie erhalten diese E-Mail, weil Sie die tägliche Bestandswarnung abonniert haben.',
    reorder: 'Bestellvorschläge ansehen',
    unsubscribe: 'Abbestellen',
    expiringSubject: (n: number, warehouse: string) => `${warehouse}: ${n} Charge(n) laufen in 14 Tagen ab`,
    expiringIntro: 'Diese Chargen laufen innerhalb von 14 Tagen ab (oder sind abgelaufen):',
    expiringLine: (sku: string, name: string, lot: string, date: string, quantity: string) =>
      `${sku} – ${name}, Charge ${lot}: MHD ${date}, ${quantity}`,
    expiry: 'Haltbarkeit ansehen',
  },
  en: {
    subject: (n: number, warehouse: string) => `${warehouse}: ${n} article(s) at or below reorder level`,
    hello: (name: string) => `Hello ${name},`,
    intro: (warehouse: string) => `since the last digest these articles in "${warehouse}" reached their reorder level:`,
    line: (sku: string, name: string, quantity: string, level: string) =>
      `${sku} – ${name}: ${quantity} (reorder level ${level})`,
    why: 'You receive this e-mail because you subscribed to the daily low-stock digest.',
    reorder: 'See reorder suggestions',
    unsubscribe: 'Unsubscribe',
    expiringSubject: (n: number, warehouse: string) => `${warehouse}: ${n} lot(s) expiring within 14 days`,
    expiringIntro: 'These lots expire within 14 days (or have expired):',
    expiringLine: (sku: string, name: string, lot: string, date: string, quantity: string) =>
      `${sku} – ${name}, lot ${lot}: best before ${date}, ${quantity}`,
    expiry: 'See best-before dates',
  },
};

function digestMail(
  appUrl: string,
  appKey: string,
  job: Pick<ClaimedJob, 'subscriptionId' | 'userId' | 'email' | 'name' | 'warehouseName' | 'language'>,
  articles: GoneLow,
  expiring: Expiring = [],
) {
  const lang: Language = mailLanguage(job.language);
  const text = TEXTS[lang];
  const unsubscribeUrl = `${appUrl}/api/digests/unsubscribe?token=${unsubscribeToken(appKey, job.subscriptionId, job.userId)}`;
  // stock-spec-3 §2: the lots expiring within 14 days, after the articles gone low (or alone).
  const expiringPart = expiring.length
    ? [
        text.expiringIntro,
        ...expiring.map((l) =>
          text.expiringLine(l.sku, l.name, l.lot, l.best_before, formatQuantity(lang, l.quantity, l.unit)),
        ),
      ]
    : [];
  const mail = render(
    job.email,
    articles.length
      ? text.subject(articles.length, job.warehouseName)
      : text.expiringSubject(expiring.length, job.warehouseName),
    [
      text.hello(job.name),
      ...(articles.length
        ? [
            text.intro(job.warehouseName),
            ...articles.map((a) =>
              text.line(
                a.sku,
                a.name,
                formatQuantity(lang, a.quantity, a.unit),
                formatQuantity(lang, a.minStock, a.unit),
              ),
            ),
          ]
        : []),
      ...expiringPart,
      text.why,
    ],
    [
      ...(articles.length ? [{ label: text.reorder, url: `${appUrl}/stock/reorder` }] : []),
      ...(expiring.length ? [{ label: text.expiry, url: `${appUrl}/stock/expiry` }] : []),
      { label: text.unsubscribe, url: unsubscribeUrl },
    ],
  );
  // RFC 2369 + RFC 8058: mail clients offer their own "unsubscribe" button, which POSTs one click.
  const headers = { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
  return { ...mail, headers };
}

// --- the queue ---------------------------------------------------------------------------------

/**
 * Test hook for the crash test (never in production): `LAGER_DIGEST_CRASH=<point>:<n>` kills this
 * process with SIGKILL the n-th time it passes `point`, as a power cut would.
 */
const crashPlan = process.env.NODE_ENV === 'production' ? undefined : process.env.LAGER_DIGEST_CRASH;
const passes = new Map<string, number>();
function crashPoint(point: 'job-written' | 'mail-sent') {
  if (!crashPlan) return;
  const [name, count] = crashPlan.split(':');
  if (name !== point) return;
  const n = (passes.get(point) ?? 0) + 1;
  passes.set(point, n);
  if (n >= Number(count ?? 1)) process.kill(process.pid, 'SIGKILL');
}

/**
 * Runs one pending job in one transaction: the job's state, the subscription's "reported until"
 * and the mail in the outbox commit together or not at all. Returns false when none is left.
 */
async function runOneJob(app: FastifyInstance): Promise<boolean> {
  const { db, appUrl, appKey } = app.ctx;
  return db.transaction(async (tx) => {
    const job = await claimJob(tx);
    if (!job) return false;
    // Inside the transaction: PGlite has one connection, a query beside it would wait for it.
    const found = await findWarehouseAccess(tx as unknown as Db, job.userId, job.warehouseId);
    const access = found && accessFromMember(job.userId, job.warehouseId, found.ownerId, found.member);
    if (!access?.permissions.has('view_stock')) {
      await finishJob(tx, job, 'denied');
      return true;
    }
    const articles = await articlesGoneLow(tx as unknown as Db, job.warehouseId, job.reportedUntil, job.now);
    const expiring = await lotsExpiring(tx as unknown as Db, job.warehouseId, job.now.toISOString().slice(0, 10));
    if (!articles.length && !expiring.length) {
      await finishJob(tx, job, 'empty');
      return true;
    }
    const mail = digestMail(appUrl, appKey, job, articles, expiring);
    const { to, subject, text, html, headers } = mail;
    await insertMail(tx, job.id, { recipient: to, subject, text, html, headers });
    await finishJob(tx, job, 'sent');
    crashPoint('job-written');
    return true;
  });
}

/**
 * Hands one outbox mail to the transport and records it, holding its row lock meanwhile (no
 * other instance sends it at the same time). A crash after sending and before the commit sends it
 * again at the next run, under the same key: the file outbox overwrites its file, SMTP repeats the
 * Message-ID. Returns false when nothing is left.
 */
async function deliverOneMail(app: FastifyInstance): Promise<boolean> {
  return app.ctx.db.transaction(async (tx) => {
    const row = await claimMail(tx);
    if (!row) return false;
    await app.ctx.mail.send({
      to: row.recipient,
      subject: row.subject,
      text: row.text,
      html: row.html,
      headers: row.headers,
      queued: { key: `digest-${String(row.id).padStart(12, '0')}`, createdAt: row.createdAt },
    });
    crashPoint('mail-sent');
    await markMailSent(tx, row.id);
    return true;
  });
}

/** One pass: queue what is due, run every pending job, deliver every waiting mail. */
export async function runDigests(app: FastifyInstance, now = new Date()) {
  await scheduleDigests(app.ctx.db, now);
  while (await runOneJob(app)) {}
  while (await deliverOneMail(app)) {}
}

/** Runs the queue every `everyMs` while the server listens; one pass at a time per process. */
export function startDigestWorker(app: FastifyInstance, everyMs: number) {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = runDigests(app)
      .catch((err) => app.log.warn({ err }, 'low-stock digest run failed; retried at the next run'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
