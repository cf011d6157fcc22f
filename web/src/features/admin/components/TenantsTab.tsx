import { Body1, Button, Caption1, Spinner, TableCell, TableRow } from '@fluentui/react-components';
import type { TenantView } from '@ratkaisu/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../ui/DataTable';
import { DeleteConfirmDialog } from '../../../ui/DeleteConfirmDialog';
import { formatDate } from '../../../ui/format-date';
import { deleteTenant } from '../api/admin-api';
import { useRefreshDirectory } from '../api/use-directory';
import { useConfirmedDelete } from '../use-confirmed-delete';
import { ActiveBadge } from './ActiveBadge';
import { useAdminTableStyles } from './admin-styles';
import { RowActions } from './RowActions';
import { TenantFormModal } from './TenantFormModal';

const TENANT_COLUMNS = ['name', 'description', 'domain', 'azureTenantId', 'status', 'created'] as const;

/** The Tenants tab: the list, and for a SuperAdmin add, edit and delete (docs/product.md section 2). */
export function TenantsTab({
  tenants,
  isSuperAdmin,
  onError,
}: {
  tenants: TenantView[] | null;
  isSuperAdmin: boolean;
  onError: (cause: unknown) => void;
}) {
  const { t } = useTranslation();
  const styles = useAdminTableStyles();
  const [editing, setEditing] = useState<{ tenant: TenantView | null } | null>(null);
  // A change fetches the tenants and the users again (a renamed or deactivated tenant shows in the users' rows).
  const reload = useRefreshDirectory();
  // "This tenant still has 2 users…", "The default tenant cannot be deleted." and the like go to onError.
  const deletion = useConfirmedDelete(async (tenant: TenantView) => {
    await deleteTenant(tenant.id);
    await reload();
  }, onError);

  const columns = [...TENANT_COLUMNS, ...(isSuperAdmin ? (['actions'] as const) : [])].map((column) =>
    t(`admin.${column}`),
  );

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
        <DataTable className={styles.table} aria-label={t('admin.tenants')} columns={columns}>
          {tenants.map((tenant) => (
            <TableRow key={tenant.id} data-testid="tenant-row">
              <TableCell className={styles.wrap}>{tenant.name}</TableCell>
              <TableCell className={styles.wrap}>{tenant.description ?? ''}</TableCell>
              <TableCell>{tenant.domain}</TableCell>
              <TableCell className={styles.wrap}>{tenant.azureTenantId}</TableCell>
              <TableCell>
                <ActiveBadge active={tenant.isActive} />
              </TableCell>
              <TableCell>{formatDate(tenant.createdAt)}</TableCell>
              {isSuperAdmin ? (
                <TableCell>
                  <RowActions
                    name={tenant.name}
                    onEdit={() => setEditing({ tenant })}
                    onDelete={tenant.isDefault ? undefined : () => deletion.ask(tenant)}
                  />
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </DataTable>
      )}
      <TenantFormModal
        open={editing !== null}
        tenant={editing?.tenant ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void reload();
        }}
      />
      <DeleteConfirmDialog
        {...deletion.dialogProps}
        busy={deletion.busy}
        message={deletion.pending ? t('admin.deleteTenantMessage', { name: deletion.pending.name }) : undefined}
      />
    </div>
  );
}
