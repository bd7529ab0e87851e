import { api } from '@lager/shared';
import type { ErrorBody, Message, Permission, RoleDetail } from '@lager/shared/api/schemas';

const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    createRole: build.mutation<CreateRoleApiResponse, CreateRoleApiArg>({
      query: (queryArg) => ({
        url: `/api/admin/createrole`,
        method: 'POST',
        body: queryArg,
      }),
    }),
    deleteRole: build.mutation<DeleteRoleApiResponse, DeleteRoleApiArg>({
      query: (queryArg) => ({
        url: `/api/admin/deleterole`,
        method: 'DELETE',
        body: queryArg,
      }),
    }),
    listPermissions: build.query<ListPermissionsApiResponse, ListPermissionsApiArg>({
      query: () => ({ url: `/api/admin/permissions` }),
    }),
    getRole: build.query<GetRoleApiResponse, GetRoleApiArg>({
      query: (queryArg) => ({
        url: `/api/admin/updaterole/${encodeURIComponent(String(queryArg))}`,
      }),
    }),
    updateRole: build.mutation<UpdateRoleApiResponse, UpdateRoleApiArg>({
      query: (queryArg) => ({
        url: `/api/admin/updaterole/${encodeURIComponent(String(queryArg.roleId))}`,
        method: 'PUT',
        body: queryArg.body,
      }),
    }),
    assignUserRole: build.mutation<AssignUserRoleApiResponse, AssignUserRoleApiArg>({
      query: (queryArg) => ({
        url: `/api/admin/updateuserrole`,
        method: 'PATCH',
        body: queryArg,
      }),
    }),
    removeUsers: build.mutation<RemoveUsersApiResponse, RemoveUsersApiArg>({
      query: (queryArg) => ({
        url: `/api/admin/warehouse/remove-users`,
        method: 'DELETE',
        body: queryArg,
      }),
    }),
    acceptInvitation: build.mutation<AcceptInvitationApiResponse, AcceptInvitationApiArg>({
      query: (queryArg) => ({
        url: `/api/invitations/accept/${encodeURIComponent(String(queryArg))}`,
        method: 'POST',
      }),
    }),
    declineInvitation: build.mutation<DeclineInvitationApiResponse, DeclineInvitationApiArg>({
      query: (queryArg) => ({
        url: `/api/invitations/decline/${encodeURIComponent(String(queryArg))}`,
        method: 'POST',
      }),
    }),
    sendInvitation: build.mutation<SendInvitationApiResponse, SendInvitationApiArg>({
      query: (queryArg) => ({
        url: `/api/invitations/send`,
        method: 'POST',
        body: queryArg,
      }),
    }),
  }),
  overrideExisting: false,
});

export { injectedRtkApi as userAdminApi };
export type CreateRoleApiResponse = /** status 201 Default Response */ {
  role: RoleDetail;
};
export type CreateRoleApiArg = {
  description?: string | null;
  name: string;
  permissions: number[];
  warehouse_id?: number;
};
export type DeleteRoleApiResponse = /** status 200 Default Response */ Message;
export type DeleteRoleApiArg = {
  role_id: number;
  warehouse_id?: number;
};
export type ListPermissionsApiResponse = /** status 200 Default Response */ Permission[];
export type ListPermissionsApiArg = void;
export type GetRoleApiResponse = /** status 200 Default Response */ {
  role: RoleDetail;
};
export type GetRoleApiArg = number;
export type UpdateRoleApiResponse = /** status 200 Default Response */ {
  message: string;
  role: RoleDetail;
};
export type UpdateRoleApiArg = {
  roleId: number;
  body: {
    description?: string | null;
    name: string;
    permissions: number[];
    warehouse_id?: number;
  };
};
export type AssignUserRoleApiResponse = /** status 200 Default Response */ Message;
export type AssignUserRoleApiArg = {
  new_role_id: number | null;
  user_id: number;
  warehouse_id: number;
};
export type RemoveUsersApiResponse = /** status 200 Default Response */ {
  message: string;
  removed: number;
};
export type RemoveUsersApiArg = {
  user_ids: number[];
  warehouse_id?: number;
};
export type AcceptInvitationApiResponse = /** status 200 Default Response */ {
  message: string;
  warehouse_id: number;
};
export type AcceptInvitationApiArg = string;
export type DeclineInvitationApiResponse = /** status 200 Default Response */ {
  message: string;
  warehouse_id: number;
};
export type DeclineInvitationApiArg = string;
export type SendInvitationApiResponse = /** status 201 Default Response */ Message;
export type SendInvitationApiArg = {
  email: string;
  role_id: number;
  warehouse_id?: number;
};
export type { ErrorBody, Message, Permission, RoleDetail };
export const {
  useCreateRoleMutation,
  useDeleteRoleMutation,
  useListPermissionsQuery,
  useLazyListPermissionsQuery,
  useGetRoleQuery,
  useLazyGetRoleQuery,
  useUpdateRoleMutation,
  useAssignUserRoleMutation,
  useRemoveUsersMutation,
  useAcceptInvitationMutation,
  useDeclineInvitationMutation,
  useSendInvitationMutation,
} = injectedRtkApi;
