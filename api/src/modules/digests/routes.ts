import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { fieldError, notFound } from '../../platform/errors';
import { accessFromMember } from '../../platform/http/authorization';
import { responses } from '../../platform/http/schemas';
import { warehouseParam } from '../../platform/http/warehouse-of';
import { type Language, translate } from '../../platform/i18n';
import { mailLanguage } from '../../platform/mail/templates';
import { deleteSubscription, findSubscription, memberWarehouses, upsertSubscription } from './repository';
import { DigestAnswer, DigestInput, DigestList, TokenQuery, WarehouseParam } from './schemas';
import { isTimeZone, readUnsubscribeToken, startDigestWorker } from './service';

const tags = ['account'];
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The app's look in a few lines (shared/src/ui/tokens.css: type, spacing, primary button, card),
 * light and dark, inline: the page opens from a mail without the web app.
 */
const STYLE = [
  ':root{color-scheme:light dark;--text:#1b2430;--muted:#4f5a69;--bg:#f4f6f9;--surface:#fff;--border:#d0d5dd;--primary:#1d5fbf;--on-primary:#fff;--focus:#b45309}',
  '@media (prefers-color-scheme:dark){:root{--text:#e6edf3;--muted:#a3b0bd;--bg:#0f161e;--surface:#18212b;--border:#3a4654;--primary:#8ab8ff;--on-primary:#0b1320;--focus:#ffb95c}}',
  'body{margin:0;font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--text);background:var(--bg)}',
  'header{padding:.75rem 1rem;background:var(--surface);border-bottom:1px solid var(--border);font-weight:600}',
  'main{max-width:32rem;margin:2rem auto;padding:1.5rem;background:var(--surface);border:1px solid var(--border);border-radius:8px}',
  'h1{font-size:1.6rem;margin:0 0 1rem}',
  'button{font:inherit;font-weight:600;min-height:2.5rem;padding:0 1rem;border:0;border-radius:6px;background:var(--primary);color:var(--on-primary);cursor:pointer}',
  'a{color:var(--primary)}',
  ':focus-visible{outline:3px solid var(--focus);outline-offset:2px}',
  'p.hint{color:var(--muted)}',
  '@media (max-width:30rem){main{margin:1rem;padding:1rem}}',
].join('');
/**
 * Its own CSP (the API's allows nothing, `form-action 'none'` included, so the button did nothing in a
 * browser): the one inline style by its hash, the form posting to this origin, nothing else.
 */
