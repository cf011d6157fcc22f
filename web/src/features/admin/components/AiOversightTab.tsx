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
  tokens,
} from '@fluentui/react-components';
import {
  AI_LOG_RETENTION_MAX_MONTHS,
  AI_LOG_RETENTION_MIN_MONTHS,
  type AiOversightView,
  type TenantView,
} from '@ratkaisu/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/error-message';
import { FormMessage } from '../../../ui/FormMessage';
import { EvaluationsCard } from './EvaluationsCard';
import { formatDateTime } from '../../../ui/format-date';
import { saveBlob } from '../../../ui/save-blob';
import { finalOutcomeText } from '../../../ui/outcome-text';
import { downloadAiLog, getAiOversight, setAiLogRetention } from '../api/admin-api';
import { adminKeys } from '../api/query-keys';
import { useRefreshDirectory } from '../api/use-directory';

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
  wrapCell: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  reports: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  report: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    paddingBlock: tokens.spacingVerticalS,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  reportCase: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  retentionField: { flex: '1 1 280px', maxWidth: '560px' },
  monthsInput: { width: '8em' },
  meaning: { color: tokens.colorNeutralForeground3, marginTop: tokens.spacingVerticalXS },
});

/** The months the picker offers: this one and the 23 before it, newest first (YYYY-MM). */
const MONTHS_OFFERED = 24;

export function recentMonths(now: Date, count = MONTHS_OFFERED): string[] {
  const months: string[] = [];
  for (let back = 0; back < count; back++) {
    const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push(at.toISOString().slice(0, 7));
  }
  return months;
}

