/**
 * The platform's texts (sessions, authorization, input, validation), per language; every module adds
 * its own (`modules/<feature>/messages.ts`, registered by app.ts). Texts marked "matched" are compared verbatim by
 * the web app (api-contract.md); do not reword them. Where the contract asks a phrase to be
 * contained in any language ("Incorrect password", "already taken"), the German text keeps it
 * in brackets: the web app shows its own translation, so users never read the bracket.
 */
export const en = {
  unauthenticated: 'Unauthenticated.',
  csrfMismatch: 'CSRF token mismatch.', // matched
  notVerified: 'Your email address is not verified.',
  forbidden: 'This action is unauthorized.',
  notFound: 'Not Found',
  serverError: 'Server Error',
  serviceUnavailable: 'The service is briefly unavailable. Please try again in a moment.',
  throttled: 'Too Many Attempts.',
  loginThrottled: 'Too many login attempts. Please try again in {seconds} seconds.',
  payloadTooLarge: 'The request is too large.',
  badRequest: 'The request could not be read.',
  incorrectPassword: 'Incorrect password.', // "Incorrect password" matched as substring
  noWarehouseSelected: 'No warehouse selected.',
  notAMember: 'You are not a member of this warehouse.',
  notOwner: 'Only the owner may do this.',
  ownerRoleProtected: 'The owner role can be neither assigned nor removed.',
  ownRoleNotEditable: 'You cannot edit the role you hold.',
  permissionNotHeld: 'You cannot grant a permission you do not hold yourself.',
  roleNotFound: 'Role not found.',
  warehouseNotFound: 'Warehouse not found.',
  // Laravel-style validation texts; {field} is the attribute name with spaces.
  'validation.summary': '{first} (and {count} more error(s))',
  'validation.required': 'The {field} field is required.',
  'validation.email': 'The {field} field must be a valid email address.',
  'validation.min': 'The {field} field must be at least {min} characters.',
  'validation.max': 'The {field} field must not be greater than {max} characters.',
  'validation.minItems': 'The {field} field must have at least {min} items.',
  'validation.integer': 'The {field} field must be an integer.',
  'validation.string': 'The {field} field must be a string.',
  'validation.boolean': 'The {field} field must be true or false.',
  'validation.array': 'The {field} field must be an array.',
  'validation.confirmed': 'The {field} field confirmation does not match.',
  'validation.accepted': 'The {field} field must be accepted.',
  'validation.exists': 'The selected {field} is invalid.',
  'validation.invalid': 'The {field} field is invalid.',
} as const;

export type PlatformMessageKey = keyof typeof en;

export const de: Record<PlatformMessageKey, string> = {
  unauthenticated: 'Unauthenticated.',
  csrfMismatch: 'CSRF token mismatch.',
  notVerified: 'Ihre E-Mail-Adresse ist nicht verifiziert.',
  forbidden: 'Diese Aktion ist nicht erlaubt.',
  notFound: 'Nicht gefunden',
  serverError: 'Serverfehler',
  serviceUnavailable: 'Der Dienst ist kurz nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
  throttled: 'Zu viele Versuche.',
  loginThrottled: 'Zu viele Anmeldeversuche. Bitte versuchen Sie es in {seconds} Sekunden erneut.',
  payloadTooLarge: 'Die Anfrage ist zu groß.',
  badRequest: 'Die Anfrage konnte nicht gelesen werden.',
  incorrectPassword: 'Falsches Passwort (Incorrect password).',
  noWarehouseSelected: 'Kein Lager ausgewählt.',
  notAMember: 'Sie sind kein Mitglied dieses Lagers.',
  notOwner: 'Nur der Eigentümer darf das tun.',
  ownerRoleProtected: 'Die Eigentümerrolle kann weder vergeben noch entzogen werden.',
  ownRoleNotEditable: 'Die eigene Rolle können Sie nicht bearbeiten.',
  permissionNotHeld: 'Sie können keine Berechtigung vergeben, die Sie selbst nicht haben.',
  roleNotFound: 'Rolle nicht gefunden.',
  warehouseNotFound: 'Lager nicht gefunden.',
  'validation.summary': '{first} (und {count} weitere(r) Fehler)',
  'validation.required': 'Das Feld {field} ist erforderlich.',
  'validation.email': 'Das Feld {field} muss eine gültige E-Mail-Adresse sein.',
  'validation.min': 'Das Feld {field} muss mindestens {min} Zeichen lang sein.',
  'validation.max': 'Das Feld {field} darf maximal {max} Zeichen lang sein.',
  'validation.minItems': 'Das Feld {field} muss mindestens {min} Einträge haben.',
  'validation.integer': 'Das Feld {field} muss eine ganze Zahl sein.',
  'validation.string': 'Das Feld {field} muss ein Text sein.',
  'validation.boolean': 'Das Feld {field} muss wahr oder falsch sein.',
  'validation.array': 'Das Feld {field} muss eine Liste sein.',
  'validation.confirmed': 'Die Bestätigung des Feldes {field} stimmt nicht überein.',
  'validation.accepted': 'Das Feld {field} muss akzeptiert werden.',
  'validation.exists': 'Der gewählte Wert für {field} ist ungültig.',
  'validation.invalid': 'Das Feld {field} ist ungültig.',
};
