import { isBlank, isEmail, LIMITS, type Message, tooLong, type User } from '@lager/shared';
import type { UpdateProfileApiArg } from '../../../api/generated';

export type ProfileValues = { name: string; email: string };

/**
 * Spec §5: at least one field, a valid e-mail, the API's length limits (on the field), and each
 * filled field must differ from the current value.
 */
export function profileError(values: ProfileValues, user: User): Message | undefined {
  const name = values.name.trim();
  const email = values.email.trim();
  if (isBlank(name) && isBlank(email)) return 'errors.fillNameOrEmail';
  if (email && !isEmail(email)) return 'common:errors.invalidEmail';
  const long = tooLong(values, { name: LIMITS.nameMax, email: LIMITS.emailMax });
  if (long) return long;
  const sameName = !!name && name === user.name;
  const sameEmail = !!email && email.toLowerCase() === user.email.toLowerCase();
  if (sameName || sameEmail) return 'errors.dataUnchanged';
  return undefined;
}

/** Only filled fields go over the wire (spec §5). */
export function profilePayload(values: ProfileValues): UpdateProfileApiArg {
  const name = values.name.trim();
  const email = values.email.trim();
  return { ...(name && { name }), ...(email && { email }) };
}
