/**
 * Hardening, round 2 (issue 27), the input layer: no anonymous body can overflow the stack or hold
 * the event loop, a body that is no JSON gets 415, and no documented error leaves as a 500 because
 * its shape differs from the route's schema. Each test failed before its fix.
 */
import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { Database } from '../src/platform/db/client';
import { AppError } from '../src/platform/errors';
import { MAX_JSON_DEPTH } from '../src/platform/http/input';
import { buildTestApp, Client, GENEROUS_LIMITS, openTestDatabase, TEST_HASH } from './helpers';

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase(__filename);
  ({ app } = await buildTestApp(database, { docs: true }));
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const arrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const objects = (depth: number, inner = '1') => `${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** An anonymous visitor with a CSRF token: all an attacker needs to reach the body parser. */
async function anonymous(lang: 'de' | 'en' = 'en') {
  const client = new Client(app);
  client.lang = lang;
  await client.csrf();
  return client;
}
const postRaw = (client: Client, url: string, body: string, type = 'application/json') =>
  client.request('POST', url, body, { 'content-type': type });

describe('1. deeply nested JSON', () => {
  it('5 000 `[` then 5 000 `]` on POST /api/login: a fast 400, no stack overflow', async () => {
    const client = await anonymous();
    const times: number[] = [];
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      const res = await postRaw(client, '/api/login', arrays(5000));
      times.push(performance.now() - started);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'request.invalid', message: 'The request body is nested too deeply.' });
    }
    // Before the fix each one took ~200 ms of event loop, then answered 500.
    expect(median(times)).toBeLessThan(50);
  });

  it('the same for objects, on a stock route, and in German', async () => {
    const client = await anonymous('de');
    const res = await postRaw(client, '/api/login', objects(5000));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'request.invalid', message: 'Die Anfrage ist zu tief verschachtelt.' });
    const stock = await postRaw(client, '/api/stock/counts', objects(3000, arrays(3000)));
    expect(stock.statusCode).toBe(400);
  });

  it(`the limit is ${MAX_JSON_DEPTH} levels; brackets inside strings do not count`, async () => {
    const client = await anonymous();
    const atLimit = await postRaw(client, '/api/login', objects(MAX_JSON_DEPTH));
    expect(atLimit.statusCode).toBe(422);
    expect((await postRaw(client, '/api/login', objects(MAX_JSON_DEPTH + 1))).statusCode).toBe(400);
    const text = JSON.stringify({ email: `${'[{'.repeat(3000)}"\\"]}@x.test`, password: 'x' });
    const res = await postRaw(client, '/api/login', text);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['email']);
  });

  it('the clean-up walk is iterative: a NUL byte deep inside is still named by its path', async () => {
    const client = await anonymous();
    const deep = `{"email":${'['.repeat(MAX_JSON_DEPTH - 2)}"a\\u0000"${']'.repeat(MAX_JSON_DEPTH - 2)},"password":"x"}`;
    const res = await postRaw(client, '/api/login', deep);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual([`email${'.0'.repeat(MAX_JSON_DEPTH - 2)}`]);
  });
});

describe('1. the telemetry beacon, which parses its own JSON (text/plain from sendBeacon)', () => {
  const beacon = (body: string, type = 'text/plain;charset=UTF-8') =>
    app.inject({
      method: 'POST',
      url: '/api/telemetry',
      payload: body,
      headers: { 'content-type': type, 'sec-fetch-site': 'same-origin', 'accept-language': 'en' },
    });

  it('refuses 5 000 nested `[` as malformed (422), fast, anonymous and without a CSRF token', async () => {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const res = await beacon(arrays(5000));
      times.push(performance.now() - started);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ errors: { body: ['The body must be a JSON object.'] } });
    }
    expect(median(times)).toBeLessThan(50);
    expect((await beacon(objects(2000), 'application/json')).statusCode).toBe(422);
  });

  it('still takes text/plain, which it declares in `consumes` (no 415 there)', async () => {
    const res = await beacon(JSON.stringify({ page: 'x', events: [] }));
    expect(res.statusCode).not.toBe(415);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('8. a body that is no JSON on a JSON route', () => {
  it('text/plain is 415 with a message saying what to send, not "body must be text"', async () => {
    const client = await anonymous();
    const res = await postRaw(client, '/api/login', 'email=a@b.c', 'text/plain');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      code: 'request.unsupported_media_type',
      message: 'Send the request body as JSON (Content-Type: application/json).',
    });
    const de = await postRaw(await anonymous('de'), '/api/register', 'x', 'text/plain; charset=utf-8');
    expect(de.statusCode).toBe(415);
    expect(de.json().message).toBe('Senden Sie den Inhalt der Anfrage als JSON (Content-Type: application/json).');
    // Other unknown types get the same text.
    expect((await postRaw(client, '/api/login', '<a/>', 'application/xml')).json().message).toBe(res.json().message);
  });

  it('login state is still checked first: anonymous text/plain on a stock route is 401', async () => {
    const client = await anonymous();
    expect((await postRaw(client, '/api/stock/movements', 'x', 'text/plain')).statusCode).toBe(401);
  });

  it('a JSON value that is no object is 422 "must be an object"', async () => {
    const client = await anonymous();
    const res = await postRaw(client, '/api/login', '"hello"');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ body: ['The body field must be an object.'] });
  });
});

describe('2. documented error bodies and their shapes', () => {
  it('every documented 4xx answer is the error shape, except the import 422 (errors per line)', () => {
    const doc = app.swagger() as unknown as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>
      >;
    };
    const other: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          if (!/^4\d\d$/.test(status)) continue;
          for (const { schema } of Object.values(response.content ?? {})) {
            if ((schema as { $ref?: string }).$ref !== '#/components/schemas/ErrorBody') {
              other.push(`${method.toUpperCase()} ${path} ${status}`);
            }
          }
        }
      }
    }
    expect(other).toEqual(['POST /api/stock/import 422']);
  });

  it('an error whose body does not fit the status schema still leaves as JSON, never a serialization 500', async () => {
    const own = await buildApp({
      database,
      appKey: 'test-app-key',
      hashOptions: TEST_HASH,
      rateLimits: GENEROUS_LIMITS,
      docs: false,
    });
    own.get(
      '/test/odd-422',
      { schema: { response: { 422: Type.Object({ created: Type.Integer(), lines: Type.Array(Type.Integer()) }) } } },
      async () => {
        throw new AppError(422, 'validation.invalid', 'validation.failed', { vars: { field: 'x' } });
      },
    );
    await own.ready();
    try {
      const res = await own.inject({ method: 'GET', url: '/test/odd-422', headers: { 'accept-language': 'en' } });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ code: 'validation.failed', message: 'The x field is invalid.' });
    } finally {
      await own.close();
    }
  });
});
