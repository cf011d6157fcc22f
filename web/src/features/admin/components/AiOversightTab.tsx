import {
  Body1,
  Button,
  Caption1,
  Card,
  Field,
  Input,
  makeStyles,
  Select,
  Spinner,
  Subtitle2,
  TableCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { AI_LOG_RETENTION_MIN_MONTHS, type AiOversightView, type TenantView } from '@ratkaisu/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/error-message';
import { DataTable } from '../../../ui/DataTable';
import { FormMessage } from '../../../ui/FormMessage';
import { formatDateTime } from '../../../ui/format-date';
import { saveBlob } from '../../../ui/save-blob';
import { finalOutcomeText } from '../../../ui/outcome-text';
import { downloadAiLog, getAiOversight, setAiLogRetention } from '../api/admin-api';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, paddingTop: tokens.spacingVerticalM },
  controls: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'flex-end' },
  cards: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
    gap: tokens.spacingHorizontalM,
  },
  card: { padding: tokens.spacingVerticalM, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  value: { fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, fontWeight: 600 },
  muted: { color: tokens.colorNeutralForeground3 },
  section: { padding: tokens.spacingVerticalM, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  heading: { margin: 0 },
  wrapCell: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', minWidth: '200px' },
});

const thisMonth = () => new Date().toISOString().slice(0, 7);

/**
 * The administrators' AI oversight view (issue 31 item 4): per tenant and month, the AI uses, the citation
 * check's findings, the chapters written again, how much of the AI's text the tribunals changed, the
 * outcomes and the problem reports — computed by the server from stored records. Also the tenant's
 * retention of the AI-use log, and the export of one case's AI-use log for an authority.
 */
