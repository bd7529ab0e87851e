import { API, answer, HttpResponse, rest, setupApiServer } from '@lager/shared/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GetStockValuationApiResponse } from '../../api/generated';
import { mountStock, session } from '../../testing/fixtures';

const server = setupApiServer(...session(['view_stock', 'view_stock_value']));
let asked: URLSearchParams[] = [];
beforeEach(() => {
  asked = [];
  server.use(
    answer.get<GetStockValuationApiResponse>('/api/stock/valuation', ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      const past = params.get('at') === '2026-01-10';
      return HttpResponse.json({
        at: params.get('at')!,
        time_zone: 'Europe/Berlin',
        group: 'article',
        lines: [
          {
            article_id: 1,
            sku: 'A-1',
            name: 'Anker',
            unit: 'pcs',
            quantity: past ? 6 : 8,
            average_cost: '0.15',
            value: past ? '0.90' : '1.20',
          },
        ],
        total_value: past ? '0.90' : '1.20',
      });
    }),
  );
});

test('the value at the end of a chosen day, in German, with the total; another date asks again', async () => {
  await mountStock('/stock/value', 'de');
  expect(await screen.findByRole('heading', { level: 1, name: 'Bestandswert' })).toBeInTheDocument();
  expect(await screen.findByText('Gesamtwert: 1,20 €')).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('Stichtag'), { target: { value: '2026-01-10' } });
  expect(await screen.findByText('Gesamtwert: 0,90 €')).toBeInTheDocument();
  const rows = within(screen.getByRole('table')).getAllByRole('row');
  expect(rows[1]).toHaveTextContent('A-1Anker6 Stk.0,15 €0,90 €');
  await waitFor(() => expect(asked.at(-1)?.get('at')).toBe('2026-01-10'));
  expect(asked.at(-1)?.get('group')).toBe('article');
});

test("the valuation as CSV and PDF for the chosen day and breakdown, saved under the server's names", async () => {
  const files: { path: string; at: string | null; group: string | null; accept: string | null }[] = [];
  const file = (name: string) =>
    rest.get(`${API}/api/stock/${name}`, ({ request }) => {
      const url = new URL(request.url);
      files.push({
        path: url.pathname,
        at: url.searchParams.get('at'),
        group: url.searchParams.get('group'),
        accept: request.headers.get('accept'),
      });
      return new HttpResponse('x', {
        headers: { 'content-disposition': `attachment; filename="bestandswert-${name}"` },
      });
    });
  server.use(file('valuation.csv'), file('valuation.pdf'));
  const saved: string[] = [];
  URL.createObjectURL = jest.fn(() => 'blob:file');
  URL.revokeObjectURL = jest.fn();
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  const { user } = await mountStock('/stock/value', 'de');
  await screen.findByText('Gesamtwert: 1,20 €');
  fireEvent.change(screen.getByLabelText('Stichtag'), { target: { value: '2026-01-10' } });
  await screen.findByText('Gesamtwert: 0,90 €');
  await user.click(screen.getByRole('button', { name: 'Als CSV exportieren' }));
  await user.click(screen.getByRole('button', { name: 'Als PDF drucken' }));
  await waitFor(() => expect(saved).toEqual(['bestandswert-valuation.csv', 'bestandswert-valuation.pdf']));
  expect(files).toEqual([
    { path: '/api/stock/valuation.csv', at: '2026-01-10', group: 'article', accept: 'text/csv' },
    { path: '/api/stock/valuation.pdf', at: '2026-01-10', group: 'article', accept: 'application/pdf' },
  ]);
  click.mockRestore();
});
