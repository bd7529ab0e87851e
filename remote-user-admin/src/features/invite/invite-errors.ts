import { type ApiError, normalizeError } from '@lager/shared';
import { matchesServerText } from '../../lib/server-text';

/**
 * Spec §8 invite catalogue: stable codes first, then the server text in either language.
 * Codes follow the contract's `invite.not_registered` pattern; the aliases cover backends that spell them differently.
 */
const INVITE_ERRORS = [
  { key: 'errors.inviteNotRegistered', codes: ['invite.not_registered', 'invite.user_not_found'] },
  { key: 'errors.inviteSelf', codes: ['invite.self', 'invite.cannot_invite_self'] },
  { key: 'errors.inviteAlreadyMember', codes: ['invite.already_member', 'invite.member'] },
  { key: 'errors.inviteExists', codes: ['invite.already_invited', 'invite.exists', 'invite.pending'] },
] as const;

/** The catalogue key for a failed invitation. */
export function inviteErrorKey(error: unknown): string {
  const apiError: ApiError = normalizeError(error);
  return INVITE_ERRORS.find((e) => matchesServerText(apiError, e.codes, e.key))?.key ?? 'errors.inviteFailed';
}
