import { accountApi } from '../../../api/generated';

const verificationApi = accountApi.enhanceEndpoints({
  // A query (not a mutation) so a double mount (StrictMode, remount) sends the link once.
  endpoints: { verifyEmail: { keepUnusedDataFor: 0 } },
});

export const { useVerifyEmailQuery } = verificationApi;
