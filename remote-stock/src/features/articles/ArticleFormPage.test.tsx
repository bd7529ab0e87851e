import { answer, apiError, HttpResponse, setupApiServer } from '@lager/shared/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type {
  CreateStockArticleApiArg,
  CreateStockArticleApiResponse,
  UpdateStockArticleApiResponse,
} from '../../api/generated';
import { article, articleHandlers, GUEST_STOCK, mountStock, session } from '../../testing/fixtures';

const bolts = article({ name: 'Bolts', sku: 'BLT-1', unit: 'box', min_stock: 3, barcode: '4006381333931' });
const server = setupApiServer(...session(), ...articleHandlers([bolts]));

let sent: CreateStockArticleApiArg[] = [];
beforeEach(() => {
  sent = [];
});

const mount = (route: string, language: 'de' | 'en' = 'en') => mountStock(route, language);

test('a new article is sent trimmed with a decimal reorder level, then its page opens', async () => {
  server.use(
    answer.post<CreateStockArticleApiResponse, CreateStockArticleApiArg>('/api/stock/articles', async ({ request }) => {
      const body = await request.json();
      sent.push(body);
      return HttpResponse.json(
        { article: { ...bolts, ...body, id: 555 } as CreateStockArticleApiResponse['article'] },
        { status: 201 },
      );
    }),
  );
  const { user } = await mount('/stock/articles/new', 'de');
  await user.type(await screen.findByLabelText('Artikelnummer'), ' OIL-5 ');
  await user.type(screen.getByLabelText('Bezeichnung'), 'Motoröl');
  await user.selectOptions(screen.getByLabelText('Einheit'), 'Liter (l)');
  await user.clear(screen.getByLabelText('Meldebestand'));
  await user.type(screen.getByLabelText('Meldebestand'), '2,5');
  await user.type(screen.getByLabelText('Höchstbestand'), '10');
  await user.click(screen.getByRole('button', { name: 'Speichern' }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/stock/articles/555'));
  expect(sent).toEqual([
    {
      sku: 'OIL-5',
      name: 'Motoröl',
      unit: 'l',
      min_stock: 2.5,
      max_stock: 10,
      barcode: null,
      description: null,
      tracking: 'none',
      expiry: false,
    },
  ]);
});

test('the server’s 422 is shown on the field it names (a translated text, not the server’s)', async () => {
  server.use(
    answer.post<CreateStockArticleApiResponse>('/api/stock/articles', () =>
      apiError(422, {
        message: 'The SKU is already taken.',
        code: 'article.sku_taken',
        errors: { sku: ['The SKU is already taken.'] },
      }),
    ),
  );
  const { user } = await mount('/stock/articles/new');
  await user.type(await screen.findByLabelText('SKU'), 'BLT-1');
  await user.type(screen.getByLabelText('Name'), 'Bolts again');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  const sku = screen.getByLabelText('SKU');
  expect(await screen.findByRole('alert')).toHaveTextContent('This SKU already exists in this warehouse.');
  expect(sku).toHaveAttribute('aria-invalid', 'true');
  expect(sku).toHaveAccessibleDescription('This SKU already exists in this warehouse.');
  expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
  expect(screen.queryByText('The SKU is already taken.')).not.toBeInTheDocument();
});

test('over-long text is refused on its field with the limit; a server 422 calling a field too long says the same (issue 16 defect 3)', async () => {
  let posted = 0;
  server.use(
    answer.post<CreateStockArticleApiResponse>('/api/stock/articles', () => {
      posted += 1;
      return apiError(422, {
        message: 'The description field must not be greater than 2000 characters.',
        code: 'validation.failed',
        errors: { description: ['The description field must not be greater than 2000 characters.'] },
      });
    }),
  );
  const { user } = await mount('/stock/articles/new');
  await user.type(await screen.findByLabelText('SKU'), 'LNG-1');
  // Beyond maxlength, as a restored draft or a script would set it.
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'N'.repeat(300) } });
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Please check the marked fields.');
  expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Too long: at most 255 characters are allowed.');
  expect(posted).toBe(0);

  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Long one' } });
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(posted).toBe(1));
  expect(await screen.findByLabelText('Description')).toHaveAccessibleDescription(
    'Too long: at most 2000 characters are allowed.',
  );
  expect(screen.queryByText(/must not be greater than/)).not.toBeInTheDocument();
});

test('missing fields are marked before anything is sent', async () => {
  const { user } = await mount('/stock/articles/new');
  await user.click(await screen.findByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Please check the marked fields.')).toBeInTheDocument();
  expect(screen.getByLabelText('SKU')).toHaveAccessibleDescription('Please fill in.');
  expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
});

test('the form keeps a draft: typed values survive leaving the page', async () => {
  const first = await mount('/stock/articles/new');
  await first.user.type(await screen.findByLabelText('Name'), 'Half typed');
  first.unmount();
  await mount('/stock/articles/new');
  expect(await screen.findByLabelText('Name')).toHaveValue('Half typed');
});

test('editing starts from the article and sends PUT', async () => {
  const bodies: unknown[] = [];
  server.use(
    answer.put<UpdateStockArticleApiResponse>('/api/stock/articles/:id', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ article: { ...bolts, name: 'Bolts M8' } });
    }),
  );
  const { user } = await mount(`/stock/articles/${bolts.id}/edit`);
  const name = await screen.findByLabelText('Name');
  expect(name).toHaveValue('Bolts');
  expect(screen.getByLabelText('Barcode')).toHaveValue('4006381333931');
  await user.clear(name);
  await user.type(name, 'Bolts M8');
  // stock-spec-3 §2: tracking and best-before are chosen on the form.
  await user.selectOptions(screen.getByLabelText('Tracking'), 'By lot');
  await user.click(screen.getByLabelText('Has a best-before date'));
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/stock/articles/${bolts.id}`));
  expect(bodies).toEqual([
    {
      tracking: 'lot',
      expiry: true,
      sku: 'BLT-1',
      name: 'Bolts M8',
      unit: 'box',
      min_stock: 3,
      max_stock: null,
      barcode: '4006381333931',
      description: null,
    },
  ]);
});

test('without manage_articles the new-article page offers no form', async () => {
  server.use(...session(GUEST_STOCK));
  await mount('/stock/articles/new');
  expect(await screen.findByText('You do not have the permissions for this page.')).toBeInTheDocument();
  expect(screen.queryByLabelText('SKU')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
});

test('a maximum stock below the reorder level is refused before sending', async () => {
  let sent = 0;
  server.use(
    answer.post<CreateStockArticleApiResponse>('/api/stock/articles', () => {
      sent += 1;
      return HttpResponse.json({ article: article() }, { status: 201 });
    }),
  );
  const { user } = await mount('/stock/articles/new');
  await user.type(await screen.findByLabelText('SKU'), 'MAX-1');
  await user.type(screen.getByLabelText('Name'), 'Crates');
  await user.clear(screen.getByLabelText('Reorder level'));
  await user.type(screen.getByLabelText('Reorder level'), '5');
  await user.type(screen.getByLabelText('Maximum stock'), '3');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('The maximum stock must be at least the reorder level.')).toBeInTheDocument();
  expect(sent).toBe(0);
});
