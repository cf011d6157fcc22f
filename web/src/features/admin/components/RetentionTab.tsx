import {
  Body1,
  Button,
  Caption1,
  Card,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  Select,
  Spinner,
  Subtitle2,
  TableCell,
  TableRow,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import {
  CASE_RETENTION_DEFAULT_YEARS,
  CASE_RETENTION_MAX_YEARS,
  CASE_RETENTION_MIN_YEARS,
  type DeletionCertificateView,
  type RetentionCaseView,
  type RetentionOverview,
  type TenantView,
} from '@ratkaisu/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/error-message';
import { DataTable } from '../../../ui/DataTable';
import { FormMessage } from '../../../ui/FormMessage';
import { formatDate } from '../../../ui/format-date';
import { saveBlob } from '../../../ui/save-blob';
import {
  changeLegalHold,
  downloadDeletionCertificate,
  downloadTenantExport,
  getDeletionCertificates,
  getRetentionOverview,
  offboardTenant,
  setCaseRetention,
} from '../api/admin-api';
import { useAdminTableStyles } from './admin-styles';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, paddingTop: tokens.spacingVerticalM },
  section: { padding: tokens.spacingVerticalM, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  heading: { margin: 0 },
  controls: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'flex-end' },
  field: { flex: '1 1 240px', maxWidth: '420px' },
  yearsInput: { width: '7em' },
  muted: { color: tokens.colorNeutralForeground3 },
  hash: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere', fontSize: tokens.fontSizeBase200 },
  list: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL },
});

/**
 * The Retention tab (docs/data-lifecycle.md): each tenant's retention period, the finished cases with their
 * deletion date and legal holds (set and lifted with a reason), the tombstones of deleted cases, and for a
 * SuperAdmin the offboarding of a tenant — its export, its deletion and the certificates of deletion.
 */
