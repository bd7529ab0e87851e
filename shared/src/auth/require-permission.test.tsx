import { screen } from '@testing-library/react';
import { renderWithProviders, sessionHandlers, setupApiServer, verifiedUser } from '../testing';
import { RequirePermission } from './require-permission';

const server = setupApiServer(...sessionHandlers(verifiedUser, ['invite_user']));

test('any one of the listed permissions is enough', async () => {
  renderWithProviders(
    <RequirePermission anyOf={['create_role', 'invite_user']}>
      <p>Invite form</p>
    </RequirePermission>,
    { language: 'en' },
  );
  expect(await screen.findByText('Invite form')).toBeInTheDocument();
});

test('without any of them the translated no-permission message shows', async () => {
  renderWithProviders(
    <RequirePermission anyOf={['remove_user']}>
      <p>Remove form</p>
    </RequirePermission>,
    { language: 'en' },
  );
  expect(await screen.findByText('You do not have the permissions for this page.')).toBeInTheDocument();
  expect(screen.queryByText('Remove form')).not.toBeInTheDocument();
});

test('a fallback replaces the message (e.g. to hide a card)', async () => {
  server.use(...sessionHandlers(verifiedUser, []));
  renderWithProviders(
    <RequirePermission anyOf={['remove_user']} fallback={<p>hidden</p>}>
      <p>Remove card</p>
    </RequirePermission>,
  );
  expect(await screen.findByText('hidden')).toBeInTheDocument();
});

test('operators (GET api/user is_operator) hold "operator" in no warehouse; other users do not', async () => {
  server.use(...sessionHandlers({ ...verifiedUser, is_operator: true }, []));
  const operator = renderWithProviders(
    <RequirePermission anyOf={['operator']} fallback={<p>hidden</p>}>
      <p>Releases card</p>
    </RequirePermission>,
  );
  expect(await screen.findByText('Releases card')).toBeInTheDocument();
  operator.unmount();
  server.use(...sessionHandlers({ ...verifiedUser, is_operator: false }, ['invite_user']));
  renderWithProviders(
    <RequirePermission anyOf={['operator']} fallback={<p>hidden</p>}>
      <p>Releases card</p>
    </RequirePermission>,
  );
  expect(await screen.findByText('hidden')).toBeInTheDocument();
});
