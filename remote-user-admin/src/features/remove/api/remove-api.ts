import { api, type ErrorTable } from '@lager/shared';

const removeApi = api.injectEndpoints({
  endpoints: (build) => ({
    userAdminRemoveUsers: build.mutation<{ message: string; removed: number }, number[]>({
      query: (user_ids) => ({ url: 'api/admin/warehouse/remove-users', method: 'DELETE', data: { user_ids } }),
      invalidatesTags: ['Member'],
    }),
  }),
  overrideExisting: 'throw',
});

export const { useUserAdminRemoveUsersMutation } = removeApi;

/** Spec §8, remove users. */
export const REMOVE_USERS_ERRORS: ErrorTable = { fallback: 'errors.removeUsersFailed' };
