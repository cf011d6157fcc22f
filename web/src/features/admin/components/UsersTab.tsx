import { Body1, Button, Spinner, TableCell, TableRow } from '@fluentui/react-components';
import type { AdminUserView, TenantView } from '@ratkaisu/core';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../ui/DataTable';
import { DeleteConfirmDialog } from '../../../ui/DeleteConfirmDialog';
import { TextField } from '../../../ui/TextField';
import { deleteUser, fixMissingRoles } from '../api/admin-api';
import { useRefreshDirectory } from '../api/use-directory';
import { useConfirmedDelete } from '../use-confirmed-delete';
import { ActiveBadge } from './ActiveBadge';
import { useAdminTableStyles } from './admin-styles';
import { Banner } from './ErrorBanner';
import { RoleBadge } from './RoleBadge';
import { RowActions } from './RowActions';
import { TimeAgoText } from './TimeAgoText';
import { UserDataExportDialog } from './UserDataExportDialog';
import { UserFormModal } from './UserFormModal';

const USER_COLUMNS = ['name', 'email', 'tenant', 'role', 'status', 'lastLogin', 'actions'] as const;

/** Whether a user matches the filter text: name, email, tenant or role, ignoring case. */
function matches(user: AdminUserView, filter: string): boolean {
  const needle = filter.trim().toLowerCase();
  if (!needle) return true;
  return [user.userName, user.email, user.tenantName, user.tenantDomain, ...user.roles].some((text) =>
    text.toLowerCase().includes(needle),
  );
}

/** The Users tab: filter, refresh, add, edit, delete, fix missing roles, and a SuperAdmin's copy of a user's data. */
export function UsersTab({
  users,
  tenants,
  isSuperAdmin,
  myId,
  onError,
}: {
  users: AdminUserView[] | null;
  tenants: readonly TenantView[];
  isSuperAdmin: boolean;
  myId: string | null;
  onError: (cause: unknown) => void;
}) {
  const { t } = useTranslation();
  const styles = useAdminTableStyles();
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<{ user: AdminUserView | null } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [copying, setCopying] = useState<AdminUserView | null>(null);
  const reload = useRefreshDirectory();
  const deletion = useConfirmedDelete(async (user: AdminUserView) => {
    await deleteUser(user.id);
    setNotice(t('admin.userDeleted', { name: user.userName }));
    await reload();
  }, onError);
  const fixRoles = useMutation({
    mutationFn: fixMissingRoles,
    onSuccess: ({ fixed }) => {
      setNotice(t('admin.fixedRoles', { count: fixed }));
      return reload();
    },
    onError,
  });
  const fixingRoles = fixRoles.isPending;
  // One call at a time: no refresh or role fix while a delete runs, and the reverse.
  const busy = fixingRoles || deletion.busy;

  const shown = useMemo(() => (users ?? []).filter((user) => matches(user, filter)), [users, filter]);

  // A tenant's Admin cannot change a SuperAdmin (the server refuses), so the buttons are not offered.
  const canManage = (user: AdminUserView) => isSuperAdmin || !user.roles.includes('SuperAdmin');

  return (
    <div className={styles.root}>
      <div className={styles.toolbar}>
        <TextField
          label={t('admin.filterUsers')}
          fieldClassName={styles.grow}
          type="search"
          value={filter}
          placeholder={t('admin.filterUsersPlaceholder')}
          onChange={setFilter}
        />
        <Button onClick={() => void reload()} disabled={busy}>
          {t('admin.refresh')}
        </Button>
        <Button onClick={() => fixRoles.mutate()} disabled={busy}>
          {t('admin.fixMissingRoles')}
        </Button>
        <Button appearance="primary" onClick={() => setEditing({ user: null })}>
          {t('admin.addUser')}
        </Button>
      </div>
      {notice ? <Banner intent="success" message={notice} onDismiss={() => setNotice(null)} /> : null}
      {users === null ? (
        <Spinner label={t('admin.loading')} />
      ) : shown.length === 0 ? (
        <Body1 data-testid="users-empty">{users.length === 0 ? t('admin.noUsers') : t('admin.noUsersMatch')}</Body1>
      ) : (
        <DataTable
          className={styles.table}
          aria-label={t('admin.users')}
          columns={USER_COLUMNS.map((column) => t(`admin.${column}`))}
        >
          {shown.map((user) => (
            <TableRow key={user.id} data-testid="user-row">
              <TableCell className={styles.wrap}>{user.userName}</TableCell>
              <TableCell className={styles.wrap}>{user.email}</TableCell>
              <TableCell className={styles.wrap}>{user.tenantName || user.tenantDomain}</TableCell>
              <TableCell>
                <RoleBadge roles={user.roles} />
              </TableCell>
              <TableCell>
                <ActiveBadge active={user.isActive} />
              </TableCell>
              <TableCell>{user.lastActivity ? <TimeAgoText value={user.lastActivity} /> : t('admin.never')}</TableCell>
              <TableCell>
                {canManage(user) ? (
                  <RowActions
                    name={user.userName}
                    onEdit={() => setEditing({ user })}
                    // Nobody deletes their own account from here.
                    onDelete={user.id === myId ? undefined : () => deletion.ask(user)}
                    // A copy for a data-subject request made to the operator: the route is a SuperAdmin's.
                    extra={isSuperAdmin ? { label: t('admin.copyOfData'), onClick: () => setCopying(user) } : undefined}
                  />
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </DataTable>
      )}
      <UserFormModal
        open={editing !== null}
        user={editing?.user ?? null}
        tenants={tenants}
        isSuperAdmin={isSuperAdmin}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void reload();
        }}
      />
      <UserDataExportDialog user={copying} onClose={() => setCopying(null)} />
      <DeleteConfirmDialog
        {...deletion.dialogProps}
        busy={busy}
        message={deletion.pending ? t('admin.deleteUserMessage', { name: deletion.pending.userName }) : undefined}
      />
    </div>
  );
}
