import { FULL_NAME_INVALID } from './full-name.js';

/**
 * What the account forms' fields are refused with (register, username check, full name): group `registration` of
 * the catalogue of refusals (core errors/refusals.ts; docs/architecture.md "Errors"). The web shows each beside its
 * field in the user's language.
 */
export const REGISTRATION_MESSAGES = {
  usernameTooShort: 'Username must be at least 3 characters.',
  usernameTooLong: 'Username must be at most 64 characters.',
  usernameCharacters: 'Username may contain letters, digits and the characters . _ - only.',
  emailInvalid: 'Please enter a valid email address.',
  termsRequired: 'You must accept the terms of service.',
  returnToInvalid: 'returnTo must be a path on this site, such as /case-attachment/…',
  promoCodeTooLong: 'Promo code must be at most 64 characters.',
  fullNameInvalid: FULL_NAME_INVALID,
} as const;
