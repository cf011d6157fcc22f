import { Field, Switch, Textarea } from '@fluentui/react-components';
import { ADMIN_TEXT_LIMITS, tenantBodySchema, type TenantBodyInput, type TenantView } from '@ratkaisu/core';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../ui/TextField';
import { createTenant, updateTenant } from '../api/admin-api';
import { useAdminForm } from '../use-admin-form';
import { AdminFormModal } from './AdminFormModal';

interface TenantForm {
  name: string;
  domain: string;
  azureTenantId: string;
  description: string;
  isActive: boolean;
}

const EMPTY: TenantForm = { name: '', domain: '', azureTenantId: '', description: '', isActive: true };

function formOf(tenant: TenantView | null): TenantForm {
  if (!tenant) return EMPTY;
  return {
    name: tenant.name,
    domain: tenant.domain,
    azureTenantId: tenant.azureTenantId,
    description: tenant.description ?? '',
    isActive: tenant.isActive,
  };
}

/**
 * Add or edit a tenant (docs/product.md sections 4 and 5): one modal in create or edit
 * mode. Name, domain and azureTenantId are required after trimming, checked
 * with the server's own schema; the Active switch appears only when editing.
 */
export function TenantFormModal({
  open,
  tenant,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The tenant being edited; null to create one. */
  tenant: TenantView | null;
  onClose: () => void;
  onSaved: (saved: TenantView) => void;
}) {
  const { t } = useTranslation();
  const { form, setField, textField, fieldErrors, formError, saving, close, submit } = useAdminForm({
    open,
    record: tenant,
    initialForm: () => formOf(tenant),
    toBody: (values): TenantBodyInput => ({
      name: values.name.trim(),
      domain: values.domain.trim(),
      azureTenantId: values.azureTenantId.trim(),
      description: values.description.trim(),
      ...(tenant ? { isActive: values.isActive } : {}),
    }),
    schema: tenantBodySchema,
    save: async (body) => onSaved(tenant ? await updateTenant(tenant.id, body) : await createTenant(body)),
    onClose,
  });

  return (
    <AdminFormModal
      open={open}
      title={tenant ? t('admin.editTenant') : t('admin.addTenant')}
      formId="admin-tenant-form"
      saving={saving}
      formError={formError}
      onClose={close}
      onSubmit={(event) => void submit(event)}
    >
      <TextField label={t('admin.name')} required maxLength={ADMIN_TEXT_LIMITS.tenantName} {...textField('name')} />
      <TextField
        label={t('admin.domain')}
        required
        maxLength={ADMIN_TEXT_LIMITS.domain}
        placeholder="example.fi"
        {...textField('domain')}
      />
      <TextField
        label={t('admin.azureTenantId')}
        required
        maxLength={ADMIN_TEXT_LIMITS.azureTenantId}
        {...textField('azureTenantId')}
      />
      <Field label={t('admin.description')} validationMessage={fieldErrors.description}>
        <Textarea
          value={form.description}
          maxLength={ADMIN_TEXT_LIMITS.description}
          onChange={(_e, data) => setField('description', data.value)}
        />
      </Field>
      {tenant ? (
        <Switch
          label={t('admin.active')}
          checked={form.isActive}
          onChange={(_e, data) => setField('isActive', data.checked)}
        />
      ) : null}
    </AdminFormModal>
  );
}
