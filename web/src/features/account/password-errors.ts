import type { TFunction } from 'i18next';
import { MIN_PASSWORD_LENGTH } from './account-rules';

/** A password field's error when it is shorter than docs/product.md section 5 allows. */
export function passwordLengthError(password: string, t: TFunction): string | undefined {
  return password.length < MIN_PASSWORD_LENGTH ? t('register.passwordTooShort') : undefined;
}

export interface NewPasswordErrors {
  newPassword?: string;
  confirm?: string;
}

/** A new password typed twice: each long enough, then the two the same. Only failing fields get a key. */
export function newPasswordErrors(newPassword: string, confirm: string, t: TFunction): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  const newPasswordError = passwordLengthError(newPassword, t);
  if (newPasswordError) errors.newPassword = newPasswordError;
  const confirmError =
    passwordLengthError(confirm, t) ?? (confirm !== newPassword ? t('PasswordsDontMatch') : undefined);
  if (confirmError) errors.confirm = confirmError;
  return errors;
}
