/** Per-request cost of logged-in GET /api/mywarehouses without HTTP (app.inject), on in-memory PGlite. */
import { buildApp } from '../src/app';
import { seedDemo } from '../src/demo-data';

async function main() {
  const app = await buildApp({ docs: false });
  await seedDemo(app);
  const csrf = await app.inject({ url: '/sanctum/csrf-cookie' });
  const jar = Object.fromEntries(csrf.cookies.map((c) => [c.name, c.value]));
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    cookies: jar,
    headers: { 'x-xsrf-token': jar['XSRF-TOKEN']! },
    payload: { email: 'owner@lager.demo', password: 'demo1234' },
  });
  for (const c of login.cookies) jar[c.name] = c.value;
  const n = Number(process.env.N ?? 2000);
  const start = performance.now();
  for (let i = 0; i < n; i++) await app.inject({ url: '/api/mywarehouses', cookies: jar });
  const ms = performance.now() - start;
  console.log(
    JSON.stringify({
      requests: n,
      msPerRequest: +(ms / n).toFixed(3),
      sequentialReqPerSec: Math.round((n / ms) * 1000),
    }),
  );
  await app.close();
}

void main();
