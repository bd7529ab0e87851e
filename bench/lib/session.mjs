/**
 * A verified, logged-in bench user with one warehouse, made through the API itself
 * (register → verification mail in DATA_DIR/outbox → login → verify → create warehouse),
 * so the bench needs no knowledge of the demo seed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sleep } from './util.mjs';

class Jar {
  cookies = new Map();
  take(res) {
    for (const line of res.headers.getSetCookie?.() ?? []) {
      const [pair] = line.split(';');
      const i = pair.indexOf('=');
      this.cookies.set(pair.slice(0, i).trim(), pair.slice(i + 1).trim());
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  xsrf() {
    const raw = this.cookies.get('XSRF-TOKEN');
    return raw ? decodeURIComponent(raw) : undefined;
  }
}

async function call(apiUrl, jar, method, url, body, origin) {
  const headers = {
    Accept: 'application/json',
    'Accept-Language': 'en',
    Cookie: jar.header(),
    Origin: origin,
    Referer: `${origin}/`,
  };
  if (body) headers['Content-Type'] = 'application/json';
  const xsrf = jar.xsrf();
  if (xsrf && method !== 'GET') headers['X-XSRF-TOKEN'] = xsrf;
  const res = await fetch(`${apiUrl}${url}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
  jar.take(res);
  const text = await res.text();
  let json;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = text;
  }
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${text.slice(0, 200)}`);
  return json;
}

async function verificationLink(dataDir, email) {
  const dir = path.join(dataDir, 'outbox');
  for (let i = 0; i < 40; i++) {
    if (fs.existsSync(dir)) {
      for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.json'))) {
        const mail = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
        if (!String(mail.to).includes(email)) continue;
        const link = String(mail.text ?? mail.html ?? '')
          .match(/https?:\/\/[^\s"<>]+/g)
          ?.find((l) => l.includes('/email/verify/'));
        if (link) return new URL(link.replace(/&amp;/g, '&'));
      }
    }
    await sleep(250);
  }
  throw new Error(`no verification mail for ${email} in ${dir}`);
}

/** Registers, verifies and logs in a new account; returns its cookie jar. */
async function verifiedAccount({ apiUrl, dataDir, origin, prefix = 'bench' }) {
  const jar = new Jar();
  const email = `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = 'bench-password-1';
  await call(apiUrl, jar, 'GET', '/sanctum/csrf-cookie', undefined, origin);
  await call(
    apiUrl,
    jar,
    'POST',
    '/api/register',
    { name: 'Bench User', email, password, password_confirmation: password, accept_terms: true },
    origin,
  );
  const link = await verificationLink(dataDir, email);
  await call(apiUrl, jar, 'POST', '/api/login', { email, password }, origin);
  await call(apiUrl, jar, 'GET', `/api${link.pathname}${link.search}`, undefined, origin);
  return { jar, email, password };
}

/** Returns the cookies of a logged-in, verified user who owns one warehouse. */
export async function createBenchUser({ apiUrl, dataDir, origin }) {
  const { jar, email, password } = await verifiedAccount({ apiUrl, dataDir, origin });
  const [industries, usages] = await Promise.all([
    call(apiUrl, jar, 'GET', '/api/industries', undefined, origin),
    call(apiUrl, jar, 'GET', '/api/usages', undefined, origin),
  ]);
  const created = await call(
    apiUrl,
    jar,
    'POST',
    '/api/admin/warehouse',
    { name: 'Bench warehouse', industry_id: industries?.[0]?.id, usage_id: usages?.[0]?.id },
    origin,
  );
  return {
    email,
    password,
    warehouseId: created?.warehouse?.id,
    jar,
    cookies: Object.fromEntries(jar.cookies),
    cookieHeader: jar.header(),
  };
}

async function invitationToken(dataDir, email) {
  for (let i = 0; i < 40; i++) {
    const dir = path.join(dataDir, 'outbox');
    for (const f of fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => n.endsWith('.json')) : []) {
      const mail = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
      if (!String(mail.to).includes(email)) continue;
      const token = String(mail.text ?? '').match(/invitations?\/accept\/([A-Za-z0-9_-]+)/)?.[1];
      if (token) return token;
    }
    await sleep(250);
  }
  throw new Error(`no invitation mail for ${email}`);
}

/**
 * The API bench's warehouse as the product uses it: the owner's warehouse with a few roles and
 * `articles` stock articles, and a second, verified user who joined it by invitation with a
 * non-owner role (so every authorization check reads that role's permissions, the costlier path).
 */
export async function createBenchWarehouse({ apiUrl, dataDir, origin, articles = 20 }) {
  const owner = await createBenchUser({ apiUrl, dataDir, origin });
  const { jar } = owner;
  const permissions = await call(apiUrl, jar, 'GET', '/api/admin/permissions', undefined, origin);
  const ids = (names) => permissions.filter((p) => names.includes(p.name)).map((p) => p.id);
  const roles = {};
  for (const [name, names] of Object.entries({
    Lagerist: ['view_stock', 'book_goods', 'count_stock', 'invite_user', 'assign_role'],
    Einkauf: ['view_stock', 'manage_articles'],
    Leitung: ['view_stock', 'create_role', 'edit_role', 'delete_role', 'invite_user', 'assign_role'],
  })) {
    const created = await call(
      apiUrl,
      jar,
      'POST',
      '/api/admin/createrole',
      { name, permissions: ids(names), warehouse_id: owner.warehouseId },
      origin,
    );
    roles[name] = created.role.id;
  }
  for (let i = 1; i <= articles; i++) {
    await call(
      apiUrl,
      jar,
      'POST',
      '/api/stock/articles',
      { sku: `B-${String(i).padStart(4, '0')}`, name: `Bench article ${i}`, unit: 'pcs', min_stock: 5 },
      origin,
    );
  }
  const guest = await verifiedAccount({ apiUrl, dataDir, origin, prefix: 'bench-guest' });
  await call(
    apiUrl,
    jar,
    'POST',
    '/api/invitations/send',
    { email: guest.email, role_id: roles.Lagerist, warehouse_id: owner.warehouseId },
    origin,
  );
  const token = await invitationToken(dataDir, guest.email);
  await call(apiUrl, guest.jar, 'POST', `/api/invitations/accept/${token}`, undefined, origin);
  return {
    warehouseId: owner.warehouseId,
    owner: { cookieHeader: jar.header() },
    guest: { email: guest.email, cookieHeader: guest.jar.header() },
  };
}
