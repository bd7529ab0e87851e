/** Component schemas of contract/openapi.json, written once for every generated endpoint file (scripts/contract-shared-schemas.mjs). */
export type ErrorBody = {
  /** Stable, language-independent error code. */
  code:
    | 'request.invalid'
    | 'request.too_large'
    | 'request.unsupported_media_type'
    | 'not_found'
    | 'throttle'
    | 'server_error'
    | 'service.unavailable'
    | 'csrf.mismatch'
    | 'validation.failed'
    | 'auth.unauthenticated'
    | 'auth.unverified'
    | 'auth.forbidden'
    | 'auth.failed'
    | 'auth.throttled'
    | 'permission.missing'
    | 'email.taken'
    | 'password.incorrect'
    | 'password.current_incorrect'
    | 'reset.invalid_token'
    | 'verify.invalid_link'
    | 'mail.too_many'
    | 'warehouse.not_found'
    | 'warehouse.not_selected'
    | 'warehouse.not_member'
    | 'warehouse.not_owner'
    | 'warehouse.name_taken'
    | 'warehouse.owner_cannot_leave'
    | 'member.not_found'
    | 'member.self'
    | 'role.not_found'
    | 'role.name_taken'
    | 'role.owner_protected'
    | 'role.permission_not_held'
    | 'role.own_role'
    | 'invite.self'
    | 'invite.not_registered'
    | 'invite.already_member'
    | 'invite.exists'
    | 'invitation.not_found'
    | 'invitation.processed'
    | 'invitation.wrong_user'
    | 'stock.insufficient'
    | 'stock.limit_exceeded'
    | 'stock.count_open'
    | 'stock.count_closed'
    | 'stock.count_uncounted'
    | 'stock.count_still_open'
    | 'idempotency.missing'
    | 'idempotency.invalid'
    | 'idempotency.mismatch'
    | 'article.not_found'
    | 'article.archived'
    | 'article.has_movements'
    | 'article.sku_taken'
    | 'article.barcode_taken'
    | 'article.barcode_invalid'
    | 'movement.not_found'
    | 'movement.already_reversed'
    | 'movement.is_reversal'
    | 'movement.not_reversible'
    | 'transfer.same_warehouse'
    | 'transfer.target_forbidden'
    | 'transfer.target_article_missing'
    | 'transfer.target_article_archived'
    | 'transfer.unit_mismatch'
    | 'import.invalid'
    | 'location.not_found'
    | 'location.archived'
    | 'location.code_taken'
    | 'location.has_stock'
    | 'location.has_children'
    | 'location.has_movements'
    | 'location.standard'
    | 'location.cycle'
    | 'location.too_deep'
    | 'location.too_many'
    | 'relocation.same_location'
    | 'lot.required'
    | 'serials.required'
    | 'best_before.required'
    | 'lot.best_before_mismatch'
    | 'lot.not_tracked'
    | 'serial.in_stock'
    | 'article.tracking_locked'
    | 'transfer.tracking_mismatch'
    | 'supplier.not_found'
    | 'supplier.name_taken'
    | 'supplier.has_orders'
    | 'supplier.archived'
    | 'purchase_order.not_found'
    | 'purchase_order.wrong_status'
    | 'purchase_order.empty'
    | 'purchase_order.no_email'
    | 'purchasing.over_receipt'
    | 'telemetry.cross_site'
    | 'telemetry.operators_only';
  errors?: {
    [key: string]: string[];
  };
  message: string;
};
export type Message = {
  message: string;
};
export type NamedOption = {
  id: number;
  name: string;
};
export type Permission = {
  description: string;
  id: number;
  name:
    | 'create_role'
    | 'edit_role'
    | 'delete_role'
    | 'assign_user_role'
    | 'invite_user'
    | 'remove_user'
    | 'view_stock'
    | 'manage_articles'
    | 'book_goods'
    | 'count_stock'
    | 'transfer_stock'
    | 'reverse_movements'
    | 'manage_locations'
    | 'view_stock_value'
    | 'manage_counts'
    | 'view_purchasing'
    | 'manage_suppliers'
    | 'manage_purchase_orders'
    | 'receive_goods';
};
export type Role = {
  description: string | null;
  id: number;
  name: string;
};
export type RoleDetail = {
  description: string | null;
  id: number;
  name: string;
  permissions: Permission[];
};
export type User = {
  current_warehouse_id: number | null;
  email: string;
  email_verified_at: string | null;
  id: number;
  /** GET /api/user only: a verified user whose e-mail is in OPERATOR_EMAILS (shows the Releases section). */
  is_operator?: boolean;
  name: string;
};
export type Warehouse = {
  id: number;
  industry_id: number;
  name: string;
  usage_id: number;
};