/** "November 2026" / "marraskuu 2026": a month as the UI's language names it. */
export function monthLabel(month: string, language: string): string {
  const at = new Date(`${month}-01T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return month;
  return new Intl.DateTimeFormat(language.startsWith('fi') ? 'fi-FI' : 'en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(at);
}

/** A share per 100 with one decimal, or null without a base. */
const per100 = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);

/** Nothing to show: no AI use, no check, no adoption, no request and no report in the month. */
function isEmptyMonth(view: AiOversightView): boolean {
  return (
    view.aiUses.total === 0 &&
    view.references.checked === 0 &&
    view.chapters.regenerated === 0 &&
    view.tribunalChanges.awardsAdopted === 0 &&
    view.outcomes.tribunalRequests === 0 &&
    view.problemReports.length === 0
  );
}

/**
 * The administrators' AI oversight view: per tenant and month, the AI uses, the citation
 * check's findings, the chapters written again, how much of the AI's text the tribunals changed, the
 * outcomes and the problem reports — computed by the server from stored records. Each figure says what it
 * counts (docs/ai-act/limits-and-accuracy.md quotes them). Also the tenant's retention of the AI-use log,
 * and the export of one case's AI-use log for an authority. Choosing a tenant or a month shows its figures.
 */
export function AiOversightTab({
  tenants,
  isSuperAdmin = false,
}: {
  tenants: TenantView[] | null;
  /** A SuperAdmin also sees the evaluation scorecards of the deployments (not a tenant's figures). */
  isSuperAdmin?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const styles = useStyles();
  const [months] = useState(() => recentMonths(new Date()));
  const [tenantId, setTenantId] = useState('');
  const [month, setMonth] = useState(months[0]!);
  const [retention, setRetention] = useState('');
  const [retentionMessage, setRetentionMessage] = useState<string | null>(null);
  const [retentionError, setRetentionError] = useState<string | null>(null);
  const [caseId, setCaseId] = useState('');
  const [exportError, setExportError] = useState<string | null>(null);
  // A tenant's retention is part of its record: the tenants are fetched again after it changed.
  const refreshDirectory = useRefreshDirectory();

  useEffect(() => {
    if (!tenantId && tenants && tenants.length > 0) setTenantId(tenants[0]!.id);
  }, [tenants, tenantId]);

  // Figures of another tenant or month never stay on screen under this one's name: each pair is its own entry.
  const query = useQuery({
    queryKey: adminKeys.aiOversight(tenantId, month),
    queryFn: async ({ signal }) => {
      const answer = await getAiOversight(tenantId, month, signal);
      setRetention(String(answer.retentionMonths));
      return answer;
    },
    enabled: tenantId !== '',
  });
  const view = query.data ?? null;
  const loading = query.isFetching;
  const error = query.error ? errorMessage(query.error, t('aiOversight.failed')) : null;
  const load = () => query.refetch();

  const saveRetention = async () => {
    setRetentionMessage(null);
    setRetentionError(null);
    try {
      const saved = await setAiLogRetention(tenantId, Number(retention));
      setRetentionMessage(t('aiOversight.retentionSaved', { months: saved.aiLogRetentionMonths ?? Number(retention) }));
      await refreshDirectory();
      await load();
    } catch (cause) {
      setRetentionError(errorMessage(cause, t('aiOversight.retentionFailed')));
    }
  };

  const exportLog = async (format: 'json' | 'pdf') => {
    setExportError(null);
    try {
      saveBlob(await downloadAiLog(caseId.trim(), format), `AI-log_${caseId.trim()}.${format}`);
    } catch (cause) {
      setExportError(errorMessage(cause, t('aiOversight.exportFailed')));
    }
  };

  const none = t('aiOversight.none');
  const tenantName = view?.tenantName ?? tenants?.find((tenant) => tenant.id === tenantId)?.name ?? '';
  const regeneratedPer100 = view ? per100(view.chapters.regenerated, view.chapters.generated) : null;
  const figure = (testId: string, label: string, value: string | number, detail: string, meaning: string) => (
    <Card className={styles.card} data-testid={testId} role="group" aria-label={label}>
      <Caption1 className={styles.muted}>{label}</Caption1>
      <span className={styles.value} data-testid="figure-value">
        {value}
      </span>
      <Caption1>{detail}</Caption1>
      <Caption1 className={styles.meaning}>{meaning}</Caption1>
    </Card>
  );
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
          <Select value={month} onChange={(_event, data) => setMonth(data.value)}>
            {months.map((value) => (
              <option key={value} value={value}>
                {monthLabel(value, language)}
              </option>
            ))}
          </Select>
        </Field>
        <Button onClick={() => void load()} disabled={!tenantId || loading}>
          {t('aiOversight.refresh')}
        </Button>
      </div>
      <FormMessage intent="error" message={error} />
      {loading ? <Spinner size="small" labelPosition="after" label={t('aiOversight.loading')} /> : null}
      {view ? (
        <>
          <Subtitle2 as="h2" className={styles.heading} data-testid="ai-oversight-period">
            {t('aiOversight.figuresFor', { tenant: tenantName, month: monthLabel(view.month, language) })}
          </Subtitle2>
          {isEmptyMonth(view) ? (
            <Body1 as="p" data-testid="ai-oversight-empty">
              {t('aiOversight.empty')}
            </Body1>
          ) : null}
          <div className={styles.cards} aria-busy={loading}>
            {figure(
              'ai-uses',
              t('aiOversight.uses'),
              view.aiUses.total,
              t('aiOversight.usesDetail', {
                claims: view.aiUses.claimDrafts,
                decisions: view.aiUses.decisions,
                regenerations: view.aiUses.chapterRegenerations,
              }),
              t('aiOversight.usesMeaning'),
            )}
            {figure(
              'ai-references',
              t('aiOversight.references'),
              view.references.flaggedPer100 ?? none,
              t('aiOversight.referencesDetail', {
                flagged: view.references.flagged,
                checked: view.references.checked,
              }),
              t('aiOversight.referencesMeaning'),
            )}
            {figure(
              'ai-chapters',
              t('aiOversight.chapters'),
              view.chapters.regenerated,
              regeneratedPer100 === null
                ? t('aiOversight.chaptersDetailNone')
                : t('aiOversight.chaptersDetail', { per100: regeneratedPer100, generated: view.chapters.generated }),
              t('aiOversight.chaptersMeaning'),
            )}
            {figure(
              'ai-changed',
              t('aiOversight.changed'),
              view.tribunalChanges.averageChangedPercent === null
                ? none
                : `${view.tribunalChanges.averageChangedPercent} %`,
              t('aiOversight.changedDetail', { count: view.tribunalChanges.awardsAdopted }),
              t('aiOversight.changedMeaning'),
            )}
            {figure(
              'ai-outcomes',
              t('aiOversight.outcomes'),
              view.outcomes.acceptedByBoth,
              t('aiOversight.outcomesDetail', {
                decisions: view.outcomes.aiDecisions,
                requests: view.outcomes.tribunalRequests,
              }),
              t('aiOversight.outcomesMeaning'),
            )}
          </div>
          <Card className={styles.section}>
            <Subtitle2 as="h2" id="ai-problem-reports" className={styles.heading}>
              {t('aiOversight.reports')} ({view.problemReports.length})
            </Subtitle2>
            {view.problemReports.length === 0 ? (
              <Body1>{t('aiOversight.reportsNone')}</Body1>
            ) : (
              // A list, not a table: a report's words stay readable on a phone.
              <ul className={styles.reports} aria-labelledby="ai-problem-reports">
                {view.problemReports.map((report) => (
                  <li key={report.id} className={styles.report} data-testid="ai-problem-report">
                    <Caption1 className={styles.muted}>
                      {formatDateTime(report.reportedAt)} · {t(`aiOversight.outputs.${report.output}`)} ·{' '}
                      {t('aiOversight.reporter')} {report.reporter.email ?? report.reporter.role}
                    </Caption1>
                    <Body1>
                      <strong>{t(`aiProblem.kinds.${report.kind}`)}</strong>
                      {report.location ? ` — ${t('aiOversight.where')}: ${report.location}` : ''}
                    </Body1>
                    <Body1 className={styles.wrapCell}>{report.description}</Body1>
                    {report.disputeId ? (
                      <div className={styles.reportCase}>
                        <Caption1 className={styles.muted}>
                          {report.caseNumber ?? `${t('aiOversight.caseId')}: ${report.disputeId}`}
                        </Caption1>
                        <Button size="small" onClick={() => setCaseId(report.caseNumber ?? report.disputeId!)}>
                          {t('aiOversight.useForExport')}
                        </Button>
                      </div>
                    ) : null}
                    {report.outcome ? (
                      <Caption1 as="p" className={styles.muted} data-testid="ai-problem-report-outcome">
                        {finalOutcomeText(report.outcome, t)}
                      </Caption1>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </Card>

          <Card className={styles.section}>
            <Subtitle2 as="h2" className={styles.heading}>
              {t('aiOversight.retention')}: {t('aiOversight.retentionMonths', { months: view.retentionMonths })}
            </Subtitle2>
            <div className={styles.controls}>
              <Field
                className={styles.retentionField}
                label={t('aiOversight.retention')}
                hint={t('aiOversight.retentionHint')}
              >
                <Input
                  className={styles.monthsInput}
                  type="number"
                  min={AI_LOG_RETENTION_MIN_MONTHS}
                  max={AI_LOG_RETENTION_MAX_MONTHS}
                  value={retention}
                  onChange={(_event, data) => setRetention(data.value)}
                />
              </Field>
              <Button onClick={() => void saveRetention()}>{t('aiOversight.retentionSave')}</Button>
            </div>
            <FormMessage intent="success" message={retentionMessage} />
            <FormMessage intent="error" message={retentionError} />
          </Card>
        </>
      ) : null}

      {isSuperAdmin ? <EvaluationsCard /> : null}

      <Card className={styles.section}>
        <Subtitle2 as="h2" className={styles.heading}>
          {t('aiOversight.export')}
        </Subtitle2>
        <Caption1 className={styles.muted}>{t('aiOversight.exportHint')}</Caption1>
        <div className={styles.controls}>
          <Field label={t('aiOversight.caseId')} hint={t('aiOversight.caseIdHint')}>
            <Input value={caseId} onChange={(_event, data) => setCaseId(data.value)} />
          </Field>
          <Button disabled={!caseId.trim()} onClick={() => void exportLog('json')}>
            {t('aiOversight.exportJson')}
          </Button>
          <Button disabled={!caseId.trim()} onClick={() => void exportLog('pdf')}>
            {t('aiOversight.exportPdf')}
          </Button>
        </div>
        <FormMessage intent="error" message={exportError} />
      </Card>
    </div>
  );
}
