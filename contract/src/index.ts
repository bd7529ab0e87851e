/**
 * @lager/contract: plain constants and literal-union types shared by the API and the web app.
 * No dependencies, no React; the OpenAPI document (`@lager/contract/openapi.json`) is generated.
 */
export { ERROR_CODES, type ErrorCode } from './error-codes';
export { barcodeIsValid, type GtinSymbology, gtinSymbology } from './gtin';
export { LIMITS, type LimitName } from './limits';
export {
  ALL_PERMISSION_NAMES,
  type AnyPermissionName,
  OWNER_ROLE_ID,
  PERMISSION_GROUPS,
  PERMISSION_NAMES,
  type PermissionGroup,
  type PermissionName,
  PURCHASING_PERMISSION_NAMES,
  type PurchasingPermissionName,
  STOCK_PERMISSION_NAMES,
  type StockPermissionName,
} from './permissions';
