import type { ErrorTable } from '@lager/shared';
import { userAdminApi } from '../../../api/generated';

const assignApi = userAdminApi.enhanceEndpoints({
  endpoints: { assignUserRole: { invalidatesTags: ['Member'] } },
});

export const { useAssignUserRoleMutation } = assignApi;

/** Spec §8, assign role: the server's refusals as catalogue texts, else assignRoleFailed. */
export const ASSIGN_ROLE_ERRORS: ErrorTable = {
  'auth.forbidden': 'errors.actionUnauthorized',
  'permission.missing': 'errors.actionUnauthorized',
  'role.owner_protected': 'errors.ownerRoleProtected',
  'member.self': 'errors.notYourself',
  'member.not_found': 'errors.memberNotFound',
  'role.not_found': 'errors.roleNotFound',
  fallback: 'errors.assignRoleFailed',
};
