/** Account input rules (docs/product.md sections 5 and 9). */
export const MIN_USERNAME_LENGTH = 3;
export const MIN_EMAIL_LENGTH = 5;
export const MIN_PASSWORD_LENGTH = 8;
export const MIN_TFA_CODE_LENGTH = 6;

/** At least 5 characters and an @, as docs/product.md section 5 says for registration and forgot password. */
export function isAcceptableEmail(email: string): boolean {
  const trimmed = email.trim();
  return trimmed.length >= MIN_EMAIL_LENGTH && trimmed.includes('@');
}
