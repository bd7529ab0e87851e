export { api, TAGS } from './api/api';
export { axiosBaseQuery, type HttpArgs } from './api/base-query';
export {
  type MyWarehouse,
  type NamedOption,
  type Role,
  type SwitchableWarehouse,
  sharedApi,
  type User,
  useGetUserPermissionsQuery,
  useGetUserQuery,
  useListIndustriesQuery,
  useListMyWarehousesQuery,
  useListRolesQuery,
  useListUsagesQuery,
  useListWarehouseMembersQuery,
  useListWarehouseRolesQuery,
  useListWarehousesQuery,
  useLogoutMutation,
  useSetCurrentWarehouseMutation,
  type WarehouseMember,
} from './api/endpoints';
export {
  type ApiError,
  type AppErrorCode,
  type ErrorMessage,
  type ErrorTable,
  errorKey,
  errorMessage,
  fieldErrorMessages,
  isApiError,
  isThrottled,
  normalizeError,
} from './api/errors';
export { CSRF_COOKIE_PATH, fetchCsrfCookie, http, readCookie, XSRF_COOKIE, XSRF_HEADER } from './api/http';
export * from './auth/auth';
export { RequirePermission } from './auth/require-permission';
export { announceSession, onSessionNews, type SessionNews } from './auth/session-broadcast';
export { browser } from './browser';
export * from './config/runtime-config';
export * from './constants';
export {
  FormFailure,
  type FormSubmit,
  type FormSubmitOptions,
  type Message,
  useFormSubmit,
} from './forms/use-form-submit';
export { usePasswordForm } from './forms/use-password-form';
export { useSingleFlight } from './forms/use-single-flight';
export { useDelayed } from './hooks/use-delayed';
export { useDelayedNavigation } from './hooks/use-delayed-navigation';
export { clearAllDrafts, draftStorageKey, keepOnlyDraftsOf, useDraft } from './hooks/use-draft';
export { useIsMobile, useMediaQuery } from './hooks/use-media-query';
export { sortByName } from './i18n/collate';
export {
  addTranslations,
  currentLanguage,
  getStoredLanguage,
  i18n,
  initI18n,
  isLanguage,
  switchLanguage,
} from './i18n/i18n';
export { AppProviders } from './providers';
export {
  loginPath,
  NEXT_PARAM,
  REASON_PARAM,
  returnPathFrom,
  SESSION_ENDED,
  safeReturnPath,
} from './routing/return-to';
export { namedRoutes, type RouteName, routePatterns } from './routing/routes';
/** GS1-128 scans and lot labels (stock-spec-3 §2). */
export { type Gs1, gs1Date, gs1LotText, gtin14, parseGs1 } from './scan/gs1';
export {
  type AppDispatch,
  type AppStore,
  createAppStore,
  type RootState,
  useAppDispatch,
  useAppSelector,
} from './store';
export { Checklist, ChecklistAction, type ChecklistItem, useListSelection } from './ui/checklist';
export { ChunkBoundary, ChunkFailed, isChunkError, lazyRetry, useRetryKey } from './ui/chunks';
export {
  ConfirmDialog,
  ConfirmedSubmit,
  Dialog,
  PasswordConfirmDialog,
  preloadDialogs,
  setStyleNonce,
} from './ui/dialogs';
export { Alert, Card, EmptyState, Loading, NoPermission, Page, Skeleton } from './ui/feedback';
export { SelectField, type SelectOption, TextField } from './ui/fields';
export { type Feedback, FormActions, FormFeedback } from './ui/form-feedback';
export { translatedOptions } from './ui/options';
export { PageErrorBoundary } from './ui/page-error-boundary';
export { usePageTitle } from './ui/page-title';
export { WarehouseLinks } from './ui/warehouse-links';
export * from './validation';