export function RetentionTab({ tenants, isSuperAdmin }: { tenants: TenantView[] | null; isSuperAdmin: boolean }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const table = useAdminTableStyles();
  const [overview, setOverview] = useState<RetentionOverview | null>(null);
  const [certificates, setCertificates] = useState<DeletionCertificateView[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [holding, setHolding] = useState<RetentionCaseView | null>(null);

  const load = useCallback(async () => {
    try {
      setOverview(await getRetentionOverview());
      if (isSuperAdmin) setCertificates(await getDeletionCertificates());
    } catch (cause) {
      setLoadError(errorMessage(cause, t('retention.holdFailed')));
    }
  }, [isSuperAdmin, t]);
  useEffect(() => {
    void load();
  }, [load]);

  const caseLabel = (entry: { caseNumber?: string; name: string }) => entry.caseNumber ?? entry.name;

  return (
    <div className={styles.root}>
      <FormMessage intent="error" message={loadError} />
      <Card className={styles.section}>
        <Subtitle2 as="h2" className={styles.heading}>
          {t('retention.periodsTitle')}
        </Subtitle2>
        <Body1>{t('retention.periodsIntro')}</Body1>
        {tenants === null ? <Spinner label={t('admin.loading')} /> : null}
        {(tenants ?? []).map((tenant) => (
          <TenantPeriod key={tenant.id} tenant={tenant} />
        ))}
      </Card>

      <Card className={styles.section}>
        <Subtitle2 as="h2" className={styles.heading}>
          {t('retention.casesTitle')}
        </Subtitle2>
        {overview === null ? (
          <Spinner label={t('admin.loading')} />
        ) : overview.cases.length === 0 ? (
          <Body1>{t('retention.noCases')}</Body1>
        ) : (
          <DataTable
            className={table.table}
            aria-label={t('retention.casesTitle')}
            columns={[
              t('retention.caseColumn'),
              t('retention.finished'),
              t('retention.deleteAfter'),
              t('retention.hold'),
              t('admin.actions'),
            ]}
          >
            {overview.cases.map((entry) => (
              <TableRow key={entry.disputeId} data-testid="retention-case-row">
                <TableCell className={table.wrap}>
                  {caseLabel(entry)}
                  {entry.caseNumber ? <Caption1 className={styles.muted}> {entry.name}</Caption1> : null}
                </TableCell>
                <TableCell>{formatDate(entry.finishedAt)}</TableCell>
                <TableCell>
                  {entry.deleteAfter ? formatDate(entry.deleteAfter) : t('retention.notScheduled')}
                  {entry.warnedAt ? (
                    <Caption1 as="p" className={styles.muted}>
                      {t('retention.warned', { date: formatDate(entry.warnedAt) })}
                    </Caption1>
                  ) : null}
                </TableCell>
                <TableCell className={table.wrap}>
                  {entry.legalHold
                    ? t('retention.holdBy', {
                        reason: entry.legalHold.reason,
                        by: entry.legalHold.setBy,
                        date: formatDate(entry.legalHold.setAt),
                      })
                    : '—'}
                </TableCell>
                <TableCell>
                  <Button size="small" onClick={() => setHolding(entry)}>
                    {entry.legalHold ? t('retention.liftHold') : t('retention.setHold')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </DataTable>
        )}
      </Card>

      <Card className={styles.section}>
        <Subtitle2 as="h2" className={styles.heading}>
          {t('retention.tombstonesTitle')}
        </Subtitle2>
        {overview && overview.tombstones.length === 0 ? <Body1>{t('retention.noTombstones')}</Body1> : null}
        {overview && overview.tombstones.length > 0 ? (
          <DataTable
            className={table.table}
            aria-label={t('retention.tombstonesTitle')}
            columns={[
              t('retention.caseColumn'),
              t('retention.outcome'),
              t('retention.finished'),
              t('retention.deleted'),
              t('retention.awardHash'),
            ]}
          >
            {overview.tombstones.map((entry) => (
              <TableRow key={entry.disputeId} data-testid="retention-tombstone-row">
                <TableCell className={table.wrap}>
                  {caseLabel(entry)}
                  <Caption1 as="p" className={styles.muted}>
                    {entry.claimant.name} – {entry.respondent.name}
                  </Caption1>
                </TableCell>
                <TableCell>{t(`retention.outcomes.${entry.outcome as 'award'}`)}</TableCell>
                <TableCell>{formatDate(entry.finishedAt)}</TableCell>
                <TableCell>{formatDate(entry.deletedAt)}</TableCell>
                <TableCell className={styles.hash}>{entry.awardSha256.join(' ') || '—'}</TableCell>
              </TableRow>
            ))}
          </DataTable>
        ) : null}
      </Card>

      {isSuperAdmin ? <Offboarding tenants={tenants ?? []} certificates={certificates} onDeleted={load} /> : null}

      {holding ? (
        <LegalHoldDialog
          entry={holding}
          title={t(holding.legalHold ? 'retention.liftTitle' : 'retention.holdTitle', { case: caseLabel(holding) })}
          onClose={() => setHolding(null)}
          onDone={async () => {
            setHolding(null);
            await load();
          }}
        />
      ) : null}
    </div>
  );
}

function TenantPeriod({ tenant }: { tenant: TenantView }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [years, setYears] = useState(String(tenant.caseRetentionYears ?? CASE_RETENTION_DEFAULT_YEARS));
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setMessage(null);
    setError(null);
    try {
      const saved = await setCaseRetention(tenant.id, Number(years));
      setMessage(t('retention.saved', { tenant: saved.name, years: saved.caseRetentionYears ?? Number(years) }));
    } catch (cause) {
      setError(errorMessage(cause, t('retention.saveFailed')));
    }
  };
  return (
    <div data-testid="retention-tenant">
      <div className={styles.controls}>
        <Field
          className={styles.field}
          label={`${tenant.name}: ${t('retention.years')}`}
          hint={t('retention.yearsHint', {
            min: CASE_RETENTION_MIN_YEARS,
            max: CASE_RETENTION_MAX_YEARS,
            default: CASE_RETENTION_DEFAULT_YEARS,
          })}
        >
          <Input
            className={styles.yearsInput}
            type="number"
            min={CASE_RETENTION_MIN_YEARS}
            max={CASE_RETENTION_MAX_YEARS}
            value={years}
            onChange={(_event, data) => setYears(data.value)}
          />
        </Field>
        <Button onClick={() => void save()}>{t('retention.save')}</Button>
      </div>
      <FormMessage intent="success" message={message} />
      <FormMessage intent="error" message={error} />
    </div>
  );
}

function LegalHoldDialog({
  entry,
  title,
  onClose,
  onDone,
}: {
  entry: RetentionCaseView;
  title: string;
  onClose: () => void;
  onDone: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await changeLegalHold(entry.disputeId, entry.legalHold ? 'lift' : 'set', reason);
      await onDone();
    } catch (cause) {
      setError(errorMessage(cause, t('retention.holdFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onOpenChange={(_event, data) => (data.open ? undefined : onClose())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            <Body1 as="p">{t('retention.holdIntro')}</Body1>
            <Field label={t('retention.reason')} hint={t('retention.reasonHint')} required>
              <Textarea value={reason} onChange={(_event, data) => setReason(data.value)} resize="vertical" />
            </Field>
            <FormMessage intent="error" message={error} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('retention.cancel')}</Button>
            <Button appearance="primary" disabled={busy} onClick={() => void submit()}>
              {entry.legalHold ? t('retention.liftHold') : t('retention.setHold')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

function Offboarding({
  tenants,
  certificates,
  onDeleted,
}: {
  tenants: TenantView[];
  certificates: DeletionCertificateView[];
  onDeleted: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const candidates = tenants.filter((tenant) => !tenant.isDefault);
  const [tenantId, setTenantId] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState<'export' | 'delete' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const tenant = candidates.find((candidate) => candidate.id === tenantId);

  const exportTenant = async () => {
    if (!tenant) return;
    setBusy('export');
    setError(null);
    try {
      saveBlob(await downloadTenantExport(tenant.id), `Ratkaisu-export_${tenant.domain}.zip`);
    } catch (cause) {
      setError(errorMessage(cause, t('retention.exportFailed')));
    } finally {
      setBusy(null);
    }
  };
  const deleteTenant = async () => {
    if (!tenant) return;
    setBusy('delete');
    setError(null);
    try {
      const certificate = await offboardTenant(tenant.id, confirm);
      saveBlob(await downloadDeletionCertificate(certificate.id), `Certificate-of-deletion_${tenant.domain}.pdf`);
      setTenantId('');
      setConfirm('');
      await onDeleted();
    } catch (cause) {
      setError(errorMessage(cause, t('retention.deleteFailed')));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card className={styles.section}>
      <Subtitle2 as="h2" className={styles.heading}>
        {t('retention.offboardingTitle')}
      </Subtitle2>
      <Body1>{t('retention.offboardingIntro')}</Body1>
      <div className={styles.controls}>
        <Field className={styles.field} label={t('retention.tenant')}>
          <Select value={tenantId} onChange={(_event, data) => setTenantId(data.value)}>
            <option value="">—</option>
            {candidates.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
              </option>
            ))}
          </Select>
        </Field>
        <Button disabled={!tenant || busy !== null} onClick={() => void exportTenant()}>
          {busy === 'export' ? t('retention.exporting') : t('retention.export')}
        </Button>
      </div>
      <div className={styles.controls}>
        <Field className={styles.field} label={t('retention.confirmName')}>
          <Input value={confirm} onChange={(_event, data) => setConfirm(data.value)} disabled={!tenant} />
        </Field>
        <Button
          appearance="primary"
          disabled={!tenant || confirm !== tenant.name || busy !== null}
          onClick={() => void deleteTenant()}
        >
          {t('retention.delete')}
        </Button>
      </div>
      <FormMessage intent="error" message={error} />
      <Subtitle2 as="h3" className={styles.heading}>
        {t('retention.certificatesTitle')}
      </Subtitle2>
      {certificates.length === 0 ? (
        <Body1>{t('retention.noCertificates')}</Body1>
      ) : (
        <ul className={styles.list}>
          {certificates.map((certificate) => (
            <li key={certificate.id}>
              {t('retention.certificateLine', {
                tenant: certificate.tenantName,
                date: formatDate(certificate.deletedAt),
                cases: certificate.cases,
                files: certificate.blobs,
              })}{' '}
              <Button
                size="small"
                appearance="subtle"
                onClick={() =>
                  void downloadDeletionCertificate(certificate.id).then((blob) =>
                    saveBlob(blob, `Certificate-of-deletion_${certificate.tenantId}.pdf`),
                  )
                }
              >
                {t('retention.downloadCertificate')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
