import { api, type ErrorTable, type MessageResponse } from '@lager/shared';
import type { Role } from '../../../lib/roles-query';

export interface Permission {
  id: number;
  /** One of the six permission names; the label comes from this section's catalogue. */
  name: string;
  description: string;
}

export interface RoleDetail extends Role {
  permissions: Permission[];
}

// A type alias, not an interface: useDraft needs an index-compatible record.
export type RoleInput = {
  name: string;
  description: string;
  permissions: number[];
};

const roleAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    userAdminPermissions: build.query<Permission[], void>({
      query: () => 'api/admin/permissions',
      keepUnusedDataFor: 3600,
    }),
    userAdminRole: build.query<RoleDetail, number>({
      query: (roleId) => `api/admin/updaterole/${roleId}`,
      transformResponse: (body: { role: RoleDetail }) => body.role,
      providesTags: (_result, _error, roleId) => [{ type: 'Role', id: roleId }],
    }),
    userAdminCreateRole: build.mutation<Role, RoleInput>({
      query: (data) => ({ url: 'api/admin/createrole', method: 'POST', data }),
      transformResponse: (body: { role: Role }) => body.role,
      invalidatesTags: ['Role'],
    }),
    userAdminUpdateRole: build.mutation<RoleDetail, RoleInput & { id: number }>({
      query: ({ id, ...data }) => ({ url: `api/admin/updaterole/${id}`, method: 'PUT', data }),
      transformResponse: (body: { role: RoleDetail }) => body.role,
      // Editing the role you hold changes what you may do.
      invalidatesTags: ['Role', 'Permissions'],
    }),
    userAdminDeleteRole: build.mutation<MessageResponse, { warehouse_id: number; role_id: number }>({
      query: (data) => ({ url: 'api/admin/deleterole', method: 'DELETE', data }),
      // Members of a deleted role stay without one.
      invalidatesTags: ['Role', 'Member', 'Permissions'],
    }),
  }),
  overrideExisting: 'throw',
});

export const {
  useUserAdminPermissionsQuery,
  useUserAdminRoleQuery,
  useUserAdminCreateRoleMutation,
  useUserAdminUpdateRoleMutation,
  useUserAdminDeleteRoleMutation,
} = roleAdminApi;

/** Spec §8, save a role (create or edit). */
export const SAVE_ROLE_ERRORS: ErrorTable = {
  'role.name_taken': 'errors.roleNameTaken',
  fallback: 'errors.saveRoleFailed',
};

/** Spec §8, delete roles. */
export const DELETE_ROLES_ERRORS: ErrorTable = { fallback: 'errors.deleteRolesFailed' };
