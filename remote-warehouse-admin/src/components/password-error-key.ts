import { type ApiError, messageIncludes } from '@lager/shared';

/**
 * Spec §8, the same mapping for deleting and for leaving warehouses: 422 = no password,
 * 403 mentioning 'Incorrect password' = wrong password, anything else = generic error.
 */
export function passwordActionErrorKey(err: ApiError): string {
  if (err.status === 422) return 'common:errors.passwordFieldRequired';
  if (err.status === 403 && messageIncludes(err, 'Incorrect password')) return 'common:errors.incorrectPassword';
  return 'common:errors.errorOccurred';
}
