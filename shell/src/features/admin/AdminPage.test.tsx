import { PERMISSION_NAMES } from '@lager/shared';
import { screen, waitFor } from '@testing-library/react';
import { renderShell, setupShellServer, shellHandlers } from '../../testing/shell-test-utils';

jest.mock('@module-federation/enhanced/runtime', () => require('../../testing/runtime-stub').runtimeStub());

const server = setupShellServer();

test.each(PERMISSION_NAMES)('with only %s: both cards', async (permission) => {
  server.use(...shellHandlers({ permissions: [permission] }));
  renderShell('/admin');
  expect(await screen.findByRole('heading', { level: 2, name: 'User administration' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: 'Warehouse administration' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Open User administration' })).toHaveAttribute('href', '/admin/user');
  expect(screen.getByRole('link', { name: 'Open Warehouse administration' })).toHaveAttribute(
    'href',
    '/admin/warehouse',
  );
});

test('without any of the six permissions: only the warehouse card', async () => {
  server.use(...shellHandlers({ permissions: [] }));
  renderShell('/admin', 'de');
  expect(await screen.findByRole('heading', { level: 2, name: 'Lagerverwaltung' })).toBeInTheDocument();
  // Wait until the permission refresh has answered: no loading state left.
  await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  expect(screen.queryByRole('heading', { level: 2, name: 'Benutzerverwaltung' })).not.toBeInTheDocument();
  expect(screen.queryByText('Sie haben keine Berechtigung für diese Seite.')).not.toBeInTheDocument();
});
