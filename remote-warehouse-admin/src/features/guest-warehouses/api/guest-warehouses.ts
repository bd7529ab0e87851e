import type { ErrorTable } from '@lager/shared';

/** Spec §8, leave guest warehouse: the same mapping as deleting. */
export const LEAVE_WAREHOUSE_ERRORS: ErrorTable = {
  'validation.failed': 'common:errors.passwordFieldRequired',
  'password.incorrect': 'common:errors.incorrectPassword',
  fallback: 'common:errors.errorOccurred',
};
