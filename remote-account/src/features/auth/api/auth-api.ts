import type { ErrorTable } from '@lager/shared';
import { accountApi } from '../../../api/generated';

// Login invalidates no tag: the spec reloads the page after login, which starts the app afresh;
// refetching the user first would let the route guard unmount this screen before the reload.
const authApi = accountApi.enhanceEndpoints({
  endpoints: { checkEmail: { keepUnusedDataFor: 0 } },
});

export const { useLoginMutation, useRegisterMutation, useLazyCheckEmailQuery } = authApi;

/** Spec §8: any login failure is loginFailed. */
export const LOGIN_ERRORS: ErrorTable = { fallback: 'errors.loginFailed' };

/** Spec §8: the e-mail may have been taken since the check; terms not accepted. */
export const REGISTER_ERRORS: ErrorTable = {
  'email.taken': 'errors.email_unique',
  fields: { email: 'errors.email_unique', accept_terms: 'errors.termsNotAccepted' },
  fallback: 'errors.errorOccurred',
};
