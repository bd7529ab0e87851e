import type { ErrorTable } from '@lager/shared';
import type { DefinitionsFromApi, OverrideResultType } from '@reduxjs/toolkit/query';
import { type GetRoleApiResponse, type RoleDetail, userAdminApi } from '../../../api/generated';

type Generated = DefinitionsFromApi<typeof userAdminApi>;
const unwrapRole = (body: GetRoleApiResponse) => body.role;

const roleAdminApi = userAdminApi.enhanceEndpoints<
  never,
  {
    getRole: OverrideResultType<Generated['getRole'], RoleDetail>;
    createRole: OverrideResultType<Generated['createRole'], RoleDetail>;
    updateRole: OverrideResultType<Generated['updateRole'], RoleDetail>;
  }
>({
  endpoints: {
    listPermissions: { keepUnusedDataFor: 3600 },
    getRole: {
      transformResponse: unwrapRole,
      providesTags: (_result, _error, roleId) => [{ type: 'Role', id: roleId }],
    },
    createRole: { transformResponse: unwrapRole, invalidatesTags: ['Role'] },
    // Editing the role you hold changes what you may do.
    updateRole: { transformResponse: unwrapRole, invalidatesTags: ['Role', 'Permissions'] },
    // Members of a deleted role stay without one.
    deleteRole: { invalidatesTags: ['Role', 'Member', 'Permissions'] },
  },
});

export const {
  useListPermissionsQuery,
  useGetRoleQuery,
  useCreateRoleMutation,
  useUpdateRoleMutation,
  useDeleteRoleMutation,
} = roleAdminApi;

/** Spec §8, save a role (create or edit). */
export const SAVE_ROLE_ERRORS: ErrorTable = {
  'role.name_taken': 'errors.roleNameTaken',
  fallback: 'errors.saveRoleFailed',
};

/** Spec §8, delete roles. */
export const DELETE_ROLES_ERRORS: ErrorTable = { fallback: 'errors.deleteRolesFailed' };
