import { api, type MessageResponse } from '@lager/shared';

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
