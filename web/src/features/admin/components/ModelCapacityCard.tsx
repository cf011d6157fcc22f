import {
  Body1,
  Card,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Subtitle2,
  TableCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../ui/DataTable';
import { formatDateTime } from '../../../ui/format-date';
import { currentLanguage } from '../../../i18n/i18n';
import { waitText } from '../../../ui/job-progress/job-progress-text';
import { useReportedQuery } from '../../../ui/query/use-reported-query';
import { getModelCapacity } from '../api/admin-api';
import { adminKeys } from '../api/query-keys';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingVerticalM },
  heading: { margin: 0 },
  table: { width: 'auto', minWidth: '100%' },
});

const COLUMNS = [
  'capacityDeployment',
  'capacityQuota',
  'capacityInForce',
  'capacityUsed',
  'capacityRunning',
  'capacityWaiting',
  'capacityLine',
] as const;

/**
 * The model deployments' use now, for a SuperAdmin (GET /api/superadmin/model-capacity; /health shows the
 * same): each deployment's quota, what is in force (lowered after a 429 or by others' use its headers show),
 * its use in the last window, jobs running and waiting, and how long a typical case would take from now.
 */
export function ModelCapacityCard({ onError }: { onError: (cause: unknown) => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const capacity = useReportedQuery(
    { queryKey: adminKeys.modelCapacity, queryFn: ({ signal }) => getModelCapacity(signal) },
    onError,
  ).data;

  if (capacity === undefined) return null;
  const count = (value: number) => value.toLocaleString(currentLanguage());
  return (
    <Card className={styles.section} role="region" aria-labelledby="admin-model-capacity" data-testid="model-capacity">
      <Subtitle2 as="h2" id="admin-model-capacity" className={styles.heading}>
        {t('admin.modelCapacity')}
      </Subtitle2>
      {capacity === null ? (
        <Body1>{t('admin.modelCapacityOffline')}</Body1>
      ) : (
        <>
          {capacity.warning ? (
            <MessageBar intent="warning">
              <MessageBarBody>{t('admin.modelCapacityWarning')}</MessageBarBody>
            </MessageBar>
          ) : null}
          <Body1>
            {t('admin.modelCapacityTypical', {
              tokens: count(capacity.typicalCaseTokens),
              windows: capacity.typicalCaseWindows.toLocaleString(currentLanguage()),
            })}
          </Body1>
          <DataTable
            aria-labelledby="admin-model-capacity"
            size="small"
            className={styles.table}
            columns={COLUMNS.map((column) => t(`admin.${column}`))}
          >
            {capacity.deployments.map((deployment) => (
              <TableRow key={deployment.name} data-testid="model-capacity-row">
                <TableCell>
                  {deployment.name} ({deployment.kind}, {deployment.priority})
                </TableCell>
                <TableCell>
                  {count(deployment.tokensPerWindow)} / {count(deployment.requestsPerWindow)}
                </TableCell>
                <TableCell>
                  {count(deployment.tokensInForce)} / {count(deployment.requestsInForce)}
                  {deployment.pausedUntil
                    ? ` · ${t('admin.capacityPaused', { time: formatDateTime(deployment.pausedUntil) })}`
                    : ''}
                </TableCell>
                <TableCell>
                  {count(deployment.usedTokens)} / {count(deployment.usedRequests)}
                </TableCell>
                <TableCell>{deployment.runningJobs}</TableCell>
                <TableCell>{deployment.waitingJobs}</TableCell>
                <TableCell>{deployment.lineSeconds > 0 ? waitText(deployment.lineSeconds, t) : '—'}</TableCell>
              </TableRow>
            ))}
          </DataTable>
        </>
      )}
    </Card>
  );
}
