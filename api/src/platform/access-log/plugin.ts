import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { mapDatabaseError } from '../db/database-errors';
import { purgeExpiredSessions } from '../http/session';
import { type AccessLogRow, deleteAccessLogsBefore, insertAccessLogs } from './repository';

const ACCESS_LOG_RETENTION_DAYS = 30;
const FLUSH_EVERY_MS = 1000;
const FLUSH_AT_ROWS = 200;
/** Rows per INSERT (PostgreSQL takes at most 65535 parameters in one statement). */
const WRITE_CHUNK_ROWS = 500;
/** Rows kept in memory while the database is away; older ones go to the process log. */
const ACCESS_LOG_BUFFER_ROWS = 5000;
const CLEANUP_EVERY_MS = 60 * 60 * 1000;
/**
 * Requests without a logged-in user are noise an attacker can produce at thousands per second
 * (404 floods): per minute at most this many rows per client address, and this many in total.
 */
export const ANONYMOUS_ROWS_PER_IP_PER_MINUTE = 30;
const ANONYMOUS_ROWS_PER_MINUTE = 600;

interface AccessLog {
  /** Writes buffered rows now. */
  flush(): Promise<void>;
  /** Deletes rows older than the retention (and idle sessions); returns the rows deleted. */
  purge(now?: Date): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    accessLog: AccessLog;
  }
}

/**
 * One access-log row per request (the privacy policy promises 30 days' retention). Rows are
 * buffered and written in batches so logging does not add a write to every request.
 * Only the path is kept: query strings may carry tokens.
 *
 * While the database is away (a write fails with what would be a 503) the rows stay in the buffer,
 * with the time of their request, and the next flush tries again; the buffer holds at most
 * `bufferRows` rows. Rows that do not fit, rows the database refuses for another reason, and rows
 * still unwritten when the process shuts down are written to the process log (one warn line
 * `access log row not written to the database` each, with the row): nothing is lost silently.
 */
function sectionsHeader(value: string | string[] | undefined): string | null {
  const text = Array.isArray(value) ? value.join(',') : value;
  return text ? text.slice(0, 512) : null;
}

/** Counts anonymous rows per minute; says whether one more may be written. */
function anonymousBudget() {
  let minute = 0;
  let total = 0;
  let dropped = 0;
  const perIp = new Map<string, number>();
  return {
    allow(request: FastifyRequest, onNewMinute: (dropped: number) => void): boolean {
      const now = Math.floor(Date.now() / 60_000);
      if (now !== minute) {
        if (dropped) onNewMinute(dropped);
        minute = now;
        total = 0;
        dropped = 0;
        perIp.clear();
      }
      const ip = request.ip ?? '';
      const count = perIp.get(ip) ?? 0;
      if (count >= ANONYMOUS_ROWS_PER_IP_PER_MINUTE || total >= ANONYMOUS_ROWS_PER_MINUTE) {
        dropped += 1;
        return false;
      }
      perIp.set(ip, count + 1);
      total += 1;
      return true;
    },
  };
}

async function accessLogRows(app: FastifyInstance, options: { schedule: boolean; bufferRows?: number }) {
  const bufferRows = options.bufferRows ?? ACCESS_LOG_BUFFER_ROWS;
  let buffer: AccessLogRow[] = [];
  let pending: Promise<void> = Promise.resolve();
  /** Flushes queued or running: the timer and the row count start no second one. */
  let queued = 0;
  /** The last write found the database away: requests do not trigger writes until one succeeds. */
  let away = false;
  const anonymous = anonymousBudget();

  const toProcessLog = (rows: AccessLogRow[]) => {
    for (const row of rows) app.log.warn({ row }, 'access log row not written to the database');
  };
  /** Keeps the newest `bufferRows`; the older ones go to the process log. */
  const bound = () => {
    if (buffer.length > bufferRows) toProcessLog(buffer.splice(0, buffer.length - bufferRows));
  };

  const write = async () => {
    while (buffer.length > 0) {
      const rows = buffer.splice(0, WRITE_CHUNK_ROWS);
      try {
        await insertAccessLogs(app.ctx.db, rows);
        if (away) app.log.info('access log writes work again');
        away = false;
      } catch (err) {
        if (mapDatabaseError(err)?.statusCode !== 503) {
          app.log.warn({ err }, 'access log write refused');
          toProcessLog(rows);
          continue;
        }
        // Back to the front, in order, for the next try.
        buffer = rows.concat(buffer);
        bound();
        if (!away) app.log.warn({ err, rows: buffer.length }, 'access log write failed; rows kept for a later try');
        away = true;
        return;
      }
    }
  };

  const flush = () => {
    if (buffer.length === 0 && queued === 0) return pending;
    queued += 1;
    pending = pending
      .then(write)
      .catch((err) => app.log.warn({ err }, 'access log write failed'))
      .finally(() => {
        queued -= 1;
      });
    return pending;
  };

  const purge = async (now = new Date()) => {
    const before = new Date(now.getTime() - ACCESS_LOG_RETENTION_DAYS * 24 * 60 * 60 * 1000);
    const deleted = await deleteAccessLogsBefore(app.ctx.db, before);
    await purgeExpiredSessions(app);
    return deleted;
  };

  app.decorate('accessLog', { flush, purge });
  app.addHook('onResponse', async (request, reply) => {
    const sampled = (dropped: number) => app.log.info({ dropped }, 'anonymous access-log rows over the budget dropped');
    if (!request.user && !anonymous.allow(request, sampled)) return;
    buffer.push({
      // The time of the request, also for a row written after an outage.
      createdAt: new Date(),
      method: request.method.slice(0, 8),
      path: (request.url.split('?')[0] ?? '').slice(0, 512),
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime),
      ipAddress: request.ip?.slice(0, 45) ?? null,
      userId: request.user?.id ?? null,
      // Sent by the shell (X-Lager-Sections: remote-info@2.0.0;canary, …) so support sees what ran.
      sections: sectionsHeader(request.headers['x-lager-sections']),
    });
    if (away) bound();
    else if (buffer.length >= FLUSH_AT_ROWS && queued === 0) void flush();
  });

  const flushTimer = setInterval(() => {
    if (queued === 0 && buffer.length > 0) void flush();
  }, FLUSH_EVERY_MS);
  flushTimer.unref();
  let cleanupTimer: NodeJS.Timeout | undefined;
  if (options.schedule) {
    const cleanup = () => purge().catch((err) => app.log.warn({ err }, 'access log cleanup failed'));
    app.addHook('onReady', async () => void cleanup());
    cleanupTimer = setInterval(cleanup, CLEANUP_EVERY_MS);
    cleanupTimer.unref();
  }
  app.addHook('preClose', async () => {
    clearInterval(flushTimer);
    if (cleanupTimer) clearInterval(cleanupTimer);
    await flush();
    // The database is still away: the process log is the last place these rows can go.
    toProcessLog(buffer.splice(0));
  });
}

/** Needs the session plugin: rows name the logged-in user. */
export const accessLogPlugin = fp(accessLogRows, { name: 'lager-access-log', dependencies: ['lager-session'] });
