import {
  Badge,
  Body1,
  Button,
  Caption1,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import type { TenantView } from '@ratkaisu/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteConfirmDialog } from '../../../ui/DeleteConfirmDialog';
import { formatDate } from '../../../ui/format-date';
import { deleteTenant } from '../api/admin-api';
import { useAdminTableStyles } from './admin-styles';
import { TenantFormModal } from './TenantFormModal';

/** The Tenants tab: the list, and for a SuperAdmin add, edit and delete (SPEC.md section 2). */
export function TenantsTab({
  tenants,
  isSuperAdmin,
  onChanged,
  onError,
}: {
  tenants: TenantView[] | null;
  isSuperAdmin: boolean;
  onChanged: () => Promise<void>;
  onError: (cause: unknown) => void;
}) {
  const { t } = useTranslation();
  const styles = useAdminTableStyles();
  const [editing, setEditing] = useState<{ tenant: TenantView | null } | null>(null);
  const [deleting, setDeleting] = useState<TenantView | null>(null);
  const [busy, setBusy] = useState(false);

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteTenant(deleting.id);
      await onChanged();
    } catch (cause) {
      // "This tenant still has 2 users…", "The default tenant cannot be deleted." and the like.
      onError(cause);
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  return (
    <div className={styles.root}>
      <div className={styles.toolbar}>
        {isSuperAdmin ? (
          <Button appearance="primary" onClick={() => setEditing({ tenant: null })}>
            {t('admin.addTenant')}
          </Button>
        ) : (
          <Caption1 className={styles.muted}>{t('admin.tenantsReadOnly')}</Caption1>
        )}
      </div>
      {tenants === null ? (
        <Spinner label={t('admin.loading')} />
      ) : tenants.length === 0 ? (
        <Body1>{t('admin.noTenants')}</Body1>
      ) : (
        <div className={styles.tableWrap}>
          <Table className={styles.table} aria-label={t('admin.tenants')}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('admin.name')}</TableHeaderCell>
                <TableHeaderCell>{t('admin.description')}</TableHeaderCell>
                <TableHeaderCell>{t('admin.domain')}</TableHeaderCell>
                <TableHeaderCell>{t('admin.azureTenantId')}</TableHeaderCell>
                <TableHeaderCell>{t('admin.status')}</TableHeaderCell>
                <TableHeaderCell>{t('admin.created')}</TableHeaderCell>
                {isSuperAdmin ? <TableHeaderCell>{t('admin.actions')}</TableHeaderCell> : null}
              </TableRow>
            </TableHeader>
            <TableBody>
              {tenants.map((tenant) => (
                <TableRow key={tenant.id} data-testid="tenant-row">
                  <TableCell className={styles.wrap}>{tenant.name}</TableCell>
                  <TableCell className={styles.wrap}>{tenant.description ?? ''}</TableCell>
                  <TableCell>{tenant.domain}</TableCell>
                  <TableCell className={styles.wrap}>{tenant.azureTenantId}</TableCell>
                  <TableCell>
                    <Badge appearance="tint" color={tenant.isActive ? 'success' : 'subtle'}>
                      {tenant.isActive ? t('admin.active') : t('admin.inactive')}
                    </Badge>
                  </TableCell>
                  <TableCell>{formatDate(tenant.createdAt)}</TableCell>
                  {isSuperAdmin ? (
                    <TableCell>
                      <span className={styles.actions}>
                        <Button
                          size="small"
                          aria-label={`${t('admin.edit')} ${tenant.name}`}
                          onClick={() => setEditing({ tenant })}
                        >
                          {t('admin.edit')}
                        </Button>
                        {tenant.isDefault ? null : (
                          <Button
                            size="small"
                            aria-label={`${t('admin.delete')} ${tenant.name}`}
                            onClick={() => setDeleting(tenant)}
                          >
                            {t('admin.delete')}
                          </Button>
                        )}
                      </span>
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <TenantFormModal
        open={editing !== null}
        tenant={editing?.tenant ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void onChanged();
        }}
      />
      <DeleteConfirmDialog
        open={deleting !== null}
        busy={busy}
        message={deleting ? t('admin.deleteTenantMessage', { name: deleting.name }) : undefined}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
