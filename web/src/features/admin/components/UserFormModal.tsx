import { Caption1, Field, makeStyles, Select, Switch, tokens } from '@fluentui/react-components';
import {
  ADMIN_TEXT_LIMITS,
  arbitratorProfileSchema,
  USER_ROLES,
  userBodySchema,
  type AdminUserView,
  type TenantView,
  type UserBodyInput,
  type UserRole,
} from '@ratkaisu/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../ui/TextField';
import { createUser, setArbitrator, updateUser } from '../api/admin-api';
import { useAdminForm } from '../use-admin-form';
import { issueMessage } from '../form-errors';
import { AdminFormModal } from './AdminFormModal';

const useStyles = makeStyles({
  muted: { color: tokens.colorNeutralForeground3 },
  arbitrator: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

/** The arbitrator attribute as the form edits it. */
interface ArbitratorForm {
  enabled: boolean;
  name: string;
  title: string;
}

const arbitratorFormOf = (user: AdminUserView | null): ArbitratorForm => ({
  enabled: user?.arbitrator !== undefined,
  // The name under the signature starts from the account's full name (the administrator may add a title).
  name: user?.arbitrator?.name ?? user?.fullName ?? '',
  title: user?.arbitrator?.title ?? '',
});

function arbitratorChanged(user: AdminUserView, form: ArbitratorForm): boolean {
  if (!form.enabled) return user.arbitrator !== undefined;
  return user.arbitrator?.name !== form.name.trim() || user.arbitrator?.title !== form.title.trim();
}

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
 * Add or edit a user (docs/product.md section 5): userName, email, tenant (chosen by
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
  const [arbitrator, setArbitratorForm] = useState<ArbitratorForm>(() => arbitratorFormOf(user));
  const [arbitratorErrors, setArbitratorErrors] = useState<{ name?: string; title?: string }>({});
  useEffect(() => {
    if (!open) return;
    setArbitratorForm(arbitratorFormOf(user));
    setArbitratorErrors({});
  }, [open, user]);

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
    save: async (body) => {
      if (!user) return onSaved(await createUser(body));
      const saved = await updateUser(user.id, body);
      // The arbitrator attribute has its own audited call.
      if (!arbitratorChanged(user, arbitrator)) return onSaved(saved);
      const profile = arbitrator.enabled ? { name: arbitrator.name.trim(), title: arbitrator.title.trim() } : null;
      onSaved(await setArbitrator(user.id, profile));
    },
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
      onSubmit={(event) => {
        if (user && arbitrator.enabled) {
          const checked = arbitratorProfileSchema.safeParse({ name: arbitrator.name, title: arbitrator.title });
          if (!checked.success) {
            event.preventDefault();
            const errors: { name?: string; title?: string } = {};
            for (const issue of checked.error.issues) {
              const field = issue.path[0];
              if (field === 'name' || field === 'title') errors[field] ??= issueMessage(issue);
            }
            setArbitratorErrors(errors);
            return;
          }
        }
        setArbitratorErrors({});
        void submit(event);
      }}
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
      {user ? (
        <div className={styles.arbitrator}>
          <Switch
            label={t('tribunal.arbitrator')}
            checked={arbitrator.enabled}
            onChange={(_e, data) => setArbitratorForm((current) => ({ ...current, enabled: data.checked }))}
          />
          <Caption1 className={styles.muted}>{t('tribunal.arbitratorHint')}</Caption1>
          {arbitrator.enabled ? (
            <>
              <TextField
                label={t('tribunal.arbitratorName')}
                required
                maxLength={120}
                value={arbitrator.name}
                validationMessage={arbitratorErrors.name}
                onChange={(name) => setArbitratorForm((current) => ({ ...current, name }))}
              />
              <TextField
                label={t('tribunal.arbitratorTitle')}
                required
                maxLength={120}
                value={arbitrator.title}
                validationMessage={arbitratorErrors.title}
                onChange={(title) => setArbitratorForm((current) => ({ ...current, title }))}
              />
            </>
          ) : null}
        </div>
      ) : null}
    </AdminFormModal>
  );
}
