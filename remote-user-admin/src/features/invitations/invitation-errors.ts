import { normalizeError } from '@lager/shared';
import { matchesServerText } from '../../lib/server-text';

const PROCESSED_CODES = ['invitation.already_processed', 'invitation.processed'];

/** Spec §8: an already processed invitation (by code, text or status 400) reads as a used link. */
export function invitationErrorKey(error: unknown): string {
  const apiError = normalizeError(error);
  const processed =
    apiError.status === 400 || matchesServerText(apiError, PROCESSED_CODES, 'errors.invitationProcessed');
  return processed ? 'errors.invitationUsed' : 'errors.invitationFailed';
}
