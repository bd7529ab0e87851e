import { api, type ErrorTable, type MessageResponse } from '@lager/shared';

export interface AssignRoleInput {
  user_id: number;
  warehouse_id: number;
  new_role_id: number;
}

const assignApi = api.injectEndpoints({
  endpoints: (build) => ({
    userAdminAssignRole: build.mutation<MessageResponse, AssignRoleInput>({
      query: (data) => ({ url: 'api/admin/updateuserrole', method: 'PATCH', data }),
      invalidatesTags: ['Member'],
    }),
  }),
  overrideExisting: 'throw',
});

export const { useUserAdminAssignRoleMutation } = assignApi;

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
