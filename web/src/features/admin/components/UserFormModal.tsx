import { Caption1, Field, makeStyles, Select, Switch, tokens } from '@fluentui/react-components';
import {
  ADMIN_TEXT_LIMITS,
  USER_ROLES,
  userBodySchema,
  type AdminUserView,
  type TenantView,
  type UserBodyInput,
  type UserRole,
} from '@ratkaisu/core';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../ui/TextField';
import { createUser, updateUser } from '../api/admin-api';
import { useAdminForm } from '../use-admin-form';
import { AdminFormModal } from './AdminFormModal';

const useStyles = makeStyles({
  muted: { color: tokens.colorNeutralForeground3 },
});

interface UserForm {
  userName: string;
  email: string;
  tenantId: string;
  role: UserRole | '';
  isActive: boolean;
}

function formOf(user: AdminUserView | null, tenants: readonly TenantView[]): UserForm {
  if (!user) {
    // An Admin sees only their own tenant: preselect it.
    return {
      userName: '',
      email: '',
      tenantId: tenants.length === 1 ? tenants[0]!.id : '',
      role: 'User',
      isActive: true,
    };
  }
  return {
    userName: user.userName,
    email: user.email,
    tenantId: user.tenantId,
    role: user.roles[0] ?? '',
    isActive: user.isActive,
  };
}

/**
 * Add or edit a user (SPEC.md section 5): userName, email, tenant (chosen by
 * domain), role, and when editing the Active switch. Only a SuperAdmin is
 * offered the SuperAdmin role.
 */
export function UserFormModal({
  open,
  user,
  tenants,
  isSuperAdmin,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The user being edited; null to create one. */
  user: AdminUserView | null;
  tenants: readonly TenantView[];
  isSuperAdmin: boolean;
  onClose: () => void;
  onSaved: (saved: AdminUserView) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { form, setField, textField, fieldErrors, formError, saving, close, submit } = useAdminForm({
    open,
    record: user,
    initialForm: () => formOf(user, tenants),
    toBody: (values): UserBodyInput => ({
      userName: values.userName.trim(),
      email: values.email.trim(),
      tenantId: values.tenantId,
      roles: values.role ? [values.role] : [],
      ...(user ? { isActive: values.isActive } : {}),
    }),
    schema: userBodySchema,
    save: async (body) => onSaved(user ? await updateUser(user.id, body) : await createUser(body)),
    onClose,
  });

  const roleOptions = USER_ROLES.filter((role) => role !== 'SuperAdmin' || isSuperAdmin);

  return (
    <AdminFormModal
      open={open}
      title={user ? t('admin.editUser') : t('admin.addUser')}
      formId="admin-user-form"
      saving={saving}
      formError={formError}
      onClose={close}
      onSubmit={(event) => void submit(event)}
    >
      <TextField
        label={t('admin.userName')}
        required
        maxLength={ADMIN_TEXT_LIMITS.userName}
        {...textField('userName')}
      />
      <TextField
        label={t('admin.email')}
        required
        type="email"
        maxLength={ADMIN_TEXT_LIMITS.email}
        {...textField('email')}
      />
      <Field label={t('admin.tenant')} required validationMessage={fieldErrors.tenantId}>
        <Select value={form.tenantId} onChange={(_e, data) => setField('tenantId', data.value)}>
          <option value="">{t('admin.chooseTenant')}</option>
          {tenants.map((tenant) => (
            <option key={tenant.id} value={tenant.id}>
              {tenant.domain}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('admin.role')} required validationMessage={fieldErrors.roles}>
        <Select value={form.role} onChange={(_e, data) => setField('role', data.value as UserRole | '')}>
          {form.role === '' ? <option value="">{t('admin.noRole')}</option> : null}
          {roleOptions.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </Select>
      </Field>
      {user ? (
        <Switch
          label={t('admin.active')}
          checked={form.isActive}
          onChange={(_e, data) => setField('isActive', data.checked)}
        />
      ) : (
        <Caption1 className={styles.muted}>{t('admin.inviteNote')}</Caption1>
      )}
    </AdminFormModal>
  );
}
