import { setRuntimeConfig } from '../config/runtime-config';
import { sortByName } from '../i18n/collate';
import { initI18n } from '../i18n/i18n';
import { API, HttpResponse, rest, setupApiServer, throttledLogin } from '../testing';
import { tooLong } from '../validation';
import { type ErrorTable, errorMessage, fieldErrorMessages, normalizeError } from './errors';
import { http } from './http';

/** Issue 16 defects 3, 4 and 10: length limits, field errors, throttling, collation. */
setupApiServer(
  throttledLogin('Too many login attempts. Please try again in 42 seconds.'),
  rest.post(`${API}/api/stock/movements`, ({ request }) =>
    HttpResponse.json(
      {
        message: request.headers.get('accept-language')?.startsWith('de')
          ? 'Nicht genug Bestand: 1.234,5 kg verfügbar.'
          : 'Not enough stock: 1,234.5 kg available.',
        code: 'stock.insufficient',
      },
      { status: 409 },
    ),
  ),
  rest.post(`${API}/api/forgot-password`, () =>
    HttpResponse.json({ message: 'Too Many Attempts.', code: 'throttle' }, { status: 429 }),
  ),
  rest.post(`${API}/api/admin/warehouse`, async ({ request }) => {
    const { name } = (await request.json()) as { name: string };
    if (name === 'taken')
      return HttpResponse.json(
        {
          message: 'You already have a warehouse with this name.',
          code: 'warehouse.name_taken',
          errors: {
            name: ['You already have a warehouse with this name.'],
            usage_id: ['The selected usage id is invalid.'],
          },
        },
        { status: 422 },
      );
    return HttpResponse.json(
      {
        message: 'Das Feld name darf maximal 255 Zeichen lang sein.',
        code: 'validation.failed',
        errors: { name: ['Das Feld name darf maximal 255 Zeichen lang sein.'], secret: ['nope'] },
      },
      { status: 422 },
    );
  }),
);

beforeEach(() => {
  setRuntimeConfig({ apiBaseUrl: API });
  initI18n('de');
  document.cookie = 'XSRF-TOKEN=t; path=/';
});

const CREATE: ErrorTable = { 'warehouse.name_taken': 'errors.nameExists', fallback: 'errors.createFailed' };
const failure = (request: Promise<unknown>) =>
  request.then(() => Promise.reject(new Error('no failure')), normalizeError);

describe('throttled answers (429)', () => {
  test('say how many seconds to wait, from Retry-After, unless the table has its own key', async () => {
    const login = await failure(http.post('api/login', { email: 'a@b.c', password: 'x' }));
    expect(login).toMatchObject({ status: 429, code: 'auth.throttled', retryAfter: 42 });
    expect(errorMessage(login, { fallback: 'errors.loginFailed' })).toEqual({
      key: 'common:errors.throttled',
      values: { count: 42 },
    });
    expect(errorMessage(login, { 'auth.throttled': 'own.key', fallback: 'x' })).toEqual({ key: 'own.key' });
    // A 429 names no field to mark.
    expect(fieldErrorMessages(login, { fallback: 'x' }, ['email', 'password'])).toEqual({});
  });

  test('without Retry-After: "wait a moment"', async () => {
    const forgot = await failure(http.post('api/forgot-password', { email: 'a@b.c' }));
    expect(errorMessage(forgot, { fallback: 'errors.resetFailed' })).toEqual({
      key: 'common:errors.throttledRetryLater',
    });
  });
});

describe('a refusal whose text names a value (issue 23: the available stock)', () => {
  const BOOK: ErrorTable = { 'stock.insufficient': 'errors.insufficient', fallback: 'errors.bookingFailed' };

  test('the value goes to the catalogue key with the context "detail" while the screen has the text’s language', async () => {
    const refusal = await failure(http.post('api/stock/movements', {}));
    expect(refusal.details).toEqual({ language: 'de', values: { available: '1.234,5 kg' } });
    expect(errorMessage(refusal, BOOK)).toEqual({
      key: 'errors.insufficient',
      values: { available: '1.234,5 kg', context: 'detail' },
    });
    initI18n('en');
    expect(errorMessage(refusal, BOOK)).toEqual({ key: 'errors.insufficient' });
    const english = await failure(http.post('api/stock/movements', {}));
    expect(errorMessage(english, BOOK)).toEqual({
      key: 'errors.insufficient',
      values: { available: '1,234.5 kg', context: 'detail' },
    });
  });
});

describe('a 422 on fields', () => {
  test('the limit the server named (read from its text in normalizeError) shows on that field; unknown fields are left out', async () => {
    const error = await failure(http.post('api/admin/warehouse', { name: 'x'.repeat(300) }));
    expect(error).toMatchObject({ code: 'validation.failed', tooLong: { name: 255 } });
    expect(fieldErrorMessages(error, CREATE, ['name', 'industry_id', 'usage_id'])).toEqual({
      name: { key: 'common:errors.tooLong', values: { max: 255 } },
    });
    // The form's own text stays the spec's: not "already exists".
    expect(errorMessage(error, CREATE)).toEqual({ key: 'errors.createFailed' });
  });

  test("a code about a field gives that field the code's text; other named fields get 'check this value'", async () => {
    const error = await failure(http.post('api/admin/warehouse', { name: 'taken' }));
    expect(fieldErrorMessages(error, CREATE, ['name', 'industry_id', 'usage_id'])).toEqual({
      name: { key: 'errors.nameExists' },
      usage_id: { key: 'common:errors.fieldRejected' },
    });
    expect(errorMessage(error, CREATE)).toEqual({ key: 'errors.nameExists' });
  });
});

describe('tooLong', () => {
  test('the first field over its limit, in the order given, measured as sent (trimmed, code points)', () => {
    const limits = { name: 5, email: 3 };
    expect(tooLong({ name: '  abcde  ', email: 'abcd' }, limits)).toEqual({
      key: 'common:errors.tooLong',
      values: { max: 3 },
      field: 'email',
    });
    expect(tooLong({ name: 'abcdef', email: 'abcd' }, limits)?.field).toBe('name');
    // Five emoji are five characters for the API, ten UTF-16 units for String.length.
    expect(tooLong({ name: '📦📦📦📦📦', email: '' }, limits)).toBeUndefined();
    // Passwords are sent as typed.
    expect(tooLong({ password: 'abc ' }, { password: 3 })?.field).toBe('password');
  });
});

describe('sortByName', () => {
  const list = [
    { id: 1, name: 'Zebra' },
    { id: 2, name: 'apfel 10' },
    { id: 3, name: 'Äpfel' },
    { id: 4, name: 'Apfel 9' },
    { id: 5, name: 'Lager 10' },
    { id: 6, name: 'Lager 2' },
  ];
  test("the language's order: case and accents do not split, numbers count as numbers", () => {
    expect(sortByName(list, 'de').map((w) => w.name)).toEqual([
      'Äpfel',
      'Apfel 9',
      'apfel 10',
      'Lager 2',
      'Lager 10',
      'Zebra',
    ]);
    // Swedish sorts Ä after Z.
    expect(
      sortByName(list, 'sv')
        .map((w) => w.name)
        .at(-1),
    ).toBe('Äpfel');
  });
});
