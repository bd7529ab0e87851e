import { answer, apiError, HttpResponse, renderWithProviders, setupApiServer } from '@lager/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { GetReleasesApiResponse, GetTelemetrySummaryApiResponse } from '../api/generated';
import ReleasesCard from '../features/dashboard/ReleasesCard';
import { releasesFixture, stockSummary } from '../testing/fixtures';
import ReleasesRoutes from './ReleasesRoutes';

const server = setupApiServer();
const releases = (body: GetReleasesApiResponse) =>
  server.use(answer.get<GetReleasesApiResponse>('/api/releases', () => HttpResponse.json(body)));
const summaries = (byRemote: Record<string, GetTelemetrySummaryApiResponse>, asked: URL[] = []) =>
  server.use(
    answer.get<GetTelemetrySummaryApiResponse>('/api/telemetry/summary', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url);
      const remote = url.searchParams.get('remote') ?? '';
      return HttpResponse.json(
        byRemote[remote] ?? { remote, since: url.searchParams.get('since') ?? '', versions: [] },
      );
    }),
  );

async function mount(route: string, language: 'de' | 'en' = 'en') {
  let result!: ReturnType<typeof renderWithProviders>;
  await act(async () => {
    result = renderWithProviders(<ReleasesRoutes />, { route, path: '/releases/*', language });
  });
  return result;
}

/** 5 min 50 s into a 10-minute step (4 min 10 s left). */
const stepStarted = () => new Date(Date.now() - (5 * 60 + 50) * 1000).toISOString();

