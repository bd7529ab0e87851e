import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../testing';
import { ConfirmDialog, PasswordConfirmDialog } from './dialogs';

/** A page with controls before and after the opener, like a real screen with header and footer. */
function Screen({ kind }: { kind: 'confirm' | 'password' }) {
  const [open, setOpen] = useState(false);
  const [log, setLog] = useState('');
  return (
    <div>
      <a href="/header-link">Header link</a>
      <button type="button" onClick={() => setOpen(true)}>
        Delete selected
      </button>
      <input aria-label="Behind the dialog" />
      <footer>
        <a href="/footer-link">Footer link</a>
      </footer>
      <p>{log}</p>
      {open && kind === 'confirm' && (
        <ConfirmDialog
          title="Delete roles"
          message="Do you really want to delete 2 roles?"
          confirmLabel="Delete"
          onConfirm={() => setLog('confirmed')}
          onCancel={() => setOpen(false)}
        />
      )}
      {open && kind === 'password' && (
        <PasswordConfirmDialog
          confirmLabel="Delete for good"
          form={{
            busy: false,
            done: false,
            feedback: null,
            submit: ({ password }) => setLog(`password ${password.length}`),
          }}
          onCancel={() => setOpen(false)}
        />
      )}
    </div>
  );
}

async function open(kind: 'confirm' | 'password', language: 'de' | 'en' = 'en') {
  const view = renderWithProviders(<Screen kind={kind} />, { language });
  const opener = screen.getByRole('button', { name: 'Delete selected' });
  await view.user.click(opener);
  return { ...view, opener, dialog: await screen.findByRole('dialog') };
}

test('the confirm dialog is named by its title, described by its question; Cancel has focus first, confirm is red', async () => {
  const { dialog } = await open('confirm');
  expect(dialog).toHaveAccessibleName('Delete roles');
  expect(dialog).toHaveAccessibleDescription('Do you really want to delete 2 roles?');
  await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
  expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveClass('danger');
});

test('Tab and Shift+Tab stay inside the dialog (focus trapped)', async () => {
  const { dialog, user } = await open('confirm');
  await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
  const seen: string[] = [];
  for (let i = 0; i < 6; i += 1) {
    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    seen.push(
      (document.activeElement as HTMLElement).textContent || document.activeElement!.getAttribute('aria-label')!,
    );
  }
  // Delete → Close → (wraps) Cancel → Delete → …
  expect(seen.slice(0, 3)).toEqual(['Delete', 'Close', 'Cancel']);
  await user.tab({ shift: true });
  expect(dialog).toContainElement(document.activeElement as HTMLElement);
});

test('the page behind is hidden from assistive technology while the dialog is open', async () => {
  await open('confirm');
  // Only the dialog's controls are reachable by role; the opener and the footer link are not.
  expect(screen.queryByRole('button', { name: 'Delete selected' })).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Footer link' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
});

test('Escape closes the dialog from any element inside it, and focus returns to the opener', async () => {
  const { user, opener } = await open('password');
  const password = screen.getByLabelText('Password');
  await waitFor(() => expect(password).toHaveFocus());
  // Focus on the last control, not the first: Esc still closes.
  screen.getByRole('button', { name: 'Close' }).focus();
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await waitFor(() => expect(opener).toHaveFocus());
});

test('Escape closes even when focus was moved to the page body', async () => {
  const { user } = await open('confirm');
  (document.activeElement as HTMLElement).blur();
  expect(document.activeElement).toBe(document.body);
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('Cancel and the close button close the dialog and return focus to the opener; confirm does not close it', async () => {
  const { user, opener, dialog } = await open('confirm');
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  expect(screen.getByRole('dialog')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await waitFor(() => expect(opener).toHaveFocus());
  expect(screen.getByText('confirmed')).toBeInTheDocument();

  await user.click(opener);
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(opener).toHaveFocus());
});

test('a click on the overlay does not close the password dialog (a typed password is kept)', async () => {
  const { user } = await open('password');
  await user.type(screen.getByLabelText('Password'), 'secret');
  await user.click(document.querySelector('.dialog-backdrop') as HTMLElement);
  expect(screen.getByRole('dialog')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Delete for good' }));
  expect(await screen.findByText('password 6')).toBeInTheDocument();
});

test('German: default password title and text, close button named "Schließen"', async () => {
  const { dialog } = await open('password', 'de');
  expect(dialog).toHaveAccessibleName('Mit Passwort bestätigen');
  expect(within(dialog).getByRole('button', { name: 'Schließen' })).toBeInTheDocument();
  expect(within(dialog).getByLabelText('Passwort')).toHaveAttribute('autocomplete', 'current-password');
});

test('a dialog opened before its code has loaded shows the backdrop, then the dialog with focus inside', async () => {
  // A module registry of its own (React and i18n with it), where the setup's preload has not happened.
  await jest.isolateModulesAsync(async () => {
    const {
      render,
      screen: view,
      waitFor: eventually,
    } = require('@testing-library/react/pure') as typeof import('@testing-library/react');
    (require('../i18n/i18n') as typeof import('../i18n/i18n')).initI18n('en');
    const { Dialog } = require('./dialogs') as typeof import('./dialogs');
    const { unmount } = render(
      <Dialog title="First dialog" onClose={() => {}}>
        <button type="button">Inside</button>
      </Dialog>,
    );
    expect(document.querySelector('.dialog-backdrop')).toBeInTheDocument();
    expect(view.queryByRole('dialog')).not.toBeInTheDocument();
    const dialog = await view.findByRole('dialog', { name: 'First dialog' });
    await eventually(() => expect(view.getByRole('button', { name: 'Inside' })).toHaveFocus());
    expect(view.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    unmount();
  });
});
