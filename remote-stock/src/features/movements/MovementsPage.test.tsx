import { API, answer, HttpResponse, rest, setupApiServer } from '@lager/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import type { ListStockMovementsApiResponse } from '../../api/generated';
import { article, mountStock, movement, session } from '../../testing/fixtures';

const glue = article({ name: 'Glue', unit: 'l', quantity: 3 });
const server = setupApiServer(...session());

let listed: URLSearchParams[] = [];
beforeEach(() => {
  listed = [];
  server.use(
    answer.get<ListStockMovementsApiResponse>('/api/stock/movements', ({ request }) => {
      const params = new URL(request.url).searchParams;
      listed.push(params);
      const all = [
        movement(glue, { kind: 'in', delta: 1.5, quantity_after: 3, reason: 'purchase', reference: 'LS-77' }),
        movement(glue, { kind: 'out', delta: -0.5, quantity_after: 1.5 }),
      ];
      const kind = params.get('kind');
      return HttpResponse.json({ movements: all.filter((m) => !kind || m.kind === kind), next_cursor: null });
    }),
  );
});

const mount = (language: 'de' | 'en' = 'en') => mountStock('/stock/movements', language);

test('the journal lists movements with signed changes per language; the kind and date filters are sent', async () => {
  const { user } = await mount('de');
  expect(await screen.findByText('+1,5 l')).toBeInTheDocument();
  expect(screen.getByText('-0,5 l')).toBeInTheDocument();
  expect(screen.getByText('LS-77')).toBeInTheDocument();
  await user.selectOptions(screen.getByLabelText('Art'), 'Wareneingang');
  await waitFor(() => expect(screen.queryByText('-0,5 l')).not.toBeInTheDocument());
  expect(listed.at(-1)?.get('kind')).toBe('in');
  await user.type(screen.getByLabelText('Von'), '2026-11-01');
  await waitFor(() => expect(listed.at(-1)?.get('from')).toBe('2026-11-01'));
  expect(listed.at(-1)?.get('kind')).toBe('in');
});

test('CSV export downloads the filtered journal in the app’s language', async () => {
  const requests: { url: URL; language: string | null }[] = [];
  server.use(
    rest.get(`${API}/api/stock/movements.csv`, ({ request }) => {
      requests.push({ url: new URL(request.url), language: request.headers.get('accept-language') });
      return new HttpResponse('\uFEFFdate;sku\n', {
        headers: {
          'content-type': 'text/csv',
          'content-disposition': 'attachment; filename="movements-2026-11-23.csv"',
        },
      });
    }),
  );
  const saved: string[] = [];
  URL.createObjectURL = jest.fn(() => 'blob:csv');
  URL.revokeObjectURL = jest.fn();
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  const { user } = await mount('de');
  await screen.findByText('+1,5 l');
  await user.selectOptions(screen.getByLabelText('Art'), 'Warenausgang');
  await user.click(screen.getByRole('button', { name: 'Als CSV exportieren' }));
  await waitFor(() => expect(saved).toEqual(['movements-2026-11-23.csv']));
  expect(requests[0]!.url.searchParams.get('kind')).toBe('out');
  expect(requests[0]!.language).toBe('de');
  click.mockRestore();
});

test('a location column (a relocation says from where to where); filtered by a location, the stock after is the stock there', async () => {
  const transfer = '6f1c2b8e-0000-4000-8000-000000000001';
  const at = (code: string, id: number, q: number) => ({
    location_code: code,
    location_id: id,
    location_quantity_after: q,
  });
  server.use(
    answer.get<ListStockMovementsApiResponse>('/api/stock/movements', ({ request }) => {
      listed.push(new URL(request.url).searchParams);
      return HttpResponse.json({
        movements: [
          movement(glue, {
            kind: 'relocation',
            delta: 1,
            quantity_after: 3,
            reason: null,
            transfer_id: transfer,
            ...at('B-1', 2, 1),
          }),
          movement(glue, {
            kind: 'relocation',
            delta: -1,
            quantity_after: 3,
            reason: null,
            transfer_id: transfer,
            ...at('STANDARD', 1, 2),
          }),
          movement(glue, { kind: 'in', delta: 3, quantity_after: 3, reason: 'purchase', ...at('STANDARD', 1, 3) }),
        ],
        next_cursor: null,
      });
    }),
  );
  const { user } = await mount('de');
  await screen.findByRole('table', { name: 'Bewegungen' });
  // The journal is mounted anew for new filters: its table is looked up each time.
  const column = async (name: string) => {
    const table = screen.getByRole('table', { name: 'Bewegungen' });
    const heads = [...table.querySelectorAll('thead th')].map((th) => th.textContent);
    const index = heads.indexOf(name);
    expect(index).toBeGreaterThan(-1);
    return [...table.querySelectorAll('tbody tr')].map((tr) => tr.querySelectorAll('td')[index]?.textContent);
  };
  await waitFor(async () =>
    expect(await column('Lagerplatz')).toEqual(['STANDARD → B-1', 'STANDARD → B-1', 'STANDARD']),
  );
  expect(await column('Bestand danach')).toEqual(['3 l', '3 l', '3 l']);
  await user.selectOptions(screen.getByLabelText('Lagerplatz'), 'STANDARD');
  await waitFor(() => expect(listed.at(-1)?.get('location_id')).toBe('1'));
  await waitFor(async () => expect(await column('Bestand am Lagerplatz danach')).toEqual(['1 l', '2 l', '3 l']));
});
