import {
  API,
  answer,
  apiError,
  HttpResponse,
  rest,
  sessionHandlers,
  setupApiServer,
  trackMissingTranslations,
} from '@lager/shared/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type {
  CloseStockCountSessionApiResponse,
  GetStockCountSessionApiResponse,
  ListStockCountSessionsApiResponse,
  ListStockLocationsApiResponse,
  OpenStockCountSessionApiResponse,
  PutStockCountLinesApiArg,
  PutStockCountLinesApiResponse,
} from '../../api/generated';
import { ALL_STOCK, article, articleHandlers, mountStock, STANDARD_LOCATION, session } from '../../testing/fixtures';
import de from './locales/de.json';
import en from './locales/en.json';

type Session = GetStockCountSessionApiResponse['session'];
type Line = Session['lines'][number];

/** A clerk who counts (role Lagerist): no opening, no review, no values. */
const CLERK = ['view_stock', 'book_goods', 'count_stock'];
const OWNER = ALL_STOCK;
/** Manages counts but sees no costs or values. */
const MANAGER = ['view_stock', 'count_stock', 'manage_counts'];

/** Another user's session; the locations stay this file's. */
const as = (permissions: string[]) => sessionHandlers(undefined, permissions);

const place = (id: number, code: string, parent_id: number | null = null) => ({
  ...STANDARD_LOCATION,
  id,
  code,
  parent_id,
  standard: false,
});
const LOCATIONS = [STANDARD_LOCATION, place(2, 'A'), place(3, 'A-01', 2), place(4, 'B')];

const line = (overrides: Partial<Line>): Line => ({
  article_id: 11,
  article_sku: 'SCHR-1',
  article_name: 'Schrauben',
  unit: 'pcs',
  location_id: 3,
  location_code: 'A-01',
  lot: null,
  serial: null,
  expected: 10,
  moved: 0,
  counted: null,
  counted_by: null,
  counted_at: null,
  difference: null,
  ...overrides,
});

const head = {
  id: 7,
  location_id: 2,
  blind: false,
  status: 'open' as const,
  opened_by: 'Olivia Owner',
  opened_at: '2026-12-31T08:00:00Z',
  closed_by: null,
  closed_at: null,
};

/** The server's side of one session: its lines, the requests that reached it. */
let current: Session;
let listed: ListStockCountSessionsApiResponse['sessions'];
let opened: { key: string | null; body: unknown }[];
let puts: PutStockCountLinesApiArg['body'][];
let closes: { key: string | null; body: unknown }[];
let putAnswer: (() => Promise<Response | undefined>) | null;
let closeAnswers: (() => Response)[];

