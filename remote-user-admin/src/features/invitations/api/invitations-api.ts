import type { ErrorTable } from '@lager/shared';
import { userAdminApi } from '../../../api/generated';

export type InvitationAction = 'accept' | 'decline';

export const isInvitationAction = (value: unknown): value is InvitationAction =>
  value === 'accept' || value === 'decline';

// Accepting adds a membership and switches the current warehouse (the page reloads after either).
const ANSWERED = ['User', 'Permissions', 'Warehouse', 'Member', 'Role'] as const;

const invitationsApi = userAdminApi.enhanceEndpoints({
  endpoints: {
    acceptInvitation: { invalidatesTags: [...ANSWERED] },
    declineInvitation: { invalidatesTags: [...ANSWERED] },
  },
});

export const { useAcceptInvitationMutation, useDeclineInvitationMutation } = invitationsApi;

/** Spec §8, invitation handler: an already processed invitation, anything else. */
export const INVITATION_ERRORS: ErrorTable = {
  'invitation.processed': 'errors.invitationUsed',
  // Opened while logged in as someone else: say so, rather than "an error occurred".
  'invitation.wrong_user': 'errors.invitationWrongUser',
  fallback: 'errors.invitationFailed',
};
