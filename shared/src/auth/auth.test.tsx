import { screen, waitFor } from '@testing-library/react';
import { useGetUserQuery } from '../api/endpoints';
import { renderWithProviders, sessionHandlers, setupApiServer, verifiedUser } from '../testing';
import { AuthHeldProvider, useAuth } from './auth';
import { RequirePermission } from './require-permission';

let asked: string[] = [];
const server = setupApiServer(...sessionHandlers(verifiedUser, ['invite_user']));
beforeEach(() => {
  asked = [];
  server.events.on('request:start', ({ request }) => {
    asked.push(new URL(request.url).pathname);
  });
});
afterEach(() => server.events.removeAllListeners());

function Who() {
  const { status, user } = useAuth();
  return <p>{`${status} ${user?.name ?? ''}`}</p>;
}

/** As the shell's AuthGate: it alone subscribes to GET api/user and shows the rest once it answered. */
function Gate({ children }: { children: React.ReactNode }) {
  const { data } = useGetUserQuery();
  return data ? <AuthHeldProvider value={true}>{children}</AuthHeldProvider> : null;
}

test('on its own (a section on its own page), useAuth asks GET api/user itself', async () => {
  renderWithProviders(<Who />);
  expect(await screen.findByText(`verified ${verifiedUser.name}`)).toBeInTheDocument();
  expect(asked).toContain('/api/user');
});

test('below the gate, useAuth reads the answer the gate holds and asks nothing itself', async () => {
  renderWithProviders(
    <AuthHeldProvider value={true}>
      <Who />
    </AuthHeldProvider>,
  );
  // Nobody holds the user here: the reader waits and sends no request of its own.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.getByText('unknown')).toBeInTheDocument();
  expect(asked).toEqual([]);
});

test('below the gate, the answer the gate got reaches every reader', async () => {
  renderWithProviders(
    <Gate>
      <Who />
      <Who />
    </Gate>,
  );
  await waitFor(() => expect(screen.getAllByText(`verified ${verifiedUser.name}`)).toHaveLength(2));
  expect(asked.filter((p) => p === '/api/user')).toHaveLength(1);
});

test('below the gate, permissions not answered yet count as loading (no early "no permission")', async () => {
  renderWithProviders(
    <Gate>
      <RequirePermission anyOf={['invite_user']}>
        <p>Invite form</p>
      </RequirePermission>
    </Gate>,
    { language: 'en' },
  );
  // The gate subscribes to the user only: nobody holds the permissions, so they stay "about to load".
  await waitFor(() => expect(asked).toContain('/api/user'));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.queryByText('You do not have the permissions for this page.')).not.toBeInTheDocument();
  expect(screen.getByRole('status')).toBeInTheDocument();
  expect(asked).not.toContain('/api/user/permissions');
});
