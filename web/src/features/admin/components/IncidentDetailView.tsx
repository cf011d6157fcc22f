import {
  Badge,
  Body1,
  Button,
  Caption1,
  Field,
  makeStyles,
  Spinner,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { INCIDENT_TRANSITIONS, type IncidentDetail, type IncidentStatus } from '@ratkaisu/core';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../ui/format-date';
import { useReportedQuery } from '../../../ui/query/use-reported-query';
import { SectionCard } from '../../../ui/SectionCard';
import { addIncidentNote, changeIncidentStatus, getIncident } from '../api/incidents-api';
import { adminKeys } from '../api/query-keys';
import { useIncidentChange } from '../api/use-incident-change';
import { IncidentClock } from './IncidentClock';
import { IncidentNotices } from './IncidentNotices';
import { OmbudsmanReportForm } from './OmbudsmanReportForm';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, paddingTop: tokens.spacingVerticalM },
  text: { margin: 0, display: 'block', overflowWrap: 'anywhere' },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'center' },
  list: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  counts: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, max-content) minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
  },
  dd: { margin: 0 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, alignItems: 'flex-start' },
  wide: { alignSelf: 'stretch' },
});

/** One incident: its clock, evidence, status, the notes of assessment and decision, notices and the Ombudsman's data. */
export function IncidentDetailView({
  id,
  onBack,
  onError,
}: {
  id: string;
  onBack: () => void;
  onError: (cause: unknown) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [note, setNote] = useState('');
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const incident = useReportedQuery(
    { queryKey: adminKeys.incident(id), queryFn: ({ signal }) => getIncident(id, signal) },
    onError,
  ).data;
  const change = useIncidentChange(id, onError);
  const busy = change.isPending;
  const run = (step: () => Promise<IncidentDetail>, after?: () => void) =>
    change.mutate(step, after ? { onSuccess: after } : undefined);

  const move = (status: IncidentStatus) => {
    if (status === 'closed' && !reason.trim()) {
      setReasonMissing(true);
      return;
    }
    setReasonMissing(false);
    run(
      () => changeIncidentStatus(id, status, status === 'closed' ? reason.trim() : undefined),
      () => setReason(''),
    );
  };

  const back = (
    <div>
      <Button appearance="secondary" onClick={onBack}>
        {t('incidents.back')}
      </Button>
    </div>
  );
  if (!incident)
    return (
      <div className={styles.root}>
        {back}
        <Spinner label={t('admin.loading')} />
      </div>
    );
  const moves = INCIDENT_TRANSITIONS[incident.status];
  return (
    <div className={styles.root} data-testid="incident-detail">
      {back}
      <SectionCard heading={t(`incidents.signal.${incident.signal}`)} level="h3">
        <div className={styles.row}>
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
          {incident.repeats > 0 ? ` · ${t('incidents.repeats', { count: incident.repeats })}` : ''}
        </Caption1>
      </SectionCard>

      <SectionCard heading={t('incidents.evidenceTitle')} level="h3">
        <Caption1 as="p" className={styles.text}>
          {t('incidents.evidenceWindow', {
            from: formatDateTime(incident.evidence.windowStart),
            to: formatDateTime(incident.evidence.windowEnd),
          })}
        </Caption1>
        <dl className={styles.counts} data-testid="incident-counts">
          {Object.entries(incident.evidence.counts).map(([name, count]) => (
            <Fragment key={name}>
              <dt>{t(`incidents.count.${name}`, { defaultValue: name })}</dt>
              <dd className={styles.dd}>{count}</dd>
            </Fragment>
          ))}
        </dl>
        {incident.evidence.actorUserId ? (
          <Caption1 as="p" className={styles.text}>
            {t('incidents.evidenceActor', { id: incident.evidence.actorUserId })}
          </Caption1>
        ) : null}
        {incident.evidence.chain ? (
          <Caption1 as="p" className={styles.text}>
            {t('incidents.evidenceChain', { chain: incident.evidence.chain })}
          </Caption1>
        ) : null}
        {incident.evidence.auditEntryIds.length > 0 ? (
          <Caption1 as="p" className={styles.text}>
            {t('incidents.evidenceEntries', { ids: incident.evidence.auditEntryIds.slice(0, 5).join(', ') })}
            {incident.evidence.auditEntryIds.length > 5 ? ' …' : ''}
          </Caption1>
        ) : null}
      </SectionCard>

      <SectionCard heading={t('incidents.statusTitle')} level="h3">
        {incident.statusHistory.length > 0 ? (
          <ul className={styles.list}>
            {incident.statusHistory.map((change) => (
              <li key={change.at + change.to}>
                <Body1 className={styles.text}>
                  {t('incidents.history', {
                    from: t(`incidents.status.${change.from}`),
                    to: t(`incidents.status.${change.to}`),
                    date: formatDateTime(change.at),
                  })}
                </Body1>
              </li>
            ))}
          </ul>
        ) : null}
        {incident.closedReason ? (
          <Body1 as="p" className={styles.text}>
            {t('incidents.closedReason', { reason: incident.closedReason })}
          </Body1>
        ) : null}
        {moves.length > 0 ? (
          <div className={styles.form}>
            {moves.includes('closed') ? (
              <Field
                className={styles.wide}
                label={t('incidents.closeReason')}
                validationMessage={reasonMissing ? t('incidents.closeReasonRequired') : undefined}
              >
                <Textarea value={reason} onChange={(_, data) => setReason(data.value)} resize="vertical" rows={2} />
              </Field>
            ) : null}
            <div className={styles.row}>
              {moves.map((status) => (
                <Button
                  key={status}
                  appearance={status === 'closed' ? 'secondary' : 'primary'}
                  disabled={busy}
                  onClick={() => move(status)}
                >
                  {t(`incidents.moveTo.${status as Exclude<IncidentStatus, 'open'>}`)}
                </Button>
              ))}
            </div>
          </div>
        ) : null}
      </SectionCard>

      <SectionCard heading={t('incidents.notesTitle')} level="h3">
        {incident.notes.length === 0 ? (
          <Body1 className={styles.text}>{t('incidents.notesNone')}</Body1>
        ) : (
          <ul className={styles.list} data-testid="incident-notes">
            {incident.notes.map((entry) => (
              <li key={entry.id}>
                <Body1 as="p" className={styles.text}>
                  {entry.text}
                </Body1>
                <Caption1 as="p" className={styles.text}>
                  {t('incidents.noteBy', { author: entry.authorEmail, date: formatDateTime(entry.at) })}
                </Caption1>
              </li>
            ))}
          </ul>
        )}
        <div className={styles.form}>
          <Field className={styles.wide} label={t('incidents.noteLabel')}>
            <Textarea value={note} onChange={(_, data) => setNote(data.value)} resize="vertical" rows={3} />
          </Field>
          <Button
            appearance="primary"
            disabled={busy || !note.trim()}
            onClick={() =>
              run(
                () => addIncidentNote(id, note.trim()),
                () => setNote(''),
              )
            }
          >
            {t('incidents.addNote')}
          </Button>
        </div>
      </SectionCard>

      <IncidentNotices incident={incident} onError={onError} />
      <OmbudsmanReportForm incident={incident} onError={onError} />
    </div>
  );
}
