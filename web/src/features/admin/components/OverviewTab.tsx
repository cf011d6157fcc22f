import {
  Badge,
  Body1,
  Caption1,
  Card,
  makeStyles,
  Spinner,
  Subtitle2,
  TableCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import type { AuditChainReport, DashboardStats, DisputeAnalytics, DisputeStatus, ModelUsageRow } from '@ratkaisu/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../ui/DataTable';
import { formatDateTime } from '../../../ui/format-date';
import { currentLanguage } from '../../../i18n/i18n';
import { getDashboard, getDisputeAnalytics, getModelUsage, verifyAuditChain } from '../api/admin-api';
import { TimeAgoText } from './TimeAgoText';
import { ModelCapacityCard } from './ModelCapacityCard';
import { DeepHealthCard } from './DeepHealthCard';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, paddingTop: tokens.spacingVerticalM },
  cards: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
    gap: tokens.spacingHorizontalM,
  },
  card: { padding: tokens.spacingVerticalM },
  cardValue: { fontSize: tokens.fontSizeHero800, lineHeight: tokens.lineHeightHero800, fontWeight: 600 },
  columns: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
  },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingVerticalM },
  heading: { margin: 0 },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
    '& dt': { color: tokens.colorNeutralForeground3 },
    '& dd': { margin: 0 },
  },
  timeline: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  timelineItem: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalS} 0 ${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderLeft: `2px solid ${tokens.colorBrandStroke2}`,
  },
  timelineHead: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  bars: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  barRow: {
    display: 'grid',
    gridTemplateColumns: '96px 1fr 40px',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
  },
  barTrack: { height: '12px', backgroundColor: tokens.colorNeutralBackground4, borderRadius: tokens.borderRadiusSmall },
  bar: { height: '100%', backgroundColor: tokens.colorBrandBackground, borderRadius: tokens.borderRadiusSmall },
  number: { textAlign: 'right' },
  autoTable: { tableLayout: 'auto' },
});

/** How many recent actions the timeline shows of the 10 the dashboard loads (docs/product.md section 9). */
const TIMELINE_LENGTH = 5;
const DAY_MS = 24 * 3600 * 1000;
const TENANT_STATS_COLUMNS = ['name', 'domain', 'userCount', 'disputeCount', 'lastActivity'] as const;

type ChainState = { kind: 'checking' } | { kind: 'done'; report: AuditChainReport } | { kind: 'failed' };

