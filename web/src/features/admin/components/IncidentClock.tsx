import { Body1Strong, makeStyles, tokens } from '@fluentui/react-components';
import type { IncidentSummary } from '@ratkaisu/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../ui/format-date';

const useStyles = makeStyles({
  text: { margin: 0, overflowWrap: 'anywhere' },
  overdue: { color: tokens.colorPaletteRedForeground1 },
});

/** Hours and minutes of a span, rounded down to the minute. */
function hoursAndMinutes(ms: number): { hours: number; minutes: number } {
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/**
 * The 72-hour clock of an incident as the server counted it (its `remainingMs`, so a wrong clock in the
 * browser cannot show a wrong deadline): the time left, or how long ago the deadline passed, and the deadline.
 * Once the incident is notified or closed the deadline alone is shown.
 */
export function IncidentClock({
  incident,
}: {
  incident: Pick<IncidentSummary, 'remainingMs' | 'deadlineAt' | 'status'>;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const running = incident.status === 'open' || incident.status === 'assessed';
  const overdue = incident.remainingMs < 0;
  return (
    <p className={styles.text} data-testid="incident-clock">
      {running ? (
        <Body1Strong className={overdue ? styles.overdue : undefined}>
          {t(overdue ? 'incidents.overdue' : 'incidents.remaining', hoursAndMinutes(incident.remainingMs))}
        </Body1Strong>
      ) : null}
      {running ? ' · ' : null}
      {t('incidents.deadline', { date: formatDateTime(incident.deadlineAt) })}
    </p>
  );
}
