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

/**
 * The six stock permissions of stock-spec.md, in its order (ids 7..12 in the database), then
 * stock-spec-2.md's `manage_locations` (id 13), then stock-spec-3 §3's `view_stock_value` and
 * `manage_counts` (ids 18, 19).
 */
export const STOCK_PERMISSION_NAMES = [
  'view_stock',
  'manage_articles',
  'book_goods',
  'count_stock',
  'transfer_stock',
  'reverse_movements',
  'manage_locations',
  // stock-spec-3 §3 (ids 18, 19: after purchasing's).
  'view_stock_value',
  'manage_counts',
] as const;
export type StockPermissionName = (typeof STOCK_PERMISSION_NAMES)[number];

/** The four purchasing permissions of stock-spec-3.md §1 (ids 14..17 in the database). */
export const PURCHASING_PERMISSION_NAMES = [
  'view_purchasing',
  'manage_suppliers',
  'manage_purchase_orders',
  'receive_goods',
] as const;
export type PurchasingPermissionName = (typeof PURCHASING_PERMISSION_NAMES)[number];

/** How the role form groups the permissions ("Benutzer und Rollen" / "Bestand" / "Einkauf"). */
export const PERMISSION_GROUPS = {
  users: PERMISSION_NAMES,
  stock: STOCK_PERMISSION_NAMES,
  purchasing: PURCHASING_PERMISSION_NAMES,
} as const;
export type PermissionGroup = keyof typeof PERMISSION_GROUPS;

/** All nineteen; the owner role holds every one. */
export const ALL_PERMISSION_NAMES = [
  ...PERMISSION_NAMES,
  ...STOCK_PERMISSION_NAMES,
  ...PURCHASING_PERMISSION_NAMES,
] as const;
export type AnyPermissionName = (typeof ALL_PERMISSION_NAMES)[number];

/** Role 1 is the global owner role: no warehouse, every permission, never editable or assignable. */
export const OWNER_ROLE_ID = 1;
