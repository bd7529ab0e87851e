/** Every field limit the API validates; the web app's forms check the same numbers before sending. */
export const LIMITS = {
  passwordMin: 8,
  passwordMax: 255,
  nameMax: 255,
  emailMax: 255,
  warehouseNameMax: 255,
  roleNameMax: 255,
  roleDescriptionMax: 1000,
  /** Permissions in one role. */
  rolePermissionsMax: 50,
  /** Ids in one bulk request (delete warehouses, remove users). */
  bulkIdsMax: 1000,
  /** Invitation tokens in a link. */
  tokenMax: 128,
} as const;
export type LimitName = keyof typeof LIMITS;
