import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../ui/PasswordField';
import type { NewPasswordErrors } from '../password-errors';
import type { FieldState } from './AccountFields';
import { PasswordStrength } from './PasswordStrength';

/** The new password and its confirmation, as the reset and change password forms ask for them. */
export function NewPasswordFields({
  newPassword: [newPassword, setNewPassword],
  confirm: [confirm, setConfirm],
  errors,
  username,
  email,
}: {
  newPassword: FieldState;
  confirm: FieldState;
  errors: NewPasswordErrors;
  /** The account's, when known: the strength meter warns of a password containing them. */
  username?: string;
  email?: string;
}) {
  const { t } = useTranslation();
  const fields = [
    {
      label: t('accountPages.newPassword'),
      name: 'newPassword',
      value: newPassword,
      onChange: setNewPassword,
      validationMessage: errors.newPassword,
    },
    {
      label: t('accountPages.confirmPassword'),
      name: 'confirmPassword',
      value: confirm,
      onChange: setConfirm,
      validationMessage: errors.confirm,
    },
  ];
  const [first, second] = fields.map((field) => (
    <PasswordField key={field.name} {...field} autoComplete="new-password" required />
  ));
  return (
    <>
      {first}
      <PasswordStrength password={newPassword} username={username} email={email} />
      {second}
    </>
  );
}
