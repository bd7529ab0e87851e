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

/** Returns the cookies of a logged-in, verified user who owns one warehouse. */
export async function createBenchUser({ apiUrl, dataDir, origin }) {
  const jar = new Jar();
  const email = `bench-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
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
  const [industries, usages] = await Promise.all([
    call(apiUrl, jar, 'GET', '/api/industries', undefined, origin),
    call(apiUrl, jar, 'GET', '/api/usages', undefined, origin),
  ]);
  await call(
    apiUrl,
    jar,
    'POST',
    '/api/admin/warehouse',
    { name: 'Bench warehouse', industry_id: industries?.[0]?.id, usage_id: usages?.[0]?.id },
    origin,
  );
  return { email, password, cookies: Object.fromEntries(jar.cookies), cookieHeader: jar.header() };
}
