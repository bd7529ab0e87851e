import { api, type MessageResponse } from '@lager/shared';

export interface VerifyEmailArgs {
  id: string;
  hash: string;
  expires: string;
  signature: string;
}

const verificationApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A query (not a mutation) so a double mount (StrictMode, remount) sends the link once.
    accountVerifyEmail: build.query<MessageResponse, VerifyEmailArgs>({
      query: ({ id, hash, expires, signature }) => ({
        url: `api/email/verify/${encodeURIComponent(id)}/${encodeURIComponent(hash)}`,
        params: { expires, signature },
      }),
      keepUnusedDataFor: 0,
    }),
  }),
  overrideExisting: 'throw',
});

export const { useAccountVerifyEmailQuery } = verificationApi;
