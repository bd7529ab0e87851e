import { screen } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../testing';
import { EmptyState, Page, Skeleton } from './feedback';
import { TextField } from './fields';
import { usePageTitle } from './page-title';

afterEach(() => {
  document.title = '';
});

test.each([
  ['de', 'Meine Lager', 'Meine Lager – Lager'],
  ['en', 'My warehouses', 'My warehouses – Lager'],
] as const)('%s: a Page sets the browser tab title "<page> – Lager"', (language, title, expected) => {
  renderWithProviders(<Page title={title}>content</Page>, { language });
  expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  expect(document.title).toBe(expected);
});

test('a Page whose heading is not plain text takes documentTitle', () => {
  renderWithProviders(
    <Page title={<span>Lager: Nord</span>} documentTitle="Lager: Nord">
      x
    </Page>,
    { language: 'en' },
  );
  expect(document.title).toBe('Lager: Nord – Lager');
});

function Switching() {
  const [second, setSecond] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setSecond(true)}>
        next
      </button>
      {second ? <Page title="Zweite">b</Page> : <Page title="Erste">a</Page>}
    </>
  );
}

test('the title follows the page shown and goes back to the previous one when a page leaves', async () => {
  document.title = 'Lager';
  const { user, unmount } = renderWithProviders(<Switching />);
  expect(document.title).toBe('Erste – Lager');
  await user.click(screen.getByRole('button', { name: 'next' }));
  expect(document.title).toBe('Zweite – Lager');
  unmount();
  expect(document.title).toBe('Lager');
});

function Hooked({ title }: { title?: string }) {
  usePageTitle(title);
  return null;
}

test('usePageTitle for screens without Page; without a title the tab shows the app name', () => {
  const first = renderWithProviders(<Hooked title="Einladung" />);
  expect(document.title).toBe('Einladung – Lager');
  first.unmount();
  renderWithProviders(<Hooked />, { language: 'en' });
  expect(document.title).toBe('Lager');
});

test('TextField passes maxLength through and ties hint and error to the input', () => {
  renderWithProviders(<TextField label="Name" maxLength={255} hint="At most 255 characters" error="Too long" />);
  const input = screen.getByLabelText('Name');
  expect(input).toHaveAttribute('maxlength', '255');
  expect(input).toHaveAccessibleDescription('At most 255 characters Too long');
  expect(input).toHaveAttribute('aria-invalid', 'true');
});

test('Skeleton: one "loading" announcement, placeholder rows hidden from screen readers', () => {
  const { container } = renderWithProviders(<Skeleton rows={4} />, { language: 'en' });
  expect(screen.getByRole('status')).toHaveTextContent('Loading …');
  expect(container.querySelectorAll('.skeleton-line')).toHaveLength(4);
  expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
});

test('EmptyState: the sentence and the next action', () => {
  renderWithProviders(
    <EmptyState action={<a href="/admin/warehouse/new">Neues Lager</a>}>
      <p>Noch keine Lager.</p>
    </EmptyState>,
  );
  expect(screen.getByText('Noch keine Lager.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Neues Lager' })).toHaveAttribute('href', '/admin/warehouse/new');
});