/** The Overview tab: numbers, security, per-tenant statistics, recent activity and case analytics. */
export function OverviewTab({
  isSuperAdmin,
  rolesKnown,
  onError,
}: {
  isSuperAdmin: boolean;
  /** Whether isSuperAdmin is settled (the caller's own user row has arrived). */
  rolesKnown: boolean;
  onError: (cause: unknown) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [stats, setStats] = useState<DashboardStats | null>(null);
  const [analytics, setAnalytics] = useState<DisputeAnalytics | null>(null);
  const [usage, setUsage] = useState<ModelUsageRow[] | null>(null);
  const [chain, setChain] = useState<ChainState | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getDashboard(controller.signal).then(setStats, (cause: unknown) => {
      if (!controller.signal.aborted) onError(cause);
    });
    getDisputeAnalytics(controller.signal).then(setAnalytics, (cause: unknown) => {
      if (!controller.signal.aborted) onError(cause);
    });
    getModelUsage(controller.signal).then(setUsage, (cause: unknown) => {
      if (!controller.signal.aborted) onError(cause);
    });
    return () => controller.abort();
  }, [onError]);

  // Only a SuperAdmin may verify the chain; an Admin is told so instead of getting a 403.
  useEffect(() => {
    if (!isSuperAdmin) return;
    const controller = new AbortController();
    setChain({ kind: 'checking' });
    verifyAuditChain(controller.signal).then(
      (report) => setChain({ kind: 'done', report }),
      (cause: unknown) => {
        if (controller.signal.aborted) return;
        setChain({ kind: 'failed' });
        onError(cause);
      },
    );
    return () => controller.abort();
  }, [isSuperAdmin, onError]);

  if (!stats) return <Spinner label={t('admin.loading')} />;

  const recentCutoff = Date.now() - DAY_MS;
  const recentActions = stats.recentActivities.filter((entry) => new Date(entry.timestamp).getTime() >= recentCutoff);
  // The dashboard sends the 10 latest: when all of them fall in the last day there may be more.
  const recentActionsText =
    recentActions.length === stats.recentActivities.length && recentActions.length >= 10
      ? `${recentActions.length}+`
      : String(recentActions.length);

  // One source for every case number and the breakdown: the dashboard's counts per status (one snapshot).
  const byStatus = stats.disputesByStatus;
  const countOf = (status: DisputeStatus) => byStatus.find((row) => row.status === status)?.count ?? 0;
  const statusLabel = (status: DisputeStatus) => t(`cases.status${status}`);

  const cards: { key: string; label: string; value: string; hint?: string }[] = [
    { key: 'active-tenants', label: t('admin.activeTenants'), value: String(stats.activeTenants) },
    { key: 'total-users', label: t('admin.totalUsers'), value: String(stats.totalUsers) },
    { key: 'total-disputes', label: t('admin.totalDisputes'), value: String(stats.totalDisputes) },
    {
      key: 'active-disputes',
      label: t('admin.activeDisputes'),
      value: String(countOf('Pending') + countOf('InProgress')),
      hint: `${statusLabel('Pending')} ${countOf('Pending')} · ${statusLabel('InProgress')} ${countOf('InProgress')}`,
    },
    { key: 'active-users', label: t('admin.activeUsers'), value: String(stats.activeUsers) },
    {
      // docs/product.md's "Closed Disputes" is total minus active, which counts resolved cases too: named for what it counts.
      key: 'closed-disputes',
      label: t('admin.finishedDisputes'),
      value: String(countOf('Resolved') + countOf('Closed')),
      hint: `${statusLabel('Resolved')} ${countOf('Resolved')} · ${statusLabel('Closed')} ${countOf('Closed')}`,
    },
    {
      key: 'final-disputes',
      label: t('admin.finalDisputes'),
      value: String(stats.finalOutcomes.accepted + stats.finalOutcomes.award),
      hint: t('admin.finalBreakdown', stats.finalOutcomes),
    },
    { key: 'recent-logins', label: t('admin.recentLogins'), value: String(stats.recentLogins) },
    {
      key: 'recent-actions',
      label: t('admin.recentActions'),
      value: recentActionsText,
      hint: t('admin.recentActionsHint'),
    },
  ];

  const chainText = (): string => {
    if (!isSuperAdmin) return rolesKnown ? t('admin.auditChainSuperAdminOnly') : t('admin.loading');
    if (!chain || chain.kind === 'checking') return t('admin.auditChainChecking');
    if (chain.kind === 'failed') return t('admin.genericError');
    const { report } = chain;
    if (report.valid) {
      return t('admin.auditChainValid', {
        entries: report.chains.reduce((sum, one) => sum + one.entries, 0),
        chains: report.chains.length,
        when: formatDateTime(report.checkedAt),
      });
    }
    const broken = report.firstBreak;
    return t('admin.auditChainBroken', {
      chain: broken?.chain ?? '?',
      entry: broken?.entryId ?? broken?.seq ?? '?',
      reason: broken?.reason ?? '',
    });
  };

  const securityLevel =
    chain?.kind === 'done'
      ? chain.report.valid
        ? t('admin.securityLevelHigh')
        : t('admin.securityLevelAtRisk')
      : t('admin.securityLevelUnverified');

  const largestStatus = Math.max(1, ...byStatus.map((row) => row.count));
  const largestMonth = Math.max(1, ...(analytics?.byMonth.map((row) => row.count) ?? []));

  return (
    <div className={styles.root}>
      <div className={styles.cards}>
        {cards.map((card) => (
          <Card key={card.key} className={styles.card} role="group" aria-label={card.label} data-testid={card.key}>
            <Caption1 className={styles.muted}>{card.label}</Caption1>
            <Text className={styles.cardValue} data-testid="card-value">
              {card.value}
            </Text>
            {card.hint ? <Caption1 className={styles.muted}>{card.hint}</Caption1> : null}
          </Card>
        ))}
      </div>

      <div className={styles.columns}>
        <Card className={styles.section} role="region" aria-labelledby="admin-security-status">
          <Subtitle2 as="h2" id="admin-security-status" className={styles.heading}>
            {t('admin.securityStatus')}
          </Subtitle2>
          <dl className={styles.facts}>
            <dt>{t('admin.tenantIsolation')}</dt>
            <dd>{t('admin.tenantIsolationOn')}</dd>
            <dt>{t('admin.auditLogging')}</dt>
            <dd>{t('admin.auditLoggingOn')}</dd>
            <dt>{t('admin.auditChain')}</dt>
            <dd data-testid="audit-chain-status">
              {chain?.kind === 'done' ? (
                <Badge appearance="tint" color={chain.report.valid ? 'success' : 'danger'}>
                  {chain.report.valid ? '✓' : '✗'}
                </Badge>
              ) : null}{' '}
              {chainText()}
              {chain?.kind === 'done' && chain.report.unchainedEntries > 0 ? (
                <Caption1 as="p" className={styles.muted}>
                  {t('admin.auditChainUnchained', { count: chain.report.unchainedEntries })}
                </Caption1>
              ) : null}
            </dd>
          </dl>
        </Card>

        <Card className={styles.section} role="region" aria-labelledby="admin-system-information">
          <Subtitle2 as="h2" id="admin-system-information" className={styles.heading}>
            {t('admin.systemInformation')}
          </Subtitle2>
          <dl className={styles.facts}>
            <dt>{t('admin.version')}</dt>
            <dd data-testid="system-version">{stats.system.version}</dd>
            <dt>{t('admin.environment')}</dt>
            <dd data-testid="system-environment">{stats.system.environment}</dd>
            <dt>{t('admin.securityLevel')}</dt>
            <dd data-testid="system-security-level">{securityLevel}</dd>
          </dl>
        </Card>
      </div>

      <Card className={styles.section} role="region" aria-labelledby="admin-tenant-statistics">
        <Subtitle2 as="h2" id="admin-tenant-statistics" className={styles.heading}>
          {t('admin.tenantStatistics')}
        </Subtitle2>
        <DataTable
          aria-labelledby="admin-tenant-statistics"
          size="small"
          className={styles.autoTable}
          columns={TENANT_STATS_COLUMNS.map((column) => t(`admin.${column}`))}
        >
          {stats.tenantStats.map((row) => (
            <TableRow key={row.tenantId} data-testid="tenant-stats-row">
              <TableCell>{row.tenantName}</TableCell>
              <TableCell>{row.domain}</TableCell>
              <TableCell>{row.userCount}</TableCell>
              <TableCell>{row.disputeCount}</TableCell>
              <TableCell>{row.lastActivity ? <TimeAgoText value={row.lastActivity} /> : t('admin.never')}</TableCell>
            </TableRow>
          ))}
        </DataTable>
      </Card>

      <Card className={styles.section} role="region" aria-labelledby="admin-model-usage">
        <Subtitle2 as="h2" id="admin-model-usage" className={styles.heading}>
          {t('admin.modelUsage')}
        </Subtitle2>
        {usage && usage.length === 0 ? (
          <Body1>{t('admin.modelUsageNone')}</Body1>
        ) : (
          <DataTable
            aria-labelledby="admin-model-usage"
            size="small"
            className={styles.autoTable}
            columns={MODEL_USAGE_COLUMNS.map((column) => t(`admin.${column}`))}
          >
            {(usage ?? []).map((row) => (
              <TableRow key={`${row.tenantId}|${row.month}`} data-testid="model-usage-row">
                <TableCell>{row.tenantName}</TableCell>
                <TableCell>{row.month}</TableCell>
                <TableCell>{row.jobs}</TableCell>
                <TableCell>{formatCount(row.promptTokens)}</TableCell>
                <TableCell>{formatCount(row.cachedTokens)}</TableCell>
                <TableCell>{formatCount(row.completionTokens)}</TableCell>
                <TableCell>{formatEuros(row.estimatedCostEur)}</TableCell>
              </TableRow>
            ))}
          </DataTable>
        )}
      </Card>

      {isSuperAdmin ? <ModelCapacityCard onError={onError} /> : null}
      {isSuperAdmin ? <DeepHealthCard onError={onError} /> : null}

      <div className={styles.columns}>
        <Card className={styles.section} role="region" aria-labelledby="admin-recent-activity">
          <Subtitle2 as="h2" id="admin-recent-activity" className={styles.heading}>
            {t('admin.recentActivity')}
          </Subtitle2>
          {stats.recentActivities.length === 0 ? (
            <Body1>{t('admin.noRecentActivity')}</Body1>
          ) : (
            <ol className={styles.timeline}>
              {stats.recentActivities.slice(0, TIMELINE_LENGTH).map((entry) => (
                <li key={entry.id} className={styles.timelineItem} data-testid="timeline-entry">
                  <span className={styles.timelineHead}>
                    <Text weight="semibold">{entry.action}</Text>
                    <Badge appearance="tint" size="small" color={entry.success ? 'success' : 'danger'}>
                      {entry.success ? t('admin.success') : t('admin.failure')}
                    </Badge>
                  </span>
                  <Caption1 className={styles.muted}>
                    {[entry.userEmail, entry.entityType].filter(Boolean).join(' · ')}
                    {entry.userEmail || entry.entityType ? ' · ' : ''}
                    <TimeAgoText value={entry.timestamp} />
                  </Caption1>
                </li>
              ))}
            </ol>
          )}
        </Card>

        <Card className={styles.section} role="region" aria-labelledby="admin-disputes-by-status">
          <Subtitle2 as="h2" id="admin-disputes-by-status" className={styles.heading}>
            {t('admin.disputesByStatus')}
          </Subtitle2>
          <div className={styles.bars} data-testid="disputes-by-status">
            {byStatus.map((row) => (
              <Bar key={row.status} label={statusLabel(row.status)} count={row.count} largest={largestStatus} />
            ))}
          </div>
          <Subtitle2 as="h2" className={styles.heading}>
            {t('admin.disputesByMonth')}
          </Subtitle2>
          {analytics ? (
            <div className={styles.bars} data-testid="disputes-by-month">
              {analytics.byMonth.map((row) => (
                <Bar key={row.month} label={row.month} count={row.count} largest={largestMonth} />
              ))}
            </div>
          ) : (
            <Spinner size="tiny" />
          )}
        </Card>
      </div>
    </div>
  );
}

/** The model usage table's columns (admin.* texts). */
const MODEL_USAGE_COLUMNS = [
  'usageTenant',
  'usageMonth',
  'usageJobs',
  'usagePrompt',
  'usageCached',
  'usageCompletion',
  'usageCost',
] as const;

// Numbers in the UI's language: 1,234 and €1.50 in English, 1 234 and 1,50 € in Finnish.
function formatCount(value: number): string {
  return new Intl.NumberFormat(currentLanguage()).format(value);
}

function formatEuros(value: number): string {
  return new Intl.NumberFormat(currentLanguage(), { style: 'currency', currency: 'EUR' }).format(value);
}

function Bar({ label, count, largest }: { label: string; count: number; largest: number }) {
  const styles = useStyles();
  return (
    <div className={styles.barRow} data-testid="bar">
      <Caption1>{label}</Caption1>
      <div className={styles.barTrack} aria-hidden>
        <div className={styles.bar} style={{ width: `${(count / largest) * 100}%` }} />
      </div>
      <Caption1 className={styles.number}>{count}</Caption1>
    </div>
  );
}
