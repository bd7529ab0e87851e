/**
 * Every `code` an API error body can carry. Stable and language-independent: the web app maps
 * these to its own texts and never reads `message`. Add a code here before the API sends it.
 */
export const ERROR_CODES = [
  // request / framework
  'request.invalid',
  'request.too_large',
  'request.unsupported_media_type',
  'not_found',
  'throttle',
  'server_error',
  // the database is unreachable for a moment (restart, failover): retry after Retry-After seconds
  'service.unavailable',
  'csrf.mismatch',
  'validation.failed',
  // authentication
  'auth.unauthenticated',
  'auth.unverified',
  'auth.forbidden',
  'auth.failed',
  'auth.throttled',
  'permission.missing',
  // account
  'email.taken',
  'password.incorrect',
  'password.current_incorrect',
  'reset.invalid_token',
  'verify.invalid_link',
  // too many reset or verification mails for one account (429 with Retry-After)
  'mail.too_many',
  // warehouses and members
  'warehouse.not_found',
  'warehouse.not_selected',
  'warehouse.not_member',
  'warehouse.not_owner',
  'warehouse.name_taken',
  'warehouse.owner_cannot_leave',
  'member.not_found',
  'member.self',
  // roles
  'role.not_found',
  'role.name_taken',
  'role.owner_protected',
  'role.permission_not_held',
  'role.own_role',
  // invitations
  'invite.self',
  'invite.not_registered',
  'invite.already_member',
  'invite.exists',
  'invitation.not_found',
  'invitation.processed',
  'invitation.wrong_user',
  // stock (stock-spec.md)
  'stock.insufficient',
  // a booking would take one article's stock above the documented maximum (api/src/stock/README.md)
  'stock.limit_exceeded',
  'idempotency.missing',
  'idempotency.invalid',
  'idempotency.mismatch',
  'article.not_found',
  'article.archived',
  'article.has_movements',
  'article.sku_taken',
  'article.barcode_taken',
  'article.barcode_invalid',
  'movement.not_found',
  'movement.already_reversed',
  'movement.is_reversal',
  'movement.not_reversible',
  'transfer.same_warehouse',
  'transfer.target_forbidden',
  'transfer.target_article_missing',
  'transfer.target_article_archived',
  'transfer.unit_mismatch',
  'import.invalid',
  // storage locations (stock-spec-2.md §1)
  'location.not_found',
  'location.archived',
  'location.code_taken',
  'location.has_stock',
  'location.has_children',
  'location.has_movements',
  'location.standard',
  'location.cycle',
  'location.too_deep',
  'location.too_many',
  'relocation.same_location',
  // purchasing (stock-spec-3.md §1)
  'supplier.not_found',
  'supplier.name_taken',
  'supplier.has_orders',
  'supplier.archived',
  'purchase_order.not_found',
  'purchase_order.wrong_status',
  'purchase_order.empty',
  'purchase_order.no_email',
  'purchasing.over_receipt',
  // telemetry (guarded-rollout-spec.md §2)
  'telemetry.cross_site',
  'telemetry.operators_only',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
