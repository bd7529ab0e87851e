import { api, type ErrorTable, type MessageResponse, type User } from '@lager/shared';

export interface LoginArgs {
  email: string;
  password: string;
}

export interface RegisterArgs {
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
  accept_terms: true;
}

const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    // No tag invalidation: the spec reloads the page after login, which starts the app afresh;
    // refetching the user first would let the route guard unmount this screen before the reload.
    accountLogin: build.mutation<{ user: User }, LoginArgs>({
      query: (data) => ({ url: 'api/login', method: 'POST', data }),
    }),
    accountRegister: build.mutation<MessageResponse, RegisterArgs>({
      query: (data) => ({ url: 'api/register', method: 'POST', data }),
    }),
    accountCheckEmail: build.query<{ available: boolean }, string>({
      query: (email) => ({ url: 'api/check-email', params: { email } }),
      keepUnusedDataFor: 0,
    }),
  }),
  overrideExisting: 'throw',
});

export const { useAccountLoginMutation, useAccountRegisterMutation, useLazyAccountCheckEmailQuery } = authApi;

/** Spec §8: any login failure is loginFailed. */
export const LOGIN_ERRORS: ErrorTable = { fallback: 'errors.loginFailed' };

/** Spec §8: the e-mail may have been taken since the check; terms not accepted. */
export const REGISTER_ERRORS: ErrorTable = {
  'email.taken': 'errors.email_unique',
  fields: { email: 'errors.email_unique', accept_terms: 'errors.termsNotAccepted' },
  fallback: 'errors.errorOccurred',
};
