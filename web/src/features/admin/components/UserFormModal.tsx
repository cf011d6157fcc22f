import { Caption1, Field, Input, makeStyles, Select, Switch, tokens } from '@fluentui/react-components';
import {
  ADMIN_TEXT_LIMITS,
  USER_ROLES,
  userBodySchema,
  type AdminUserView,
  type TenantView,
  type UserBodyInput,
  type UserRole,
} from '@ratkaisu/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/error-message';
import { createUser, updateUser } from '../api/admin-api';
import { issuesByField, serverFieldErrors } from '../form-errors';
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
  const [form, setForm] = useState<UserForm>(() => formOf(user, tenants));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  // The form starts afresh each time it opens; a reloaded tenant list must not wipe what is being typed.
  const tenantsRef = useRef(tenants);
  tenantsRef.current = tenants;
  useEffect(() => {
    if (!open) return;
    setForm(formOf(user, tenantsRef.current));
    setFieldErrors({});
    setFormError(null);
  }, [open, user]);

  const roleOptions = USER_ROLES.filter((role) => role !== 'SuperAdmin' || isSuperAdmin);

  const close = () => {
    if (!saving) onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body: UserBodyInput = {
      userName: form.userName.trim(),
      email: form.email.trim(),
      tenantId: form.tenantId,
      roles: form.role ? [form.role] : [],
      ...(user ? { isActive: form.isActive } : {}),
    };
    const checked = userBodySchema.safeParse(body);
    if (!checked.success) {
      setFieldErrors(issuesByField(checked.error));
      return;
    }
    setFieldErrors({});
    setFormError(null);
    setSaving(true);
    try {
      onSaved(user ? await updateUser(user.id, body) : await createUser(body));
    } catch (error) {
      setFieldErrors(serverFieldErrors(error));
      setFormError(errorMessage(error, t('admin.genericError')));
    } finally {
      setSaving(false);
    }
  };

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
      <Field label={t('admin.userName')} required validationMessage={fieldErrors.userName}>
        <Input
          value={form.userName}
          maxLength={ADMIN_TEXT_LIMITS.userName}
          onChange={(_e, data) => setForm((old) => ({ ...old, userName: data.value }))}
        />
      </Field>
      <Field label={t('admin.email')} required validationMessage={fieldErrors.email}>
        <Input
          type="email"
          value={form.email}
          maxLength={ADMIN_TEXT_LIMITS.email}
          onChange={(_e, data) => setForm((old) => ({ ...old, email: data.value }))}
        />
      </Field>
      <Field label={t('admin.tenant')} required validationMessage={fieldErrors.tenantId}>
        <Select value={form.tenantId} onChange={(_e, data) => setForm((old) => ({ ...old, tenantId: data.value }))}>
          <option value="">{t('admin.chooseTenant')}</option>
          {tenants.map((tenant) => (
            <option key={tenant.id} value={tenant.id}>
              {tenant.domain}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('admin.role')} required validationMessage={fieldErrors.roles}>
        <Select
          value={form.role}
          onChange={(_e, data) => setForm((old) => ({ ...old, role: data.value as UserRole | '' }))}
        >
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
          onChange={(_e, data) => setForm((old) => ({ ...old, isActive: data.checked }))}
        />
      ) : (
        <Caption1 className={styles.muted}>{t('admin.inviteNote')}</Caption1>
      )}
    </AdminFormModal>
  );
}
