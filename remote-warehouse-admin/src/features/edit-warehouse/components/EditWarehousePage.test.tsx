import { DELAYS } from '@lager/shared';
import {
  API,
  expectRedirectAfter,
  fixedListHandlers,
  HttpResponse,
  rest,
  sessionHandlers,
  setupApiServer,
} from '@lager/shared/testing';
import { act, screen } from '@testing-library/react';
import type { Warehouse } from '../../../api/generated';
import { mountWarehouseAdmin, warehouse } from '../../../testing/fixtures';

let owned: Warehouse[] = [];
let updates: unknown[] = [];
let updateAnswer: { status: number; body: object } | null = null;
const server = setupApiServer(
  ...sessionHandlers(),
  ...fixedListHandlers,
  rest.get(`${API}/api/mywarehouses/owned`, () => HttpResponse.json({ warehouses: owned })),
  rest.get(`${API}/api/warehouses/edit/:id`, ({ params }) => {
    const found = owned.find((w) => w.id === Number(params.id));
    return found ? HttpResponse.json(found) : HttpResponse.json({ message: 'Forbidden' }, { status: 403 });
  }),
  rest.put(`${API}/api/warehouses/edit/:id`, async ({ params, request }) => {
    const body = (await request.json()) as Omit<Warehouse, 'id'>;
    updates.push({ id: Number(params.id), ...body });
    if (updateAnswer) return HttpResponse.json(updateAnswer.body, { status: updateAnswer.status });
    owned = owned.map((w) => (w.id === Number(params.id) ? { ...w, ...body } : w));
    return HttpResponse.json({ id: Number(params.id), ...body });
  }),
);

beforeEach(() => {
  owned = [{ id: 4, name: 'Depot', industry_id: 2, usage_id: 4 }, warehouse(5, 'Other one')];
  updates = [];
  updateAnswer = null;
});
afterEach(() => jest.useRealTimers());

const mount = (id: string | number = 4, language: 'de' | 'en' = 'en') =>
  mountWarehouseAdmin(`/admin/warehouse/edit/${id}`, language);

async function loaded() {
  const name = await screen.findByLabelText('Name');
  await screen.findByRole('option', { name: 'Retail' });
  return name;
}

test('shows a loading state, then the form prefilled with the warehouse', async () => {
  mount();
  expect(screen.getByRole('status')).toHaveTextContent('Loading …');
  expect(await loaded()).toHaveValue('Depot');
  expect(screen.getByLabelText('Industry')).toHaveDisplayValue('Retail');
  expect(screen.getByLabelText('Usage')).toHaveDisplayValue('Rental');
});

test('a warehouse the user does not own redirects to my warehouses', async () => {
  // Even if the server lets a member read it, the owned list decides.
  server.use(rest.get(`${API}/api/warehouses/edit/:id`, () => HttpResponse.json(warehouse(9, 'Foreign'))));
  mount(9);
  await screen.findByRole('heading', { name: 'My warehouses' });
  expect(screen.getByTestId('location')).toHaveTextContent('/admin/warehouse/my');
  expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
});

test.each([403, 404, 500])('a load failure (%i) redirects to my warehouses', async (status) => {
  server.use(rest.get(`${API}/api/warehouses/edit/:id`, () => HttpResponse.json({ message: 'x' }, { status })));
  mount(4);
  await screen.findByRole('heading', { name: 'My warehouses' });
  expect(screen.getByTestId('location')).toHaveTextContent('/admin/warehouse/my');
});

test('an id that is not a number redirects to my warehouses', async () => {
  mount('abc');
  await screen.findByRole('heading', { name: 'My warehouses' });
  expect(screen.getByTestId('location')).toHaveTextContent('/admin/warehouse/my');
});

test.each([
  ['a blank name', 'Name'],
  ['no industry', 'Industry'],
])('%s: "fill all fields", nothing sent', async (_case, field) => {
  const { user } = mount();
  await loaded();
  if (field === 'Name') await user.clear(screen.getByLabelText('Name'));
  else await user.selectOptions(screen.getByLabelText(field), 'Please choose …');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all fields.');
  expect(updates).toEqual([]);
});

test('success: PUT with the form, message, back to my warehouses after 2000 ms', async () => {
  jest.useFakeTimers();
  const { user } = mount();
  const name = await loaded();
  await user.clear(name);
  await user.type(name, 'Depot North');
  await user.selectOptions(screen.getByLabelText('Usage'), 'Business');
  await user.click(screen.getByRole('button', { name: 'Save' }));

  expect(await screen.findByText('The warehouse was updated.')).toBeInTheDocument();
  expect(updates).toEqual([{ id: 4, name: 'Depot North', industry_id: 2, usage_id: 2 }]);
  expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  expectRedirectAfter(DELAYS.warehouseEditRedirect, '/admin/warehouse/edit/4', '/admin/warehouse/my');
  expect(await screen.findByRole('checkbox', { name: 'Depot North' })).toBeInTheDocument();
});

test.each([
  [422, { message: 'Taken.', errors: { name: ['taken'] } }, 'You already have a warehouse with this name.'],
  [422, { message: 'Invalid.', errors: { industry_id: ['invalid'] } }, 'The data entered is invalid.'],
  [500, { message: 'Server Error' }, 'The warehouse could not be updated.'],
  [403, { message: 'Forbidden', errors: { name: ['x'] } }, 'The warehouse could not be updated.'],
])('answer %i %j → "%s"; the input stays and no redirect follows', async (status, body, text) => {
  jest.useFakeTimers();
  updateAnswer = { status, body };
  const { user } = mount();
  const name = await loaded();
  await user.type(name, ' 2');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(text);
  expect(name).toHaveValue('Depot 2');
  expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  act(() => jest.advanceTimersByTime(DELAYS.warehouseEditRedirect));
  expect(screen.getByTestId('location')).toHaveTextContent('/admin/warehouse/edit/4');
});

test('German: duplicate name message', async () => {
  updateAnswer = { status: 422, body: { message: 'Vergeben.', errors: { name: ['vergeben'] } } };
  const { user } = mount(4, 'de');
  await screen.findByRole('option', { name: 'Einzelhandel' });
  await user.click(screen.getByRole('button', { name: 'Speichern' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Sie haben bereits ein Lager mit diesem Namen.');
});

test('save is disabled while the request runs: a double click sends one request', async () => {
  let answer!: () => void;
  server.use(
    rest.put(`${API}/api/warehouses/edit/:id`, async ({ request }) => {
      updates.push(await request.json());
      await new Promise<void>((resolve) => {
        answer = resolve;
      });
      return HttpResponse.json({ message: 'x' }, { status: 500 });
    }),
  );
  const { user } = mount();
  await loaded();
  const save = screen.getByRole('button', { name: 'Save' });
  await user.click(save);
  await user.dblClick(save);
  expect(save).toBeDisabled();
  await act(async () => answer());
  expect(await screen.findByRole('alert')).toBeInTheDocument();
  expect(updates).toHaveLength(1);
});
