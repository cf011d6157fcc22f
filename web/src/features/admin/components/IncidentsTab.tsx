import { Badge, Body1, Button, Caption1, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../ui/format-date';
import { SectionCard } from '../../../ui/SectionCard';
import { useReportedQuery } from '../../../ui/query/use-reported-query';
import { listIncidents } from '../api/incidents-api';
import { adminKeys } from '../api/query-keys';
import { useAdminTableStyles } from './admin-styles';
import { IncidentDetailView } from './IncidentDetailView';
import { IncidentClock } from './IncidentClock';

const useStyles = makeStyles({
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  text: { margin: 0, display: 'block', overflowWrap: 'anywhere' },
  badges: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'center' },
});

/**
 * Incidents (docs/operations.md "Incidents"): the security incidents the signals opened, each with the time
 * left on its 72-hour clock; one opened shows its evidence, notes, status, notices and the Ombudsman's data.
 * Cards rather than a table, so a phone shows every figure without scrolling sideways.
 */
export function IncidentsTab({ onError }: { onError: (cause: unknown) => void }) {
  const { t } = useTranslation();
  const tableStyles = useAdminTableStyles();
  const styles = useStyles();
  const [openId, setOpenId] = useState<string | null>(null);

  // A change made in the detail view fetches the list again (both are under the incidents' key).
  const query = useReportedQuery(
    { queryKey: adminKeys.incidentList, queryFn: ({ signal }) => listIncidents(signal) },
    onError,
  );

  if (openId) return <IncidentDetailView id={openId} onBack={() => setOpenId(null)} onError={onError} />;
  if (query.isPending) return <Spinner label={t('admin.loading')} />;
  const incidents = query.data ?? [];
  return (
    <div className={tableStyles.root} data-testid="incidents">
      <Body1 className={styles.text}>{t('incidents.help')}</Body1>
      {incidents.length === 0 ? (
        <Body1 className={tableStyles.muted}>{t('incidents.none')}</Body1>
      ) : (
        <ul className={styles.list} aria-label={t('incidents.listTitle')}>
          {incidents.map((incident) => (
            <li key={incident.id}>
              <SectionCard heading={t(`incidents.signal.${incident.signal}`)} level="h3" data-testid="incident-row">
                <div className={styles.badges}>
                  <Badge appearance="tint" color={incident.status === 'closed' ? 'subtle' : 'danger'}>
                    {t(`incidents.status.${incident.status}`)}
                  </Badge>
                  <Badge appearance="outline" color={incident.severity === 'high' ? 'danger' : 'warning'}>
                    {t(`incidents.severity.${incident.severity}`)}
                  </Badge>
                </div>
                <IncidentClock incident={incident} />
                <Caption1 as="p" className={styles.text}>
                  {t('incidents.detectedAt', { date: formatDateTime(incident.detectedAt) })} ·{' '}
                  {t('incidents.affected', { count: incident.affectedUsers })}
                </Caption1>
                <div>
                  <Button
                    appearance="primary"
                    aria-label={`${t('incidents.open')}: ${t(`incidents.signal.${incident.signal}`)}, ${formatDateTime(incident.detectedAt)}`}
                    onClick={() => setOpenId(incident.id)}
                  >
                    {t('incidents.open')}
                  </Button>
                </div>
              </SectionCard>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
