import { setupApiServer } from '@lager/shared/testing';
import { screen } from '@testing-library/react';
import { ALL_PERMISSIONS, allHandlers, mount, settled } from '../testing/fixtures';

/**
 * Spec §6, one row per screen or control: it must show with exactly the permissions
 * named there (any-of), and with no other single permission or none at all.
 * The lists are written out here, independent of the code's own table.
 */
const NO_PERMISSION = 'You do not have the permissions for this page.';
const screenShown = () => screen.queryByText(NO_PERMISSION) === null;
const ROLES_SCREEN = ['create_role', 'edit_role', 'delete_role', 'assign_user_role'];

interface Row {
  what: string;
  route: string;
  required: string[];
  shown: () => boolean;
}
/** A card of the user-admin hub (/admin/user), found by its heading. */
const hubCard = (what: string, required: string[], heading: string): Row => ({
  what,
  route: '/admin/user',
  required,
  shown: () => !!screen.queryByRole('heading', { level: 2, name: heading }),
});
/** A control of the roles list (/admin/user/roles). */
const onRolesScreen = (what: string, required: string[], shown: () => boolean): Row => ({
  what,
  route: '/admin/user/roles',
  required,
  shown,
});
/** The page has a link or button of that name. */
const shows = (role: 'link' | 'button', name: string) => () => !!screen.queryByRole(role, { name });

const TABLE: Row[] = [
  { what: 'user-admin hub', route: '/admin/user', required: ALL_PERMISSIONS, shown: screenShown },
  hubCard('hub invite card', ['invite_user'], 'Invite user'),
  hubCard('hub remove card', ['remove_user'], 'Remove users'),
  hubCard('hub roles card', ROLES_SCREEN, 'User roles'),
  { what: 'roles screen', route: '/admin/user/roles', required: ROLES_SCREEN, shown: screenShown },
  onRolesScreen('new-role button', ['create_role'], shows('link', 'New role')),
  onRolesScreen('assign button', ['assign_user_role'], shows('link', 'Assign role')),
  onRolesScreen('role list', ['edit_role', 'delete_role'], () => !!screen.queryByText(/Lagerist – Bucht Waren/)),
  onRolesScreen('edit links', ['edit_role'], shows('link', 'Edit: Lagerist')),
  onRolesScreen('delete controls: checkboxes', ['delete_role'], () => screen.queryAllByRole('checkbox').length === 3),
  onRolesScreen('delete controls: delete selected', ['delete_role'], shows('button', 'Delete selected')),
  onRolesScreen('delete controls: select all', ['delete_role'], shows('button', 'Select all')),
  { what: 'new role screen', route: '/admin/user/roles/new', required: ROLES_SCREEN.slice(0, 3), shown: screenShown },
  {
    what: 'edit role screen',
    route: '/admin/user/roles/edit/2',
    required: ROLES_SCREEN.slice(0, 3),
    shown: screenShown,
  },
  { what: 'assign screen', route: '/admin/user/roles/assign', required: ['assign_user_role'], shown: screenShown },
  { what: 'invite screen', route: '/admin/user/invite', required: ['invite_user'], shown: screenShown },
  { what: 'remove screen', route: '/admin/user/remove', required: ['remove_user'], shown: screenShown },
];

const server = setupApiServer(...allHandlers());

const cases = TABLE.flatMap((row) =>
  [...ALL_PERMISSIONS.map((p) => [p]), []].map((held) => ({
    ...row,
    held,
    holding: held.length ? held.join('+') : 'nothing',
    expected: held.some((p) => row.required.includes(p)),
  })),
);

test.each(cases)('$what, holding $holding → shown: $expected', async ({ route, held, expected, shown }) => {
  server.use(...allHandlers(held));
  mount(route);
  await settled();
  expect(shown()).toBe(expected);
});

test('any-of: several permissions together show the union of the controls', async () => {
  server.use(...allHandlers(['create_role', 'edit_role']));
  mount('/admin/user/roles');
  await settled();
  expect(screen.getByRole('link', { name: 'New role' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Edit: Lagerist' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Assign role' })).not.toBeInTheDocument();
  expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
});

test('the no-permission message is translated', async () => {
  server.use(...allHandlers([]));
  mount('/admin/user/invite', 'de');
  await settled();
  expect(screen.getByText('Sie haben keine Berechtigung für diese Seite.')).toBeInTheDocument();
});
