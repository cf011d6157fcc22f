/**
 * The password policy (ASVS 5.0 V6.2, NIST SP 800-63B), shared by the server
 * (which enforces it) and the web forms (which show the same messages first):
 *
 * - at least PASSWORD_MIN_LENGTH characters (docs/product.md's minimum; 15 or more is
 *   recommended on the screens), up to PASSWORD_MAX_LENGTH (well over the 64
 *   that must be accepted, so passphrases and password managers fit);
 * - no composition rules (no "one digit, one capital"): length and not being
 *   guessable are what count;
 * - not one of the common or breached passwords (the list is the server's,
 *   functions/src/services/accounts/common-passwords.ts; compared ignoring
 *   letter case, so "Password1" is "password1");
 * - not containing the account's username or the local part of its email.
 *
 * Characters are counted as code points, so an emoji is one character.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
/** What the strength meter recommends (V6.2.1 recommends 15 for a single factor). */
export const PASSWORD_RECOMMENDED_LENGTH = 15;

export const PASSWORD_MESSAGES = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  common:
    'This password is too common: it appears in lists of leaked passwords. Please choose a longer, less predictable one.',
  containsName: 'The password must not contain your username or email address.',
} as const;

export type PasswordProblem = keyof typeof PASSWORD_MESSAGES;

/** Parts of an identity shorter than this are not looked for (an email "a@x.fi" would refuse every "a"). */
const MIN_NAME_PART = 3;

export interface PasswordContext {
  username?: string;
  email?: string;
  /** The common-password list lookup; the server always passes one, the web when it has loaded the list. */
  isCommon?: (lowerCasePassword: string) => boolean;
}

/** The first rule the password breaks, or undefined when it may be used. */
export function passwordProblem(password: string, context: PasswordContext = {}): PasswordProblem | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (length > PASSWORD_MAX_LENGTH) return 'tooLong';
  const lower = password.toLowerCase();
  if (context.isCommon?.(lower)) return 'common';
  const names = [context.username, context.email, context.email?.split('@')[0]]
    .map((part) => part?.trim().toLowerCase())
    .filter((part): part is string => part !== undefined && part.length >= MIN_NAME_PART);
  if (names.some((name) => lower.includes(name))) return 'containsName';
  return undefined;
}