const PAGE_CSP = [
  "default-src 'none'",
  `style-src '${`sha256-${createHash('sha256').update(STYLE).digest('base64')}`}'`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/** A small page of its own (the link opens in a browser without the web app), with a way to the profile. */
function page(reply: FastifyReply, lang: Language, status: number, title: string, body: string, profileUrl: string) {
  const profile = `<p class="hint"><a href="${escapeHtml(profileUrl)}">${escapeHtml(translate(lang, 'digests.toProfile'))}</a></p>`;
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', PAGE_CSP)
    .send(
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} – Lager</title><style>${STYLE}</style></head><body><header>Lager</header><main><h1>${escapeHtml(title)}</h1>${body}${profile}</main></body></html>`,
    );
}

/** Low-stock digest (stock-spec-2 §4): subscriptions on the profile page, one-click unsubscribe, the queue. */
const digestRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, appKey, appUrl } = app.ctx;
  const profileUrl = `${appUrl}/user`;
  const viewStock = (warehouse: ReturnType<typeof warehouseParam>) => ({
    auth: 'verified' as const,
    access: { warehouse, require: { all: ['view_stock' as const] } },
  });

  app.get(
    '/api/digests',
    {
      config: { auth: 'verified' },
      schema: { operationId: 'listDigestSubscriptions', tags, response: responses({ 200: DigestList }, 401, 403) },
    },
    async (request) => {
      const userId = request.user!.id;
      const rows = await memberWarehouses(db, userId);
      return {
        warehouses: rows
          .filter((r) =>
            accessFromMember(userId, r.warehouseId, r.ownerId, {
              roleId: r.roleId,
              rolePermissions: r.rolePermissions ?? [],
            })?.permissions.has('view_stock'),
          )
          .map((r) => ({
            warehouse_id: r.warehouseId,
            name: r.name,
            subscribed: r.hour !== null,
            hour: r.hour,
            time_zone: r.timeZone,
          })),
      };
    },
  );

  app.put(
    '/api/digests/:warehouse_id',
    {
      config: viewStock(warehouseParam('warehouse_id')),
      schema: {
        operationId: 'subscribeDigest',
        tags,
        params: WarehouseParam,
        body: DigestInput,
        response: responses({ 200: DigestAnswer }, 401, 403, 404, 419, 422),
      },
    },
    async (request) => {
      const { hour, time_zone: timeZone } = request.body;
      if (!isTimeZone(timeZone)) throw fieldError('time_zone', 'digests.timeZone');
      const warehouseId = request.params.warehouse_id;
      const row = await upsertSubscription(db, { userId: request.user!.id, warehouseId, hour, timeZone });
      const name = (await memberWarehouses(db, request.user!.id)).find((w) => w.warehouseId === warehouseId)?.name;
      return {
        subscription: {
          warehouse_id: warehouseId,
          name: name ?? '',
          subscribed: true,
          hour: row.hour,
          time_zone: row.timeZone,
        },
      };
    },
  );

  app.delete(
    '/api/digests/:warehouse_id',
    {
      config: { auth: 'verified' },
      schema: {
        operationId: 'unsubscribeDigest',
        tags,
        params: WarehouseParam,
        response: responses({ 204: Type.Null() }, 401, 403, 404, 419),
      },
    },
    async (request, reply) => {
      // Ending one's own subscription needs no permission (it may be what was lost).
      const removed = await deleteSubscription(db, {
        userId: request.user!.id,
        warehouseId: request.params.warehouse_id,
      });
      if (!removed) throw notFound('digests.notFound');
      return reply.code(204).send();
    },
  );

  // One-click unsubscribe (RFC 8058): the link in the mail (GET shows a button, so a link
  // scanner opening it changes nothing) and the List-Unsubscribe POST. The signed token is the
  // authority: no session, no CSRF token (a mail client has neither).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
    done(null, body),
  );
  const unsubscribe = { config: { beacon: true }, schema: { tags, querystring: TokenQuery, hide: true } };
  const subscriptionOf = async (token: string) => {
    const signed = readUnsubscribeToken(appKey, token);
    const found = signed ? await findSubscription(db, signed.id) : null;
    return found && found.subscription.userId === signed!.userId ? found : null;
  };

  app.get('/api/digests/unsubscribe', unsubscribe, async (request, reply) => {
    const found = await subscriptionOf(request.query.token);
    const lang = found ? mailLanguage(found.language) : request.lang;
    const title = translate(lang, 'digests.unsubscribeTitle');
    const show = (status: number, body: string) => page(reply, lang, status, title, body, profileUrl);
    if (!found) return show(404, `<p>${escapeHtml(translate(lang, 'digests.linkInvalid'))}</p>`);
    const warehouse = found.warehouseName;
    const action = `/api/digests/unsubscribe?token=${encodeURIComponent(request.query.token)}`;
    return show(
      200,
      `<p>${escapeHtml(translate(lang, 'digests.unsubscribeQuestion', { warehouse }))}</p><form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(translate(lang, 'digests.unsubscribeButton'))}</button></form>`,
    );
  });

  app.post('/api/digests/unsubscribe', unsubscribe, async (request, reply) => {
    const found = await subscriptionOf(request.query.token);
    const lang = found ? mailLanguage(found.language) : request.lang;
    const title = translate(lang, 'digests.unsubscribeTitle');
    const show = (status: number, body: string) => page(reply, lang, status, title, body, profileUrl);
    if (!found) return show(404, `<p>${escapeHtml(translate(lang, 'digests.linkInvalid'))}</p>`);
    await deleteSubscription(db, { userId: found.subscription.userId, id: found.subscription.id });
    const warehouse = found.warehouseName;
    return show(200, `<p role="status">${escapeHtml(translate(lang, 'digests.unsubscribed', { warehouse }))}</p>`);
  });

  // The queue runs in every process that serves requests (tests build the app without listening).
  let stop: (() => Promise<void>) | null = null;
  app.addHook('onListen', async () => {
    stop = startDigestWorker(app, app.ctx.digestPollMs);
  });
  app.addHook('onClose', async () => {
    await stop?.();
  });
};

export default digestRoutes;
