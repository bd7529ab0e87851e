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

const TABLE: Array<{ what: string; route: string; required: string[]; shown: () => boolean }> = [
  { what: 'user-admin hub', route: '/admin/user', required: ALL_PERMISSIONS, shown: screenShown },
  {
    what: 'hub invite card',
    route: '/admin/user',
    required: ['invite_user'],
    shown: () => !!screen.queryByRole('heading', { level: 2, name: 'Invite user' }),
  },
  {
    what: 'hub remove card',
    route: '/admin/user',
    required: ['remove_user'],
    shown: () => !!screen.queryByRole('heading', { level: 2, name: 'Remove users' }),
  },
  {
    what: 'hub roles card',
    route: '/admin/user',
    required: ROLES_SCREEN,
    shown: () => !!screen.queryByRole('heading', { level: 2, name: 'User roles' }),
  },
  { what: 'roles screen', route: '/admin/user/roles', required: ROLES_SCREEN, shown: screenShown },
  {
    what: 'new-role button',
    route: '/admin/user/roles',
    required: ['create_role'],
    shown: () => !!screen.queryByRole('link', { name: 'New role' }),
  },
  {
    what: 'assign button',
    route: '/admin/user/roles',
    required: ['assign_user_role'],
    shown: () => !!screen.queryByRole('link', { name: 'Assign role' }),
  },
  {
    what: 'role list',
    route: '/admin/user/roles',
    required: ['edit_role', 'delete_role'],
    shown: () => !!screen.queryByText(/Lagerist – Bucht Waren/),
  },
  {
    what: 'edit links',
    route: '/admin/user/roles',
    required: ['edit_role'],
    shown: () => !!screen.queryByRole('link', { name: 'Edit: Lagerist' }),
  },
  {
    what: 'delete controls: checkboxes',
    route: '/admin/user/roles',
    required: ['delete_role'],
    shown: () => screen.queryAllByRole('checkbox').length === 3,
  },
  {
    what: 'delete controls: delete selected',
    route: '/admin/user/roles',
    required: ['delete_role'],
    shown: () => !!screen.queryByRole('button', { name: 'Delete selected' }),
  },
  {
    what: 'delete controls: select all',
    route: '/admin/user/roles',
    required: ['delete_role'],
    shown: () => !!screen.queryByRole('button', { name: 'Select all' }),
  },
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
