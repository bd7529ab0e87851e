import { PERMISSION_NAMES, type PermissionName } from '@lager/shared';

/**
 * Spec §6 in one table: which permissions (any-of) show each screen and control.
 * Screens and the permission table test both read it, so they cannot drift apart.
 */
export const REQUIRED = {
  hub: PERMISSION_NAMES,
  inviteCard: ['invite_user'],
  removeCard: ['remove_user'],
  rolesCard: ['create_role', 'edit_role', 'delete_role', 'assign_user_role'],
  rolesScreen: ['create_role', 'edit_role', 'delete_role', 'assign_user_role'],
  newRoleButton: ['create_role'],
  assignButton: ['assign_user_role'],
  editLinks: ['edit_role'],
  deleteControls: ['delete_role'],
  roleList: ['edit_role', 'delete_role'],
  roleForm: ['create_role', 'edit_role', 'delete_role'],
  assignScreen: ['assign_user_role'],
  inviteScreen: ['invite_user'],
  removeScreen: ['remove_user'],
} as const satisfies Record<string, readonly PermissionName[]>;
