import { Field, Input, Switch, Textarea } from '@fluentui/react-components';
import { ADMIN_TEXT_LIMITS, tenantBodySchema, type TenantBodyInput, type TenantView } from '@ratkaisu/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/error-message';
import { createTenant, updateTenant } from '../api/admin-api';
import { issuesByField, serverFieldErrors } from '../form-errors';
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
 * Add or edit a tenant (SPEC.md sections 4 and 5): one modal in create or edit
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
  const [form, setForm] = useState<TenantForm>(() => formOf(tenant));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setForm(formOf(tenant));
    setFieldErrors({});
    setFormError(null);
  }, [open, tenant]);

  const set = (field: keyof TenantForm) => (value: string | boolean) => setForm((old) => ({ ...old, [field]: value }));

  const close = () => {
    if (!saving) onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body: TenantBodyInput = {
      name: form.name.trim(),
      domain: form.domain.trim(),
      azureTenantId: form.azureTenantId.trim(),
      description: form.description.trim(),
      ...(tenant ? { isActive: form.isActive } : {}),
    };
    const checked = tenantBodySchema.safeParse(body);
    if (!checked.success) {
      setFieldErrors(issuesByField(checked.error));
      return;
    }
    setFieldErrors({});
    setFormError(null);
    setSaving(true);
    try {
      const saved = tenant ? await updateTenant(tenant.id, body) : await createTenant(body);
      onSaved(saved);
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
      title={tenant ? t('admin.editTenant') : t('admin.addTenant')}
      formId="admin-tenant-form"
      saving={saving}
      formError={formError}
      onClose={close}
      onSubmit={(event) => void submit(event)}
    >
      <Field label={t('admin.name')} required validationMessage={fieldErrors.name}>
        <Input
          value={form.name}
          maxLength={ADMIN_TEXT_LIMITS.tenantName}
          onChange={(_e, data) => set('name')(data.value)}
        />
      </Field>
      <Field label={t('admin.domain')} required validationMessage={fieldErrors.domain}>
        <Input
          value={form.domain}
          maxLength={ADMIN_TEXT_LIMITS.domain}
          placeholder="example.fi"
          onChange={(_e, data) => set('domain')(data.value)}
        />
      </Field>
      <Field label={t('admin.azureTenantId')} required validationMessage={fieldErrors.azureTenantId}>
        <Input
          value={form.azureTenantId}
          maxLength={ADMIN_TEXT_LIMITS.azureTenantId}
          onChange={(_e, data) => set('azureTenantId')(data.value)}
        />
      </Field>
      <Field label={t('admin.description')} validationMessage={fieldErrors.description}>
        <Textarea
          value={form.description}
          maxLength={ADMIN_TEXT_LIMITS.description}
          onChange={(_e, data) => set('description')(data.value)}
        />
      </Field>
      {tenant ? (
        <Switch
          label={t('admin.active')}
          checked={form.isActive}
          onChange={(_e, data) => set('isActive')(data.checked)}
        />
      ) : null}
    </AdminFormModal>
  );
}
