import { renderWithProviders } from '@lager/shared/testing';
import { act, screen } from '@testing-library/react';
import { Link, useNavigate } from 'react-router-dom';
import { useScrollRestoration } from './use-scroll-restoration';

function Page() {
  useScrollRestoration();
  const navigate = useNavigate();
  return (
    <>
      <Link to="/second">second</Link>
      <button type="button" onClick={() => navigate(-1)}>
        back
      </button>
    </>
  );
}

let scrollTo: jest.Mock;
function scrollWindowTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

beforeEach(() => {
  scrollTo = jest.fn();
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  scrollWindowTo(0);
});

test('a new page starts at the top; going back restores the saved position', async () => {
  const { user } = renderWithProviders(<Page />, { route: '/first' });
  scrollWindowTo(640);
  scrollTo.mockClear();
  await user.click(screen.getByRole('link', { name: 'second' }));
  expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  scrollWindowTo(120);
  // As the browser would after our scrollTo on the way back.
  scrollTo.mockImplementation((_x: number, y: number) => Object.defineProperty(window, 'scrollY', { value: y }));
  await user.click(screen.getByRole('button', { name: 'back' }));
  expect(screen.getByTestId('location')).toHaveTextContent('/first');
  expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
});

test('positions survive a reload in sessionStorage', async () => {
  const { user, unmount } = renderWithProviders(<Page />, { route: '/first' });
  scrollWindowTo(300);
  await user.click(screen.getByRole('link', { name: 'second' }));
  act(() => {
    window.dispatchEvent(new Event('pagehide'));
  });
  unmount();
  const saved = JSON.parse(window.sessionStorage.getItem('scroll-positions') ?? '[]') as Array<[string, number]>;
  expect(saved.map(([, y]) => y)).toContain(300);
});
