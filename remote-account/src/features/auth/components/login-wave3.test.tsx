import { API, HttpResponse, rest } from '@lager/shared/testing';
import { act, screen } from '@testing-library/react';
import { mountAccount, setupAccountTest } from '../../../testing/mount';

/** Issue 23 §3: a throttled login counts down to the next allowed try; a login tells the other tabs. */
const { server } = setupAccountTest(null);
afterEach(() => jest.useRealTimers());

const LABELS = {
  en: { password: 'Password', submit: 'Log in' },
  de: { password: 'Passwort', submit: 'Anmelden' },
};

function throttled(retryAfter: string | null) {
  let calls = 0;
  server.use(
    rest.post(`${API}/api/login`, () => {
      calls += 1;
      return HttpResponse.json(
        { message: 'Too many login attempts.', code: 'auth.throttled' },
        { status: 429, headers: retryAfter === null ? {} : { 'Retry-After': retryAfter } },
      );
    }),
  );
  return () => calls;
}

async function tryLogin(language: 'de' | 'en') {
  const view = mountAccount('/login', language);
  await view.user.type(screen.getByLabelText(/mail/i), 'a@b.ch');
  await view.user.type(screen.getByLabelText(LABELS[language].password), 'secret123');
  await view.user.click(screen.getByRole('button', { name: LABELS[language].submit }));
  return view;
}

const tick = (ms: number) => act(() => jest.advanceTimersByTime(ms));

test.each([
  ['en', 'Next try in 1:05.', 'Next try in 1:04.', 'Next try in 0:01.', 'You can log in again now.'],
  [
    'de',
    'Nächster Versuch in 1:05.',
    'Nächster Versuch in 1:04.',
    'Nächster Versuch in 0:01.',
    'Sie können sich jetzt wieder anmelden.',
  ],
] as const)(
  '%s: a live countdown; the submit stays disabled until it ends',
  async (language, start, second, last, ready) => {
    jest.useFakeTimers();
    const calls = throttled('65');
    const { user } = await tryLogin(language);
    const timer = await screen.findByRole('timer');
    expect(timer).toHaveTextContent(start);
    const button = screen.getByRole('button', { name: LABELS[language].submit });
    expect(button).toBeDisabled();
    // The polite region is quiet while the seconds run: a screen reader is not told every second.
    const status = screen.getByTestId('login-retry-status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toBeEmptyDOMElement();

    tick(1000);
    expect(timer).toHaveTextContent(second);
    expect(status).toBeEmptyDOMElement();
    tick(63_000);
    expect(timer).toHaveTextContent(last);
    expect(button).toBeDisabled();
    await user.click(button);
    expect(calls()).toBe(1);

    tick(1000);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(status).toHaveTextContent(ready);
    expect(button).toBeEnabled();
    // The old "wait" message has gone: it no longer holds.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(button);
    await screen.findByRole('timer');
    expect(calls()).toBe(2);
    expect(status).toBeEmptyDOMElement();
  },
);

test('without Retry-After there is nothing to count: "wait a moment", the submit stays usable', async () => {
  throttled(null);
  await tryLogin('en');
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Too many attempts. Please wait a moment, then try again.',
  );
  expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
});

test('a successful login tells the other tabs which user it is; a refused one tells nothing', async () => {
  server.use(rest.post(`${API}/api/login`, () => HttpResponse.json({ message: 'No.' }, { status: 422 })));
  const { user } = await tryLogin('en');
  await screen.findByRole('alert');
  expect(window.localStorage.getItem('lager:session')).toBeNull();

  server.use(rest.post(`${API}/api/login`, () => HttpResponse.json({ user: { id: 42 } })));
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  await screen.findByText(/Login successful/);
  expect(JSON.parse(window.localStorage.getItem('lager:session') ?? '{}')).toMatchObject({ type: 'login', userId: 42 });
});
