import {
  Badge,
  Body1,
  Button,
  Caption1,
  Field,
  makeStyles,
  mergeClasses,
  Select,
  Spinner,
  TableCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { AUDIT_PAGE_SIZE_DEFAULT, formatIsoDate, type AdminUserView, type AuditLogPage } from '@ratkaisu/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../ui/DataTable';
import { LocaleDatePicker } from '../../../ui/LocaleDatePicker';
import { formatDateTime } from '../../../ui/format-date';
import { saveBlob } from '../../../ui/save-blob';
import { exportAuditLogs, hasAuditFilters, listAuditLogs, NO_AUDIT_FILTERS, type AuditFilters } from '../api/admin-api';
import { AUDIT_FILTER_ACTIONS } from '../audit-actions';
import { pageCount, pageNumbers } from '../pagination';
import { useAdminTableStyles } from './admin-styles';

const useStyles = makeStyles({
  pager: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  pagerInfo: { marginLeft: 'auto', color: tokens.colorNeutralForeground3 },
  filter: { minWidth: '160px' },
  date: { width: '11rem' },
  // Fluent's Input asks for 250px; a date needs less, and the filters must not run into each other.
  datePicker: { width: '100%', minWidth: 0 },
  details: { minWidth: '240px', maxWidth: '420px', overflowWrap: 'anywhere' },
  error: { color: tokens.colorPaletteRedForeground1 },
  nowrap: { whiteSpace: 'nowrap' },
});

const AUDIT_COLUMNS = ['time', 'action', 'user', 'entity', 'result', 'ipAddress', 'details'] as const;

/**
 * The Audit Logs tab (docs/product.md sections 2, 4 and 9): filters, a page of 10
 * entries, at most 5 page numbers, and an Export of the filtered entries as
 * CSV. Any filter change or Clear goes back to page 1. Entry texts are
 * rendered as text by React, never as markup.
 */
export function AuditLogsTab({
  users,
  onError,
}: {
  users: readonly AdminUserView[];
  onError: (cause: unknown) => void;
}) {
  const { t } = useTranslation();
  const table = useAdminTableStyles();
  const styles = useStyles();
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<AuditLogPage | null>(null);
  const [loading, setLoading] = useState(true);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    listAuditLogs(filters, page, AUDIT_PAGE_SIZE_DEFAULT, controller.signal)
      .then(setResult, (cause: unknown) => {
        if (!controller.signal.aborted) onError(cause);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [filters, page, onError]);

  const changeFilter = (key: keyof AuditFilters, value: string) => {
    setFilters((old) => ({ ...old, [key]: value }));
    setPage(1);
  };

  const clear = () => {
    setFilters(NO_AUDIT_FILTERS);
    setPage(1);
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const blob = await exportAuditLogs(filters);
      saveBlob(blob, `audit-log-${formatIsoDate(new Date())}.csv`);
    } catch (cause) {
      onError(cause);
    } finally {
      setExporting(false);
    }
  };

  const totalPages = result ? pageCount(result.totalCount, AUDIT_PAGE_SIZE_DEFAULT) : 0;
  const filtered = hasAuditFilters(filters);
  const first = (page - 1) * AUDIT_PAGE_SIZE_DEFAULT + 1;

  return (
    <div className={table.root}>
      <div className={table.toolbar} role="search" aria-label={t('admin.filters')}>
        <Field label={t('admin.action')} className={styles.filter}>
          <Select value={filters.action} onChange={(_e, data) => changeFilter('action', data.value)}>
            <option value="">{t('admin.allActions')}</option>
            {AUDIT_FILTER_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('admin.user')} className={styles.filter}>
          <Select value={filters.userId} onChange={(_e, data) => changeFilter('userId', data.value)}>
            <option value="">{t('admin.allUsers')}</option>
            {users.map((user) => (
              <option key={user.id} value={user.id}>
                {user.email}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('admin.startDate')} className={styles.date}>
          <LocaleDatePicker
            className={styles.datePicker}
            value={filters.startDate}
            {...(filters.endDate ? { max: filters.endDate } : {})}
            onChange={(value) => changeFilter('startDate', value)}
          />
        </Field>
        <Field label={t('admin.endDate')} className={styles.date}>
          <LocaleDatePicker
            className={styles.datePicker}
            value={filters.endDate}
            {...(filters.startDate ? { min: filters.startDate } : {})}
            onChange={(value) => changeFilter('endDate', value)}
          />
        </Field>
        <Button onClick={clear} disabled={!filtered}>
          {t('admin.clearFilters')}
        </Button>
        <span className={table.grow} />
        <Button
          appearance="primary"
          onClick={() => void exportCsv()}
          disabled={exporting}
          icon={exporting ? <Spinner size="tiny" /> : undefined}
        >
          {t('admin.export')}
        </Button>
      </div>

      {result === null ? (
        loading ? (
          <Spinner label={t('admin.loading')} />
        ) : null
      ) : result.items.length === 0 ? (
        <Body1 data-testid="audit-empty">{filtered ? t('admin.noAuditLogsMatch') : t('admin.noAuditLogs')}</Body1>
      ) : (
        <DataTable
          className={table.table}
          aria-label={t('admin.auditLogs')}
          size="small"
          busy={loading}
          columns={AUDIT_COLUMNS.map((column) => t(`admin.${column}`))}
        >
          {result.items.map((entry) => (
            <TableRow key={entry.id} data-testid="audit-row">
              <TableCell className={styles.nowrap}>{formatDateTime(entry.timestamp)}</TableCell>
              <TableCell>{entry.action}</TableCell>
              <TableCell className={table.wrap}>
                {entry.erased?.includes('userEmail') ? <i>{t('admin.erased')}</i> : (entry.userEmail ?? '')}
              </TableCell>
              <CellWithNote
                className={table.wrap}
                text={entry.entityType}
                note={entry.caseNumber ?? entry.entityId}
                noteClassName={table.muted}
              />
              <TableCell>
                <Badge appearance="tint" color={entry.success ? 'success' : 'danger'}>
                  {entry.success ? t('admin.success') : t('admin.failure')}
                </Badge>
              </TableCell>
              <TableCell>
                {entry.erased?.includes('ipAddress') ? <i>{t('admin.erased')}</i> : (entry.ipAddress ?? '')}
              </TableCell>
              <CellWithNote
                className={styles.details}
                text={entry.erased?.includes('details') ? t('admin.erased') : entry.details}
                note={entry.errorMessage}
                noteClassName={styles.error}
              />
            </TableRow>
          ))}
        </DataTable>
      )}

      {result && totalPages > 1 ? (
        <nav className={styles.pager} aria-label={t('admin.pagination')}>
          <Button size="small" disabled={page <= 1 || loading} onClick={() => setPage(page - 1)}>
            {t('admin.previous')}
          </Button>
          {pageNumbers(page, totalPages).map((number) => (
            <Button
              key={number}
              size="small"
              appearance={number === page ? 'primary' : 'secondary'}
              aria-label={t('admin.page', { page: number })}
              aria-current={number === page ? 'page' : undefined}
              disabled={loading}
              onClick={() => setPage(number)}
            >
              {number}
            </Button>
          ))}
          <Button size="small" disabled={page >= totalPages || loading} onClick={() => setPage(page + 1)}>
            {t('admin.next')}
          </Button>
          <Caption1 className={styles.pagerInfo}>
            {t('admin.showing', {
              from: first,
              to: Math.min(first + AUDIT_PAGE_SIZE_DEFAULT - 1, result.totalCount),
              total: result.totalCount,
            })}
          </Caption1>
        </nav>
      ) : null}
    </div>
  );
}

/** A cell's text with a smaller line below it when there is one (an entity's id, a failure's message). */
function CellWithNote({
  className,
  text,
  note,
  noteClassName,
}: {
  className: string;
  text: string | null | undefined;
  note: string | null | undefined;
  noteClassName: string;
}) {
  const table = useAdminTableStyles();
  return (
    <TableCell className={className}>
      {text ?? ''}
      {note ? <Caption1 className={mergeClasses(noteClassName, table.block)}>{note}</Caption1> : null}
    </TableCell>
  );
}
