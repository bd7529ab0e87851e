import { API, HttpResponse, renderWithProviders, rest, type setupApiServer } from '@lager/shared/testing';
import { screen } from '@testing-library/react';
import type { Warehouse } from '../api/generated';
import WarehouseAdminRoutes from '../app/WarehouseAdminRoutes';

/** The section at `route`, mounted the way the shell mounts it (under /admin/warehouse/*). */
export const mountWarehouseAdmin = (route: string, language: 'de' | 'en' = 'en') =>
  renderWithProviders(<WarehouseAdminRoutes />, { route, path: '/admin/warehouse/*', language });

/**
 * A warehouse list whose load (GET `path`) fails once: the page says so and offers Retry, which
 * loads it again and shows `first`, a warehouse on it.
 */
export async function expectRetryAfterFailedLoad(
  server: ReturnType<typeof setupApiServer>,
  path: string,
  mount: () => ReturnType<typeof mountWarehouseAdmin>,
  first: string,
) {
  server.use(rest.get(`${API}${path}`, () => HttpResponse.json({ message: 'x' }, { status: 500 })));
  const { user } = mount();
  expect(await screen.findByRole('alert')).toHaveTextContent('The warehouses could not be loaded.');
  server.resetHandlers();
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('checkbox', { name: first })).toBeInTheDocument();
}

export const warehouse = (id: number, name: string): Warehouse => ({ id, name, industry_id: 1, usage_id: 2 });

/** Options of a select as the user sees them, in order. */
export const optionTexts = (select: HTMLElement) =>
  Array.from((select as HTMLSelectElement).options).map((o) => o.textContent);
