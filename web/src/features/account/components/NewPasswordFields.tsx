import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../ui/PasswordField';
import type { NewPasswordErrors } from '../password-errors';
import type { FieldState } from './AccountFields';

/** The new password and its confirmation, as the reset and change password forms ask for them. */
export function NewPasswordFields({
  newPassword: [newPassword, setNewPassword],
  confirm: [confirm, setConfirm],
  errors,
}: {
  newPassword: FieldState;
  confirm: FieldState;
  errors: NewPasswordErrors;
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
  return fields.map((field) => <PasswordField key={field.name} {...field} autoComplete="new-password" required />);
}
