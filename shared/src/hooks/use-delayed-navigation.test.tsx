import { act, screen } from '@testing-library/react';
import { browser } from '../browser';
import { DELAYS } from '../constants';
import { renderWithProviders } from '../testing';
import { useDelayedNavigation } from './use-delayed-navigation';

function Done({ reload }: { reload?: boolean }) {
  const { redirectAfter } = useDelayedNavigation();
  return (
    <button
      type="button"
      onClick={() => redirectAfter('/admin/warehouse/my', DELAYS.warehouseEditRedirect, { reload })}
    >
      go
    </button>
  );
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

test('redirects only after the delay, then reloads when asked', async () => {
  const reload = jest.spyOn(browser, 'reload').mockImplementation(() => {});
  const { user } = renderWithProviders(<Done reload />, { route: '/admin/warehouse/edit/3' });
  await user.click(screen.getByRole('button', { name: 'go' }));
  act(() => jest.advanceTimersByTime(DELAYS.warehouseEditRedirect - 1));
  expect(screen.getByTestId('location')).toHaveTextContent('/admin/warehouse/edit/3');
  expect(reload).not.toHaveBeenCalled();
  act(() => jest.advanceTimersByTime(1));
  expect(screen.getByTestId('location')).toHaveTextContent('/admin/warehouse/my');
  expect(reload).toHaveBeenCalledTimes(1);
});

test('a screen that unmounts drops its pending redirect', async () => {
  const reload = jest.spyOn(browser, 'reload').mockImplementation(() => {});
  const { user, unmount } = renderWithProviders(<Done reload />);
  await user.click(screen.getByRole('button', { name: 'go' }));
  unmount();
  act(() => jest.advanceTimersByTime(DELAYS.warehouseEditRedirect));
  expect(reload).not.toHaveBeenCalled();
});