test.each([
  ['en', 'Releases', ['remote-info', '1.0.0', '2.0.0', '25 %', /^Step 2 of 4 \(25 %\) · \d min \d+ s left$/]],
  ['de', 'Releases', ['remote-info', '1.0.0', '2.0.0', '25 %', /^Schritt 2 von 4 \(25 %\) · noch \d min \d+ s$/]],
] as const)(
  'overview (%s): every section with stable, canary, share and the guard’s step and time left',
  async (language, title, cells) => {
    releases(releasesFixture(stepStarted()));
    await mount('/releases', language);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(3);
    const info = within(rows[1]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect([within(rows[1]!).getByRole('rowheader').textContent, ...info.slice(0, 3)]).toEqual(cells.slice(0, 4));
    expect(info[3]).toMatch(cells[4]);
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(language === 'en' ? ['3.1.0', 'no canary', '–', '–'] : ['3.1.0', 'kein Canary', '–', '–']);
  },
);

test('keyboard: Tab reaches a section’s link, Enter opens its page with the history and the guard’s reason', async () => {
  releases(releasesFixture(stepStarted()));
  summaries({ 'remote-stock': stockSummary });
  const { user } = await mount('/releases');
  const link = await screen.findByRole('link', { name: 'Details of remote-stock' });
  // The sideways-scrolling table box is focusable, then the links in it.
  await user.tab();
  expect(screen.getByRole('region', { name: 'Sections and their versions' })).toHaveFocus();
  await user.tab();
  expect(screen.getByRole('link', { name: 'Details of remote-info' })).toHaveFocus();
  await user.tab();
  expect(link).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(await screen.findByRole('heading', { level: 1, name: 'remote-stock' })).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent('/releases/remote-stock');
  const history = await screen.findByRole('heading', { level: 2, name: 'History' });
  const lines = within(history.parentElement!)
    .getAllByRole('listitem')
    .map((li) => li.textContent);
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatch(/Rolled back automatically · 3\.1\.0 \(3\.2\.0\) · by rollout-guard/);
  expect(lines[0]).toContain(
    'error rate 12.9 % vs 0.9 % (difference 12.0 points, 95 % CI 8.0–16.1) over 240 vs 2 310 pages',
  );
  expect(lines[1]).toMatch(/Rollout · 3\.2\.0 · 5 % · by ops/);
});

test('a section’s health: error rate with its interval, error types, vitals, top errors per version', async () => {
  releases(releasesFixture(stepStarted()));
  const asked: URL[] = [];
  summaries({ 'remote-stock': stockSummary }, asked);
  await mount('/releases/remote-stock');
  const table = await screen.findByRole('table', { name: /error rate with its 95 % confidence interval/ });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(
    rows.map((r) => [
      within(r).getByRole('rowheader').textContent,
      ...within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ]),
  ).toEqual([
    ['3.2.0', 'canary', '240', '12.9% (9.1%–17.8%)', 'Render error 29, Runtime error 4', '1,830 ms', '–', '–'],
    ['3.1.0', 'stable', '2,310', '0.9% (0.6%–1.4%)', 'API error 21', '–', '–', '–'],
  ]);
  const top = screen.getByRole('region', { name: 'Top errors 3.2.0' });
  expect(top).toHaveTextContent('Render error: Cannot read properties of undefined (reading …)');
  expect(top).toHaveTextContent('/remote-stock/3.2.0/static/js/async/812.js · 29 times');
  expect(screen.getByRole('region', { name: 'Top errors 3.1.0' })).toHaveTextContent('No errors reported.');
  // The last 24 hours.
  const since = Date.parse(asked[0]!.searchParams.get('since')!);
  expect(Date.now() - since).toBeGreaterThanOrEqual(24 * 60 * 60_000);
  expect(Date.now() - since).toBeLessThan(24 * 60 * 60_000 + 60_000);
});

test('a guarded canary: pages so far in this step, counted since the step started', async () => {
  const started = stepStarted();
  releases(releasesFixture(started));
  const asked: URL[] = [];
  summaries(
    {
      'remote-info': {
        remote: 'remote-info',
        since: started,
        versions: [
          { ...stockSummary.versions[0]!, version: '2.0.0', pages: 57 },
          { ...stockSummary.versions[1]!, version: '1.0.0', pages: 1204 },
        ],
      },
    },
    asked,
  );
  await mount('/releases/remote-info', 'de');
  expect(await screen.findByText(/Seiten in diesem Schritt/)).toHaveTextContent(
    /^Schritt 2 von 4 \(25 %\) · noch \d min \d+ sSeiten in diesem Schritt: 57 Canary, 1\.204 Stabil \(mindestens 200 je Seite\)$/,
  );
  expect(asked.some((u) => u.searchParams.get('since') === started)).toBe(true);
  expect(screen.getByText(/^2\.0\.0 · 25 %$/)).toBeInTheDocument();
});

test('empty manifest: says how a section gets here; a section without figures says so', async () => {
  releases({ remotes: [], history: [] });
  await mount('/releases', 'de');
  expect(await screen.findByText(/Noch kein Bereich im Rollout-Manifest/)).toBeInTheDocument();
});

test('no figures for a section, and an unknown section', async () => {
  releases(releasesFixture(stepStarted()));
  summaries({});
  const view = await mount('/releases/remote-stock');
  expect(await screen.findByText('No pages of this section were measured in the last 24 hours.')).toBeInTheDocument();
  view.unmount();
  await mount('/releases/remote-nothing');
  expect(await screen.findByText('This section is not in the rollout manifest.')).toBeInTheDocument();
});

test('a failed load is said, and "Try again" loads it', async () => {
  let calls = 0;
  server.use(
    answer.get<GetReleasesApiResponse>('/api/releases', () => {
      calls += 1;
      return calls === 1
        ? apiError(503, { message: 'Service unavailable.', code: 'service.unavailable' })
        : HttpResponse.json(releasesFixture(stepStarted()));
    }),
  );
  const { user } = await mount('/releases');
  expect(await screen.findByRole('alert')).toHaveTextContent('The releases could not be loaded.');
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('link', { name: 'Details of remote-info' })).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  expect(calls).toBe(2);
});

test('403 (not an operator after all): the same failure text, nothing else shown', async () => {
  server.use(
    answer.get<GetReleasesApiResponse>('/api/releases', () =>
      apiError(403, { message: 'Only operators may read telemetry.', code: 'telemetry.operators_only' }),
    ),
  );
  await mount('/releases', 'de');
  expect(await screen.findByRole('alert')).toHaveTextContent('Die Releases konnten nicht geladen werden.');
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

test('the dashboard card links to the section', () => {
  renderWithProviders(<ReleasesCard />, { language: 'en' });
  expect(screen.getByRole('heading', { level: 2, name: 'Releases' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Open Releases' })).toHaveAttribute('href', '/releases');
});
