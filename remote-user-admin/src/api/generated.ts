import { api } from '@lager/shared';

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
export type Permission = {
  description: string;
  id: number;
  name:
    | 'create_role'
    | 'edit_role'
    | 'delete_role'
    | 'assign_user_role'
    | 'invite_user'
    | 'remove_user'
    | 'view_stock'
    | 'manage_articles'
    | 'book_goods'
    | 'count_stock'
    | 'transfer_stock'
    | 'reverse_movements';
};
export type RoleDetail = {
  description: string | null;
  id: number;
  name: string;
  permissions: Permission[];
};
export type ErrorBody = {
  /** Stable, language-independent error code. */
  code:
    | 'request.invalid'
    | 'request.too_large'
    | 'request.unsupported_media_type'
    | 'not_found'
    | 'throttle'
    | 'server_error'
    | 'service.unavailable'
    | 'csrf.mismatch'
    | 'validation.failed'
    | 'auth.unauthenticated'
    | 'auth.unverified'
    | 'auth.forbidden'
    | 'auth.failed'
    | 'auth.throttled'
    | 'permission.missing'
    | 'email.taken'
    | 'password.incorrect'
    | 'password.current_incorrect'
    | 'reset.invalid_token'
    | 'verify.invalid_link'
    | 'warehouse.not_found'
    | 'warehouse.not_selected'
    | 'warehouse.not_member'
    | 'warehouse.not_owner'
    | 'warehouse.name_taken'
    | 'warehouse.owner_cannot_leave'
    | 'member.not_found'
    | 'member.self'
    | 'role.not_found'
    | 'role.name_taken'
    | 'role.owner_protected'
    | 'role.permission_not_held'
    | 'role.own_role'
    | 'invite.self'
    | 'invite.not_registered'
    | 'invite.already_member'
    | 'invite.exists'
    | 'invitation.not_found'
    | 'invitation.processed'
    | 'invitation.wrong_user'
    | 'stock.insufficient'
    | 'idempotency.missing'
    | 'idempotency.invalid'
    | 'idempotency.mismatch'
    | 'article.not_found'
    | 'article.archived'
    | 'article.has_movements'
    | 'article.sku_taken'
    | 'article.barcode_taken'
    | 'article.barcode_invalid'
    | 'movement.not_found'
    | 'movement.already_reversed'
    | 'movement.is_reversal'
    | 'movement.not_reversible'
    | 'transfer.same_warehouse'
    | 'transfer.target_forbidden'
    | 'transfer.target_article_missing'
    | 'transfer.target_article_archived'
    | 'transfer.unit_mismatch'
    | 'import.invalid';
  errors?: {
    [key: string]: string[];
  };
  message: string;
};
export type Message = {
  message: string;
};
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
