import {
  Badge,
  Body1,
  Button,
  Field,
  Input,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import type { AdminUserView, TenantView } from '@ratkaisu/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteConfirmDialog } from '../../../ui/DeleteConfirmDialog';
import { deleteUser, fixMissingRoles } from '../api/admin-api';
import { useAdminTableStyles } from './admin-styles';
import { Banner } from './ErrorBanner';
import { RoleBadge } from './RoleBadge';
import { TimeAgoText } from './TimeAgoText';
import { UserFormModal } from './UserFormModal';

/** Whether a user matches the filter text: name, email, tenant or role, ignoring case. */
function matches(user: AdminUserView, filter: string): boolean {
  const needle = filter.trim().toLowerCase();
  if (!needle) return true;
  return [user.userName, user.email, user.tenantName, user.tenantDomain, ...user.roles].some((text) =>
    text.toLowerCase().includes(needle),
  );
}

/** The Users tab: filter, refresh, add, edit, delete and fix missing roles (SPEC.md section 2). */
export function UsersTab({
  users,
  tenants,
  isSuperAdmin,
  myId,
  onReload,
  onError,
}: {
  users: AdminUserView[] | null;
  tenants: readonly TenantView[];
  isSuperAdmin: boolean;
  myId: string | null;
  onReload: () => Promise<void>;
  onError: (cause: unknown) => void;
}) {
  const { t } = useTranslation();
  const styles = useAdminTableStyles();
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<{ user: AdminUserView | null } | null>(null);
  const [deleting, setDeleting] = useState<AdminUserView | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const shown = useMemo(() => (users ?? []).filter((user) => matches(user, filter)), [users, filter]);

  // A tenant's Admin cannot change a SuperAdmin (the server refuses), so the buttons are not offered.
  const canManage = (user: AdminUserView) => isSuperAdmin || !user.roles.includes('SuperAdmin');

  const fixRoles = async () => {
    setBusy(true);
    try {
      const { fixed } = await fixMissingRoles();
      setNotice(t('admin.fixedRoles', { count: fixed }));
      await onReload();
    } catch (cause) {
      onError(cause);
    } finally {
      setBusy(false);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteUser(deleting.id);
      setNotice(t('admin.userDeleted', { name: deleting.userName }));
      await onReload();
    } catch (cause) {
      onError(cause);
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  return (
    <div className={styles.root}>
      <div className={styles.toolbar}>
        <Field label={t('admin.filterUsers')} className={styles.grow}>
          <Input
            type="search"
            value={filter}
            placeholder={t('admin.filterUsersPlaceholder')}
            onChange={(_e, data) => setFilter(data.value)}
          />
        </Field>
        <Button onClick={() => void onReload()} disabled={busy}>
          {t('admin.refresh')}
        </Button>
        <Button onClick={() => void fixRoles()} disabled={busy}>
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
        <div className={styles.tableWrap}>
          <Table className={styles.table} aria-label={t('admin.users')}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('admin.name')}</TableHeaderCell>
                <TableHeaderCell>{t('admin.email')}</TableHeaderCell>
                <TableHeaderCell>{t('admin.tenant')}</TableHeaderCell>
                <TableHeaderCell>{t('admin.role')}</TableHeaderCell>
                <TableHeaderCell>{t('admin.status')}</TableHeaderCell>
                <TableHeaderCell>{t('admin.lastLogin')}</TableHeaderCell>
                <TableHeaderCell>{t('admin.actions')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {shown.map((user) => (
                <TableRow key={user.id} data-testid="user-row">
                  <TableCell className={styles.wrap}>{user.userName}</TableCell>
                  <TableCell className={styles.wrap}>{user.email}</TableCell>
                  <TableCell className={styles.wrap}>{user.tenantName || user.tenantDomain}</TableCell>
                  <TableCell>
                    <RoleBadge roles={user.roles} />
                  </TableCell>
                  <TableCell>
                    <Badge appearance="tint" color={user.isActive ? 'success' : 'subtle'}>
                      {user.isActive ? t('admin.active') : t('admin.inactive')}
                    </Badge>
                  </TableCell>
                  <TableCell>
                    {user.lastActivity ? <TimeAgoText value={user.lastActivity} /> : t('admin.never')}
                  </TableCell>
                  <TableCell>
                    {canManage(user) ? (
                      <span className={styles.actions}>
                        <Button
                          size="small"
                          aria-label={`${t('admin.edit')} ${user.userName}`}
                          onClick={() => setEditing({ user })}
                        >
                          {t('admin.edit')}
                        </Button>
                        {user.id === myId ? null : (
                          <Button
                            size="small"
                            aria-label={`${t('admin.delete')} ${user.userName}`}
                            onClick={() => setDeleting(user)}
                          >
                            {t('admin.delete')}
                          </Button>
                        )}
                      </span>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <UserFormModal
        open={editing !== null}
        user={editing?.user ?? null}
        tenants={tenants}
        isSuperAdmin={isSuperAdmin}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void onReload();
        }}
      />
      <DeleteConfirmDialog
        open={deleting !== null}
        busy={busy}
        message={deleting ? t('admin.deleteUserMessage', { name: deleting.userName }) : undefined}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
