import { setupApiServer } from '@lager/shared/testing';
import { screen, within } from '@testing-library/react';
import { prepareShell, renderShell, shellHandlers } from '../../testing/shell-test-utils';

jest.mock('@module-federation/enhanced/runtime', () => require('../../testing/runtime-stub').runtimeStub());

// A render crash inside the dashboard: one of its cards throws while this is set.
const mockCrash = { on: true };
jest.mock('../dashboard/CurrentWarehouseCard', () => {
  const actual = jest.requireActual('../dashboard/CurrentWarehouseCard');
  return {
    ...actual,
    CurrentWarehouseCard: (props: object) => {
      if (mockCrash.on) throw new Error('render crash');
      return actual.CurrentWarehouseCard(props);
    },
  };
});

setupApiServer(...shellHandlers());
beforeEach(() => {
  prepareShell();
  mockCrash.on = true;
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

test('a crash in the dashboard shows a translated card; header and footer stay, the other pages work', async () => {
  const { user } = renderShell('/dashboard');
  expect(await screen.findByRole('heading', { level: 1, name: 'This page could not be shown' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent('The rest of the app keeps working.');
  expect(screen.getByRole('banner')).toBeInTheDocument();
  expect(screen.getByRole('contentinfo')).toBeInTheDocument();

  const nav = within(screen.getByRole('navigation', { name: 'Main navigation' }));
  await user.click(nav.getByRole('link', { name: 'Warehouse' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Warehouse: Hauptlager' })).toBeInTheDocument();
  expect(screen.queryByText('This page could not be shown')).not.toBeInTheDocument();
});

test('in German; Retry shows the page again once it renders', async () => {
  const { user } = renderShell('/dashboard', 'de');
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Diese Seite konnte nicht angezeigt werden' }),
  ).toBeInTheDocument();
  mockCrash.on = false;
  await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
});