const missing = trackMissingTranslations();
const server = setupApiServer(...session(OWNER));
beforeEach(() => {
  current = {
    ...head,
    lines: [
      line({}),
      line({ article_id: 12, article_sku: 'MUTT-1', article_name: 'Muttern', expected: 5, moved: 3 }),
      line({ article_id: 13, article_sku: 'DUEB-1', article_name: 'Dübel', location_id: 2, location_code: 'A' }),
    ],
  };
  listed = [
    head,
    {
      ...head,
      id: 6,
      location_id: null,
      blind: true,
      status: 'closed',
      closed_by: 'Olivia Owner',
      closed_at: '2026-06-30T17:00:00Z',
    },
  ];
  opened = [];
  puts = [];
  closes = [];
  putAnswer = null;
  closeAnswers = [];
  server.use(
    answer.get<ListStockLocationsApiResponse>('/api/stock/locations', () =>
      HttpResponse.json({ locations: LOCATIONS }),
    ),
    answer.get<ListStockCountSessionsApiResponse>('/api/stock/count-sessions', () =>
      HttpResponse.json({ sessions: listed }),
    ),
    answer.post<OpenStockCountSessionApiResponse>('/api/stock/count-sessions', async ({ request }) => {
      const body = (await request.json()) as { location_id: number | null };
      opened.push({ key: request.headers.get('idempotency-key'), body });
      if (body.location_id === 3) {
        return apiError(409, {
          message: 'A count is already open for this area (no. 7).',
          code: 'stock.count_open',
        }) as never;
      }
      return HttpResponse.json({ session: { ...head, id: 8, location_id: body.location_id } }, { status: 201 });
    }),
    answer.get<GetStockCountSessionApiResponse>('/api/stock/count-sessions/:id', ({ params }) =>
      Number(params.id) === current.id
        ? HttpResponse.json({ session: current })
        : (apiError(404, { message: 'Not found', code: 'not_found' }) as never),
    ),
    answer.put<PutStockCountLinesApiResponse, PutStockCountLinesApiArg['body']>(
      '/api/stock/count-sessions/:id/lines',
      async ({ request }) => {
        const body = await request.json();
        puts.push(body);
        const failed = await putAnswer?.();
        if (failed) return failed as never;
        for (const counted of body) {
          const found = current.lines.find(
            (l) => l.article_id === counted.article_id && l.location_id === counted.location_id,
          );
          const values = { counted: counted.counted, counted_by: 'Olivia Owner', counted_at: '2026-12-31T09:15:00Z' };
          if (found) Object.assign(found, values);
          else
            current.lines.push(
              line({ ...counted, lot: counted.lot ?? null, serial: counted.serial ?? null, expected: 0, ...values }),
            );
        }
        return HttpResponse.json({ session: current });
      },
    ),
    answer.post<CloseStockCountSessionApiResponse>('/api/stock/count-sessions/:id/close', async ({ request }) => {
      const body = await request.json();
      closes.push({ key: request.headers.get('idempotency-key'), body });
      const next = closeAnswers.shift();
      if (next) return next() as never;
      current = { ...current, status: 'closed', closed_by: 'Olivia Owner', closed_at: '2026-12-31T12:00:00Z' };
      return HttpResponse.json({ session: current, movements: 2 });
    }),
    ...articleHandlers([
      article({ id: 11, sku: 'SCHR-1', name: 'Schrauben', barcode: '4006381333931' }),
      article({ id: 14, sku: 'NAGEL-1', name: 'Nägel', barcode: '4012345678901' }),
    ]),
  );
});
afterEach(() => expect(missing).toEqual([]));

