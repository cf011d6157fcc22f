/**
 * An account's full name, the one awards and proposals print for counsel and for whoever set a decision's
 * settings: 2–120 characters, starting with a letter, of letters, spaces and the marks
 * names use (. , ' ’ -). One rule for the register screen, the account page and the server.
 */
export const FULL_NAME_MIN_LENGTH = 2;
export const FULL_NAME_MAX_LENGTH = 120;
export const FULL_NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M} .,'’-]*$/u;
export const FULL_NAME_INVALID =
  'Enter your full name as it should appear in documents (2–120 characters, letters only).';

export function isAcceptableFullName(name: string): boolean {
  const trimmed = name.trim();
  return (
    trimmed.length >= FULL_NAME_MIN_LENGTH && trimmed.length <= FULL_NAME_MAX_LENGTH && FULL_NAME_PATTERN.test(trimmed)
  );
}
