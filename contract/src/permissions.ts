/** The six warehouse permissions of the product spec, in the spec's order (ids 1..6 in the database). */
export const PERMISSION_NAMES = [
  'create_role',
  'edit_role',
  'delete_role',
  'assign_user_role',
  'invite_user',
  'remove_user',
] as const;
export type PermissionName = (typeof PERMISSION_NAMES)[number];

/** Role 1 is the global owner role: no warehouse, every permission, never editable or assignable. */
export const OWNER_ROLE_ID = 1;