describe('the list of count sessions', () => {
  test('open and closed sessions with scope, who and when, progress; the owner may start one', async () => {
    await mountStock('/stock/count-sessions', 'de');
    expect(await screen.findByRole('heading', { level: 1, name: 'Stichtagsinventur' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Stichtagsinventur' })).toHaveAttribute('aria-current', 'page');
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    await waitFor(() =>
      expect(rows[1]).toHaveTextContent(/^7A mit Unterplätzen31\.12\.2026, \d\d:00Olivia Owneroffen0 von 3/),
    );
    expect(rows[2]).toHaveTextContent(/^6Ganzes Lagerblind.*abgeschlossen/);
    expect(within(rows[1]!).getByRole('link', { name: 'Zählen Inventur 7' })).toHaveAttribute(
      'href',
      '/stock/count-sessions/7',
    );
    expect(within(rows[2]!).getByRole('link', { name: 'Ergebnis Inventur 6' })).toHaveAttribute(
      'href',
      '/stock/count-sessions/6/review',
    );
    expect(within(rows[2]!).queryByRole('link', { name: /Zählen/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Inventur starten' })).toBeEnabled();
  });

  test('a clerk who counts sees the sessions and may count, but neither start nor review one', async () => {
    server.use(...as(CLERK));
    await mountStock('/stock/count-sessions', 'de');
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(within(rows[1]!).getByRole('link', { name: 'Zählen Inventur 7' })).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('link', { name: /Prüfen/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Inventur starten' })).toBeNull();
  });

  test('without count_stock or manage_counts the stock nav has no entry for it', async () => {
    server.use(...as(['view_stock', 'book_goods']));
    await mountStock('/stock', 'de');
    await screen.findByRole('link', { name: 'Schnellbuchung' });
    expect(screen.queryByRole('link', { name: 'Stichtagsinventur' })).toBeNull();
  });

  test('empty, then loading failed with a retry (English)', async () => {
    listed = [];
    const first = await mountStock('/stock/count-sessions', 'en');
    expect(await screen.findByText(/No count yet\./)).toBeInTheDocument();
    first.unmount();
    server.use(answer.get('/api/stock/count-sessions', () => new HttpResponse(null, { status: 500 }) as never));
    await mountStock('/stock/count-sessions', 'en');
    expect(await screen.findByRole('alert')).toHaveTextContent('The count could not be loaded.');
    listed = [head];
    server.use(
      answer.get<ListStockCountSessionsApiResponse>('/api/stock/count-sessions', () =>
        HttpResponse.json({ sessions: listed }),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Count count 7' })).toBeInTheDocument();
  });

  test('"Inventur starten": the subtree taken is refused with the translated 409, another one opens and counting starts', async () => {
    const { user } = await mountStock('/stock/count-sessions', 'de');
    await user.click(await screen.findByRole('button', { name: 'Inventur starten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Inventur starten' });
    await user.selectOptions(within(dialog).getByLabelText('Bereich'), '3');
    await user.click(within(dialog).getByLabelText(/Blind zählen/));
    await user.click(within(dialog).getByRole('button', { name: 'Starten' }));
    expect(
      await within(dialog).findByText('Für diesen Bereich oder einen Teil davon ist schon eine Inventur offen.'),
    ).toBeInTheDocument();
    expect(opened).toEqual([{ key: expect.any(String), body: { location_id: 3, blind: true } }]);

    await user.selectOptions(within(dialog).getByLabelText('Bereich'), '4');
    await user.click(within(dialog).getByRole('button', { name: 'Starten' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/stock/count-sessions/8'));
    expect(opened[1]).toEqual({ key: expect.any(String), body: { location_id: 4, blind: true } });
    expect(opened[1]!.key).not.toBe(opened[0]!.key);
  });
});

describe('counting on a phone', () => {
  const counted = (name: string, at: string) => screen.getByLabelText(`Gezählt: ${name} an ${at}`);

  test('lines with expected and moved; counts saved with PUT; the button waits for the answer', async () => {
    server.use(...as(CLERK));
    const { user } = await mountStock('/stock/count-sessions/7', 'de');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inventur 7: Zählen' })).toBeInTheDocument();
    expect(await screen.findByText(/A mit Unterplätzen/)).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Zu zählende Zeilen' })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('SCHR-1 · SchraubenA-01 · Soll 10 Stk.'),
      expect.stringContaining('MUTT-1 · MutternA-01 · Soll 5 Stk. · seit Beginn bewegt +3 Stk.'),
      expect.stringContaining('DUEB-1 · DübelA · Soll 10 Stk.'),
    ]);
    expect(screen.getByText('0 von 3 Zeilen gezählt')).toBeInTheDocument();
    // The session's subtree only; then only this location's lines.
    expect(
      within(screen.getByLabelText('Lagerplatz'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Alle Lagerplätze', 'A', '\u00a0\u00a0A-01']);
    await user.selectOptions(screen.getByLabelText('Lagerplatz'), '3');
    expect(screen.queryByText(/Dübel/)).toBeNull();
    expect(screen.getByText('0 von 2 Zeilen gezählt')).toBeInTheDocument();

    let release!: () => void;
    putAnswer = () => new Promise((resolve) => (release = () => resolve(undefined)));
    await user.type(counted('Schrauben', 'A-01'), '9');
    await user.type(counted('Muttern', 'A-01'), '8,5');
    const save = screen.getByRole('button', { name: '2 Zählungen speichern' });
    await user.click(save);
    await waitFor(() => expect(save).toBeDisabled());
    expect(save).toHaveAttribute('aria-busy', 'true');
    act(() => release());
    expect(await screen.findByText('2 Zählungen gespeichert.')).toBeInTheDocument();
    expect(puts).toEqual([
      [
        { article_id: 11, location_id: 3, counted: 9 },
        { article_id: 12, location_id: 3, counted: 8.5 },
      ],
    ]);
    expect(counted('Schrauben', 'A-01')).toHaveValue('');
    expect(await screen.findByText(/Zuletzt gezählt: 9 Stk\. von Olivia Owner/)).toBeInTheDocument();
    expect(await screen.findByText('2 von 2 Zeilen gezählt')).toBeInTheDocument();
  });

  test('a failed save says so and keeps every count typed; nothing invalid is sent', async () => {
    const { user } = await mountStock('/stock/count-sessions/7', 'de');
    await user.type(await screen.findByLabelText('Gezählt: Schrauben an A-01'), 'zehn');
    await user.click(screen.getByRole('button', { name: '1 Zählung speichern' }));
    expect(await screen.findByText(/Bitte gültige Mengen eingeben/)).toBeInTheDocument();
    expect(puts).toEqual([]);

    await user.clear(counted('Schrauben', 'A-01'));
    await user.type(counted('Schrauben', 'A-01'), '12');
    putAnswer = async () => HttpResponse.error();
    await user.click(screen.getByRole('button', { name: '1 Zählung speichern' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Keine Antwort vom Server. Ihre Eingaben bleiben erhalten',
    );
    expect(counted('Schrauben', 'A-01')).toHaveValue('12');

    putAnswer = async () => apiError(409, { message: 'closed', code: 'stock.count_closed' });
    await user.click(screen.getByRole('button', { name: '1 Zählung speichern' }));
    expect(await screen.findByText('Diese Inventur ist schon abgeschlossen.')).toBeInTheDocument();
    expect(counted('Schrauben', 'A-01')).toHaveValue('12');
    expect(puts).toHaveLength(2);
  });

  test("another counter's line shows up when the page is back in view", async () => {
    await mountStock('/stock/count-sessions/7', 'de');
    await screen.findByLabelText('Gezählt: Dübel an A');
    current.lines[2] = {
      ...current.lines[2]!,
      counted: 4,
      counted_by: 'Gustav Guest',
      counted_at: '2026-12-31T09:20:00Z',
    };
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await screen.findByText(/Zuletzt gezählt: 4 Stk\. von Gustav Guest/)).toBeInTheDocument();
    expect(screen.getByText('1 von 3 Zeilen gezählt')).toBeInTheDocument();
  });

  test('a scan jumps to the line; an article found on the shelf is added at the chosen location', async () => {
    current = { ...current, location_id: null };
    const { user } = await mountStock('/stock/count-sessions/7', 'de');
    const find = await screen.findByLabelText('Artikel suchen oder scannen');
    await user.type(find, '4006381333931{Enter}');
    await waitFor(() => expect(counted('Schrauben', 'A-01')).toHaveFocus());

    await user.type(find, '4012345678901{Enter}');
    expect(await screen.findByText(/Bitte zuerst den Lagerplatz wählen/)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Lagerplatz'), '4');
    await user.clear(find);
    expect(screen.getByText(/Hier ist nichts zu zählen/)).toBeInTheDocument();
    await user.type(find, '4012345678901{Enter}');
    await waitFor(() => expect(counted('Nägel', 'B')).toHaveFocus());
    expect(screen.getByText('B · hier gefunden, nicht im Soll')).toBeInTheDocument();
    await user.type(counted('Nägel', 'B'), '3');
    await user.click(screen.getByRole('button', { name: '1 Zählung speichern' }));
    await screen.findByText('1 Zählung gespeichert.');
    expect(puts).toEqual([[{ article_id: 14, location_id: 4, counted: 3 }]]);

    await user.clear(find);
    await user.type(find, 'GIBTSNICHT{Enter}');
    expect(await screen.findByText('Kein Artikel mit diesem Code.')).toBeInTheDocument();
  });

  test('the camera (where the browser detects codes) reads a barcode and jumps to its line', async () => {
    const stopped: string[] = [];
    const globals = globalThis as { BarcodeDetector?: unknown };
    globals.BarcodeDetector = class {
      detect() {
        return Promise.resolve([{ rawValue: '4006381333931' }]);
      }
    };
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: () => Promise.resolve({ getTracks: () => [{ stop: () => stopped.push('track') }] }) },
    });
    const play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    try {
      current = { ...current, location_id: null };
      const { user } = await mountStock('/stock/count-sessions/7', 'de');
      await user.click(await screen.findByRole('button', { name: 'Mit Kamera scannen' }));
      await waitFor(() => expect(counted('Schrauben', 'A-01')).toHaveFocus());
      expect(stopped).toEqual(['track']);
      expect(screen.getByRole('button', { name: 'Mit Kamera scannen' })).toHaveAttribute('aria-pressed', 'false');
    } finally {
      play.mockRestore();
      delete globals.BarcodeDetector;
      Reflect.deleteProperty(navigator, 'mediaDevices');
    }
  });

  test('lot and serial lines are counted under their lot or serial; a unit found on the shelf with its serial', async () => {
    current = {
      ...current,
      lines: [
        line({ article_id: 21, article_sku: 'MILCH-1', article_name: 'Milch', lot: '24-117', expected: 6 }),
        line({ article_id: 22, article_sku: 'BOHR-1', article_name: 'Bohrer', serial: 'SN-1', expected: 1 }),
      ],
    };
    server.use(
      ...articleHandlers([
        article({ id: 22, sku: 'BOHR-1', name: 'Bohrer', tracking: 'serial', barcode: '4000000000017' }),
      ]),
    );
    const { user } = await mountStock('/stock/count-sessions/7', 'de');
    expect(await screen.findByText('A-01 · Charge 24-117 · Soll 6 Stk.')).toBeInTheDocument();
    expect(screen.getByText('A-01 · Seriennr. SN-1 · Soll 1 Stk.')).toBeInTheDocument();
    await user.type(counted('Milch 24-117', 'A-01'), '5');
    await user.type(counted('Bohrer SN-1', 'A-01'), '0');
    await user.selectOptions(screen.getByLabelText('Lagerplatz'), '2');
    const find = screen.getByLabelText('Artikel suchen oder scannen');
    await user.type(find, '4000000000017{Enter}');
    await waitFor(() => expect(counted('Bohrer', 'A')).toHaveFocus());
    await user.type(counted('Bohrer', 'A'), '1');
    await user.type(screen.getByLabelText('Seriennummer'), 'SN-2');
    await user.click(screen.getByRole('button', { name: '3 Zählungen speichern' }));
    await screen.findByText('3 Zählungen gespeichert.');
    expect(puts).toEqual([
      [
        { article_id: 21, location_id: 3, lot: '24-117', counted: 5 },
        { article_id: 22, location_id: 3, serial: 'SN-1', counted: 0 },
        { article_id: 22, location_id: 2, serial: 'SN-2', counted: 1 },
      ],
    ]);
  });

  test('a session that does not exist says so with the way back; a failed read offers a retry', async () => {
    const first = await mountStock('/stock/count-sessions/99', 'de');
    expect(await screen.findByRole('alert')).toHaveTextContent('Diese Inventur gibt es in diesem Lager nicht.');
    expect(screen.getByRole('link', { name: 'Zur Übersicht der Inventuren' })).toHaveAttribute(
      'href',
      '/stock/count-sessions',
    );
    first.unmount();
    let fail = true;
    server.use(
      answer.get<GetStockCountSessionApiResponse>('/api/stock/count-sessions/:id', () =>
        fail ? (new HttpResponse(null, { status: 500 }) as never) : HttpResponse.json({ session: current }),
      ),
    );
    const { user } = await mountStock('/stock/count-sessions/7/review', 'de');
    expect(await screen.findByRole('alert')).toHaveTextContent('Die Inventur konnte nicht geladen werden.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('table', { name: 'Differenzen' })).toBeInTheDocument();
  });

  test('a blind session shows no expected quantity; a closed one takes no counts', async () => {
    current = { ...current, blind: true, lines: current.lines.map(({ expected: _e, moved: _m, ...rest }) => rest) };
    const first = await mountStock('/stock/count-sessions/7', 'de');
    await screen.findByLabelText('Gezählt: Schrauben an A-01');
    expect(screen.getByText(/Blindzählung/)).toBeInTheDocument();
    expect(screen.queryByText(/Soll/)).toBeNull();
    first.unmount();

    current = { ...current, status: 'closed', closed_by: 'Olivia Owner', closed_at: '2026-12-31T12:00:00Z' };
    await mountStock('/stock/count-sessions/7', 'de');
    expect(await screen.findByText(/Diese Inventur ist abgeschlossen/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});

describe('review and close', () => {
  const countAll = () => {
    current.lines[0] = {
      ...current.lines[0]!,
      counted: 9,
      difference: -1,
      counted_by: 'Olivia Owner',
      average_cost: '0.15',
      value: '1.35',
    };
    current.lines[1] = {
      ...current.lines[1]!,
      counted: 8,
      difference: 0,
      counted_by: 'Gustav Guest',
      average_cost: '2.5',
      value: '20.00',
    };
  };

  test('the differences with what moved during the count and the values; filtered; closed with "als 0 zählen"', async () => {
    countAll();
    const { user } = await mountStock('/stock/count-sessions/7/review', 'de');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inventur 7: Prüfen' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Differenzen' });
    const rows = () => within(table).getAllByRole('row');
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual([
        'Artikel, Lagerplatz',
        'Soll',
        'Bewegt',
        'Gezählt',
        'Differenz',
        'Ø Einstandspreis',
        'Wert',
        'Wert der Differenz',
        'Gezählt von',
      ]),
    );
    expect(rows()[1]).toHaveTextContent(
      'SCHR-1 · SchraubenA-0110 Stk.0 Stk.9 Stk.-1 Stk.0,15 €1,35 €-0,15 €Olivia Owner',
    );
    expect(rows()[2]).toHaveTextContent('MUTT-1 · MutternA-015 Stk.+3 Stk.8 Stk.0 Stk.2,50 €20,00 €0,00 €Gustav Guest');
    expect(rows()[4]).toHaveTextContent('Summe21,35 €-0,15 €');
    expect(screen.getByText('2 von 3 Zeilen gezählt')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Anzeigen'), 'differences');
    expect(rows()).toHaveLength(3);
    expect(rows()[1]).toHaveTextContent('Schrauben');
    await user.selectOptions(screen.getByLabelText('Anzeigen'), 'uncounted');
    expect(rows()[1]).toHaveTextContent('Dübel');

    await user.click(screen.getByRole('button', { name: 'Inventur abschließen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Inventur abschließen' });
    expect(
      within(dialog).getByRole('group', { name: '1 Zeile ist nicht gezählt. Was gilt für sie?' }),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Abschließen und buchen' }));
    expect(await within(dialog).findByText('Bitte wählen, was für die ungezählten Zeilen gilt.')).toBeInTheDocument();
    expect(closes).toEqual([]);

    // The answer is lost once: the retry sends the same key, so the server books once.
    closeAnswers.push(() => HttpResponse.error() as unknown as Response);
    await user.click(within(dialog).getByLabelText(/Als 0 zählen/));
    await user.click(within(dialog).getByRole('button', { name: 'Abschließen und buchen' }));
    expect(await within(dialog).findByText(/Keine Antwort vom Server/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Abschließen und buchen' }));
    expect(await screen.findByText('Inventur abgeschlossen: 2 Korrekturen gebucht.')).toBeInTheDocument();
    expect(closes).toHaveLength(2);
    expect(closes[0]).toEqual({ key: expect.any(String), body: { uncounted: 'zero' } });
    expect(closes[1]!.key).toBe(closes[0]!.key);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Inventurliste (PDF)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Inventurliste (CSV)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Inventur abschließen' })).toBeNull();
  });

  test('without view_stock_value no value column; a 409 naming uncounted lines asks for the choice (English)', async () => {
    server.use(...as(MANAGER));
    current.lines = current.lines.map((l) => ({ ...l, counted: 5, counted_by: 'Olivia Owner' }));
    closeAnswers.push(
      () => apiError(409, { message: '1 line uncounted', code: 'stock.count_uncounted' }) as unknown as Response,
    );
    const { user } = await mountStock('/stock/count-sessions/7/review', 'en');
    const table = await screen.findByRole('table', { name: 'Differences' });
    expect(within(table).queryByRole('columnheader', { name: 'Value' })).toBeNull();
    expect(within(table).queryByText('Total')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Close the count' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close the count' });
    expect(within(dialog).queryByRole('radio')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close and book' }));
    expect(await within(dialog).findByText(/Some lines are still uncounted/)).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText(/Keep the stock/));
    await user.click(within(dialog).getByRole('button', { name: 'Close and book' }));
    expect(await screen.findByText('Count closed: 2 corrections booked.')).toBeInTheDocument();
    expect(closes.map((c) => c.body)).toEqual([{}, { uncounted: 'keep' }]);
    expect(closes[1]!.key).not.toBe(closes[0]!.key);
  });

  test('a blind open session says the differences come after closing', async () => {
    current = { ...current, blind: true, lines: current.lines.map(({ expected: _e, moved: _m, ...rest }) => rest) };
    await mountStock('/stock/count-sessions/7/review', 'de');
    expect(
      await screen.findByText('Blindzählung: Soll, Bewegungen und Differenzen erscheinen nach dem Abschluss.'),
    ).toBeInTheDocument();
  });
});

test("a closed session: the list as CSV and PDF saved under the server's names; a failed download says so", async () => {
  current = { ...current, status: 'closed', closed_by: 'Olivia Owner', closed_at: '2026-12-31T12:00:00Z' };
  const asked: { path: string; accept: string | null }[] = [];
  server.use(
    rest.get(`${API}/api/stock/count-sessions/:id/:file`, ({ request, params }) => {
      asked.push({ path: new URL(request.url).pathname, accept: request.headers.get('accept') });
      if (params.file === 'sheets.pdf') return new HttpResponse(null, { status: 500 });
      return new HttpResponse('x', {
        headers: { 'content-disposition': `attachment; filename="inventur-7.${String(params.file).split('.')[1]}"` },
      });
    }),
  );
  const saved: string[] = [];
  URL.createObjectURL = jest.fn(() => 'blob:file');
  URL.revokeObjectURL = jest.fn();
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  const { user } = await mountStock('/stock/count-sessions/7/review', 'de');
  await user.click(await screen.findByRole('button', { name: 'Inventurliste (CSV)' }));
  await user.click(screen.getByRole('button', { name: 'Inventurliste (PDF)' }));
  await waitFor(() => expect(saved).toEqual(['inventur-7.csv', 'inventur-7.pdf']));
  expect(screen.queryByRole('button', { name: 'Inventur abschließen' })).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Zähllisten (PDF)' }));
  expect(await screen.findByText('Die Datei konnte nicht geladen werden. Bitte erneut versuchen.')).toBeInTheDocument();
  expect(asked).toEqual([
    { path: '/api/stock/count-sessions/7/list.csv', accept: 'text/csv' },
    { path: '/api/stock/count-sessions/7/list.pdf', accept: 'application/pdf' },
    { path: '/api/stock/count-sessions/7/sheets.pdf', accept: 'application/pdf' },
  ]);
  click.mockRestore();
});

/** Every key path of a catalogue, plural suffixes folded. */
const keys = (value: unknown, prefix = ''): string[] =>
  typeof value !== 'object' || value === null
    ? [prefix.replace(/_(one|other)$/, '')]
    : Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key));

test('the German and English texts of the count sessions have the same keys', () => {
  expect([...new Set(keys(en))].sort()).toEqual([...new Set(keys(de))].sort());
});
