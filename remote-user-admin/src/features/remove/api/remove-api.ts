import type { ErrorTable } from '@lager/shared';
import { userAdminApi } from '../../../api/generated';

const removeApi = userAdminApi.enhanceEndpoints({
  endpoints: { removeUsers: { invalidatesTags: ['Member'] } },
});

export const { useRemoveUsersMutation } = removeApi;

/** Spec §8, remove users. */
export const REMOVE_USERS_ERRORS: ErrorTable = { fallback: 'errors.removeUsersFailed' };