export function AiOversightTab({
  tenants,
  onTenantsChanged,
}: {
  tenants: TenantView[] | null;
  onTenantsChanged: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [tenantId, setTenantId] = useState('');
  const [month, setMonth] = useState(thisMonth());
  const [view, setView] = useState<AiOversightView | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [retention, setRetention] = useState('');
  const [retentionMessage, setRetentionMessage] = useState<string | null>(null);
  const [caseId, setCaseId] = useState('');

  useEffect(() => {
    if (!tenantId && tenants && tenants.length > 0) setTenantId(tenants[0]!.id);
  }, [tenants, tenantId]);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      if (!tenantId) return;
      setLoading(true);
      setError(null);
      try {
        const answer = await getAiOversight(tenantId, month, signal);
        setView(answer);
        setRetention(String(answer.retentionMonths));
      } catch (cause) {
        if (!signal?.aborted) setError(errorMessage(cause, t('aiOversight.failed')));
      } finally {
        if (!signal?.aborted) setLoading(false);
      }
    },
    [tenantId, month, t],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
    // Loads when the tenant is first known; later changes wait for Show.
  }, [tenantId]);

  const saveRetention = async () => {
    setRetentionMessage(null);
    setError(null);
    try {
      const saved = await setAiLogRetention(tenantId, Number(retention));
      setRetentionMessage(t('aiOversight.retentionSaved', { months: saved.aiLogRetentionMonths ?? Number(retention) }));
      await onTenantsChanged();
      await load();
    } catch (cause) {
      setError(errorMessage(cause, t('aiOversight.failed')));
    }
  };

  const exportLog = async (format: 'json' | 'pdf') => {
    setError(null);
    try {
      saveBlob(await downloadAiLog(caseId.trim(), format), `AI-log_${caseId.trim()}.${format}`);
    } catch (cause) {
      setError(errorMessage(cause, t('aiOversight.failed')));
    }
  };

  const none = t('aiOversight.none');
  return (
    <div className={styles.root} data-testid="ai-oversight">
      <Body1 as="p">{t('aiOversight.intro')}</Body1>
      <div className={styles.controls}>
        <Field label={t('aiOversight.tenant')}>
          <Select value={tenantId} onChange={(_event, data) => setTenantId(data.value)}>
            {(tenants ?? []).map((tenant) => (
              <option key={tenant.id} value={tenant.id}>
                {tenant.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('aiOversight.month')}>
          <Input type="month" value={month} onChange={(_event, data) => setMonth(data.value)} />
        </Field>
        <Button appearance="primary" onClick={() => void load()} disabled={!tenantId || loading}>
          {t('aiOversight.show')}
        </Button>
      </div>
      <FormMessage intent="error" message={error} />
      {loading ? <Spinner size="small" labelPosition="after" label={t('aiOversight.loading')} /> : null}
      {view ? (
        <>
          <div className={styles.cards}>
            <Card className={styles.card} data-testid="ai-uses">
              <Caption1 className={styles.muted}>{t('aiOversight.uses')}</Caption1>
              <span className={styles.value}>{view.aiUses.total}</span>
              <Caption1>
                {t('aiOversight.usesDetail', {
                  claims: view.aiUses.claimDrafts,
                  decisions: view.aiUses.decisions,
                  regenerations: view.aiUses.chapterRegenerations,
                })}
              </Caption1>
            </Card>
            <Card className={styles.card} data-testid="ai-references">
              <Caption1 className={styles.muted}>{t('aiOversight.references')}</Caption1>
              <span className={styles.value}>{view.references.flaggedPer100 ?? none}</span>
              <Caption1>
                {t('aiOversight.referencesDetail', {
                  flagged: view.references.flagged,
                  checked: view.references.checked,
                })}
              </Caption1>
            </Card>
            <Card className={styles.card}>
              <Caption1 className={styles.muted}>{t('aiOversight.chapters')}</Caption1>
              <span className={styles.value}>{view.chapters.regenerated}</span>
              <Caption1>{t('aiOversight.chaptersDetail', { generated: view.chapters.generated })}</Caption1>
            </Card>
            <Card className={styles.card}>
              <Caption1 className={styles.muted}>{t('aiOversight.changed')}</Caption1>
              <span className={styles.value}>
                {view.tribunalChanges.averageChangedPercent === null
                  ? none
                  : `${view.tribunalChanges.averageChangedPercent} %`}
              </span>
              <Caption1>{t('aiOversight.changedDetail', { count: view.tribunalChanges.awardsAdopted })}</Caption1>
            </Card>
            <Card className={styles.card}>
              <Caption1 className={styles.muted}>{t('aiOversight.outcomes')}</Caption1>
              <span className={styles.value}>{view.outcomes.acceptedByBoth}</span>
              <Caption1>
                {t('aiOversight.outcomesDetail', {
                  decisions: view.outcomes.aiDecisions,
                  requests: view.outcomes.tribunalRequests,
                })}
              </Caption1>
            </Card>
          </div>

          <Card className={styles.section}>
            <Subtitle2 as="h2" id="ai-problem-reports" className={styles.heading}>
              {t('aiOversight.reports')} ({view.problemReports.length})
            </Subtitle2>
            {view.problemReports.length === 0 ? (
              <Body1>{t('aiOversight.reportsNone')}</Body1>
            ) : (
              <DataTable
                aria-labelledby="ai-problem-reports"
                size="small"
                columns={[
                  t('aiOversight.reportedAt'),
                  t('aiOversight.output'),
                  t('aiOversight.kind'),
                  t('aiOversight.where'),
                  t('aiOversight.description'),
                  t('aiOversight.reporter'),
                ]}
              >
                {view.problemReports.map((report) => (
                  <TableRow key={report.id} data-testid="ai-problem-report">
                    <TableCell>{formatDateTime(report.reportedAt)}</TableCell>
                    <TableCell>
                      {t(`aiOversight.outputs.${report.output}`)}
                      {report.disputeId ? (
                        <Caption1 className={styles.muted}> · {report.caseNumber ?? report.disputeId}</Caption1>
                      ) : null}
                      {report.outcome ? (
                        <Caption1 as="p" className={styles.muted} data-testid="ai-problem-report-outcome">
                          {finalOutcomeText(report.outcome, t)}
                        </Caption1>
                      ) : null}
                    </TableCell>
                    <TableCell>{t(`aiProblem.kinds.${report.kind}`)}</TableCell>
                    <TableCell>{report.location || none}</TableCell>
                    <TableCell className={styles.wrapCell}>{report.description}</TableCell>
                    <TableCell>{report.reporter.email ?? report.reporter.role}</TableCell>
                  </TableRow>
                ))}
              </DataTable>
            )}
          </Card>

          <Card className={styles.section}>
            <Subtitle2 as="h2" className={styles.heading}>
              {t('aiOversight.retention')}: {t('aiOversight.retentionMonths', { months: view.retentionMonths })}
            </Subtitle2>
            <div className={styles.controls}>
              <Field label={t('aiOversight.retention')} hint={t('aiOversight.retentionHint')}>
                <Input
                  type="number"
                  min={AI_LOG_RETENTION_MIN_MONTHS}
                  value={retention}
                  onChange={(_event, data) => setRetention(data.value)}
                />
              </Field>
              <Button onClick={() => void saveRetention()}>{t('aiOversight.retentionSave')}</Button>
            </div>
            <FormMessage intent="success" message={retentionMessage} />
          </Card>
        </>
      ) : null}

      <Card className={styles.section}>
        <Subtitle2 as="h2" className={styles.heading}>
          {t('aiOversight.export')}
        </Subtitle2>
        <Caption1 className={styles.muted}>{t('aiOversight.exportHint')}</Caption1>
        <div className={styles.controls}>
          <Field label={t('aiOversight.caseId')}>
            <Input value={caseId} onChange={(_event, data) => setCaseId(data.value)} />
          </Field>
          <Button disabled={!caseId.trim()} onClick={() => void exportLog('json')}>
            {t('aiOversight.exportJson')}
          </Button>
          <Button disabled={!caseId.trim()} onClick={() => void exportLog('pdf')}>
            {t('aiOversight.exportPdf')}
          </Button>
        </div>
      </Card>
    </div>
  );
}
