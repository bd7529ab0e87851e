import { api, OWNER_ROLE_ID } from '@lager/shared';

export interface Role {
  id: number;
  name: string;
  description: string | null;
}

/**
 * The roles of a warehouse, used by the roles list, assign and invite screens.
 * Without an id the server answers for the current warehouse (the invite screen's call).
 */
const rolesApi = api.injectEndpoints({
  endpoints: (build) => ({
    userAdminRoles: build.query<Role[], number | undefined>({
      query: (warehouseId) => (warehouseId === undefined ? 'api/admin/roles' : `api/admin/roles/${warehouseId}`),
      // The owner role can be neither assigned nor deleted; the server leaves it out, and so do we.
      transformResponse: (body: { roles: Role[] }) => body.roles.filter((r) => r.id !== OWNER_ROLE_ID),
      providesTags: ['Role'],
    }),
  }),
  overrideExisting: 'throw',
});

export const { useUserAdminRolesQuery } = rolesApi;
