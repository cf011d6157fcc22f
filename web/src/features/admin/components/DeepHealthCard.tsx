import {
  Badge,
  Body1,
  Button,
  Caption1,
  Card,
  makeStyles,
  Subtitle2,
  TableCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import type { DeepHealthCheck } from '@ratkaisu/core';
import type { TFunction } from 'i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../ui/DataTable';
import { formatDateTime } from '../../../ui/format-date';
import { useReportedQuery } from '../../../ui/query/use-reported-query';
import { getDeepHealth, runDeepHealth } from '../api/health-api';
import { adminKeys } from '../api/query-keys';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingVerticalM },
  head: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap' },
  heading: { margin: 0 },
  detail: { overflowWrap: 'anywhere' },
});

const COLOR = { ok: 'success', warn: 'warning', fail: 'danger' } as const;

/**
 * What a check found, in the reader's language from its code and figures; a report kept before findings had
 * codes shows its English detail.
 */
function findingText(t: TFunction, check: DeepHealthCheck): string {
  if (!check.finding) return check.detail;
  // One key's type stands for all: each text's figures are the server's, checked by the catalogue parity test.
  const key = `admin.deepHealthFindings.${check.finding.code}` as 'admin.deepHealthFindings.storeAnswered';
  return t(key, check.finding.params);
}

/**
 * The deep health check's last report, for a SuperAdmin (GET /api/superadmin/health; docs/operations.md): each
 * dependency's state and what was found, when it ran, and a button to run it now.
 */
export function DeepHealthCard({ onError }: { onError: (cause: unknown) => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const client = useQueryClient();
  const report = useReportedQuery(
    { queryKey: adminKeys.deepHealth, queryFn: ({ signal }) => getDeepHealth(signal) },
    onError,
  ).data;
  // The run's answer is the new report.
  const run = useMutation({
    mutationFn: runDeepHealth,
    onSuccess: (next) => client.setQueryData(adminKeys.deepHealth, next),
    onError,
  });
  const running = run.isPending;
  const runNow = () => run.mutate();

  if (report === undefined) return null;
  return (
    <Card className={styles.section} role="region" aria-labelledby="admin-deep-health" data-testid="deep-health">
      <div className={styles.head}>
        <Subtitle2 as="h2" id="admin-deep-health" className={styles.heading}>
          {t('admin.deepHealth')}
        </Subtitle2>
        {report.checkedAt ? (
          <Badge appearance="filled" color={COLOR[report.status]} data-testid="deep-health-status">
            {t(`admin.deepHealthStatus_${report.status}`)}
          </Badge>
        ) : null}
        <Button size="small" onClick={runNow} disabled={running}>
          {running ? t('admin.deepHealthRunning') : t('admin.deepHealthRunNow')}
        </Button>
      </div>
      {report.checkedAt ? (
        <>
          <Caption1>{t('admin.deepHealthCheckedAt', { when: formatDateTime(report.checkedAt) })}</Caption1>
          <DataTable
            aria-labelledby="admin-deep-health"
            size="small"
            columns={[
              t('admin.deepHealthColumnCheck'),
              t('admin.deepHealthColumnStatus'),
              t('admin.deepHealthColumnDetail'),
            ]}
          >
            {report.checks.map((check) => (
              <TableRow key={check.name} data-testid="deep-health-row">
                <TableCell>{t(`admin.deepHealthCheck_${check.name}`)}</TableCell>
                <TableCell>
                  <Badge appearance="tint" color={COLOR[check.status]}>
                    {t(`admin.deepHealthStatus_${check.status}`)}
                  </Badge>
                </TableCell>
                <TableCell className={styles.detail}>
                  {check.kind} · {findingText(t, check)} · {Math.round(check.latencyMs)} ms
                </TableCell>
              </TableRow>
            ))}
          </DataTable>
        </>
      ) : (
        <Body1>{t('admin.deepHealthNever')}</Body1>
      )}
    </Card>
  );
}
