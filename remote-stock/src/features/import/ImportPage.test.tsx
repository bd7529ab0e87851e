import { answer, HttpResponse, type renderWithProviders, setupApiServer } from '@lager/shared/testing';
import { screen, within } from '@testing-library/react';
import type { ImportStockArticlesApiResponse } from '../../api/generated';
import { mountStock, session } from '../../testing/fixtures';

const server = setupApiServer(...session());

const BAD = 'sku,name,unit,min_stock,barcode,description,quantity\nA-1,Alpha,pcs,1,,,5\nB-1,,crates,1,,,2\n';
const GOOD = 'sku,name,unit,min_stock,barcode,description,quantity\nA-1,Alpha,pcs,1,,,5\nB-1,Beta,box,1,,,2\n';

let sent: { dryRun: string | null; type: string | null; body: string }[] = [];
beforeEach(() => {
  sent = [];
  server.use(
    answer.post<ImportStockArticlesApiResponse>('/api/stock/import', async ({ request }) => {
      const body = await request.text();
      sent.push({
        dryRun: new URL(request.url).searchParams.get('dry_run'),
        type: request.headers.get('content-type'),
        body,
      });
      if (body.includes('crates')) {
        return HttpResponse.json(
          {
            message: '2 errors',
            code: 'import.invalid',
            created: 0,
            updated: 0,
            errors: [
              { line: 3, field: 'name', message: 'Name is required.' },
              { line: 3, field: 'unit', message: 'Unknown unit.' },
            ],
          },
          { status: 422 },
        );
      }
      return HttpResponse.json({ created: 2, updated: 0, errors: [] });
    }),
  );
});

const choose = async (user: ReturnType<typeof renderWithProviders>['user'], text: string) =>
  user.upload(screen.getByLabelText('CSV file'), new File([text], 'articles.csv', { type: 'text/csv' }));

test('a dry run lists the errors per line and offers no import', async () => {
  const { user } = await mountStock('/stock/import', 'en');
  await choose(user, BAD);
  await user.click(screen.getByRole('button', { name: 'Check file' }));
  expect(await screen.findByText('The file has 2 errors. Nothing was imported.')).toBeInTheDocument();
  const table = screen.getByRole('table', { name: 'Errors per line' });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map((r) => r.textContent)).toEqual(['3nameName is required.', '3unitUnknown unit.']);
  expect(screen.queryByRole('button', { name: 'Import now' })).not.toBeInTheDocument();
  expect(sent).toEqual([{ dryRun: '1', type: 'text/csv', body: BAD }]);
});

test('a clean file is checked first, then imported', async () => {
  const { user } = await mountStock('/stock/import', 'de');
  await user.upload(screen.getByLabelText('CSV-Datei'), new File([GOOD], 'articles.csv', { type: 'text/csv' }));
  await user.click(screen.getByRole('button', { name: 'Datei prüfen' }));
  expect(await screen.findByText('Datei in Ordnung: 2 neue, 0 geänderte Artikel.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Jetzt importieren' }));
  expect(await screen.findByText('Importiert: 2 neue, 0 geänderte Artikel.')).toBeInTheDocument();
  expect(sent.map((s) => s.dryRun)).toEqual(['1', null]);
});
