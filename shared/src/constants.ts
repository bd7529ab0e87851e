import { LIMITS } from '@lager/contract';

/** Delays of the product spec (§9), in milliseconds. Every timed redirect/reload uses these. */
export const DELAYS = {
  loginReload: 1000,
  logoutReload: 100,
  registrationRedirect: 1000,
  resetRedirect: 1000,
  accountDeleteReload: 1500,
  profileReload: 2000,
  passwordReload: 2000,
  warehouseDeleteReload: 2000,
  warehouseCreateRedirect: 2000,
  warehouseEditRedirect: 2000,
  forgotPasswordRedirect: 2000,
  invalidResetTokenRedirect: 2000,
  inviteReload: 2000,
  invitationHandlerRedirect: 2000,
  guestLeaveClose: 2000,
  verifyReload: 2000,
  resendMessageClear: 2000,
} as const;

/**
 * What the API and the web app agree on (permission names, the owner role, field limits, error
 * codes) lives in @lager/contract, which the API imports too; re-exported here so sections keep
 * importing from @lager/shared. No copies.
 */
export * from '@lager/contract';

export const MOBILE_BREAKPOINT_PX = 1024;
/** Spec §9 (minimum password length), as the API validates it. */
export const MIN_PASSWORD_LENGTH = LIMITS.passwordMin;
export const LANGUAGES = ['de', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de';
export const LANGUAGE_STORAGE_KEY = 'language';
export const PERMISSIONS_STORAGE_KEY = 'permissions';
