import { Badge, Body1, Caption1, makeStyles, Text, tokens } from '@fluentui/react-components';
import type { DisputeStatus, DisputeView, PhaseView } from '@ratkaisu/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../ui/format-date';
import { PageHeading } from '../../../ui/PageHeading';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  facts: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalL },
  meta: { color: tokens.colorNeutralForeground3 },
  description: { margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
});

const STATUS_BADGE: Record<
  DisputeStatus,
  { key: `cases.status${DisputeStatus}`; color: 'warning' | 'brand' | 'success' | 'subtle' }
> = {
  Pending: { key: 'cases.statusPending', color: 'warning' },
  InProgress: { key: 'cases.statusInProgress', color: 'brand' },
  Resolved: { key: 'cases.statusResolved', color: 'success' },
  Closed: { key: 'cases.statusClosed', color: 'subtle' },
};

/** The case's name and creation date (SPEC.md route table), its status, description and the caller's side. */
export function CaseHeader({ dispute, activePhase }: { dispute: DisputeView; activePhase?: PhaseView }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const status = STATUS_BADGE[dispute.status];
  const phaseLabel = activePhase ? t(`phases.${activePhase.type}`) : null;
  return (
    <header className={styles.root}>
      <PageHeading subtitle={t('cases.createdOn', { date: formatDate(dispute.dateCreated) })}>
        {dispute.name}
      </PageHeading>
      {dispute.caseNumber ? (
        <Text weight="semibold" data-testid="case-number">
          {t('tribunal.caseNumber', { caseNumber: dispute.caseNumber })}
        </Text>
      ) : null}
      <div className={styles.facts}>
        <Badge appearance="filled" color={status.color} aria-label={`${t('cases.caseStatus')}: ${t(status.key)}`}>
          {t(status.key)}
        </Badge>
        <Text weight="semibold" data-testid="case-side">
          {dispute.side === 'tribunal'
            ? t('tribunal.youSitOnTribunal')
            : dispute.side === 'claimant'
              ? t('cases.youRepresentClaimant')
              : t('cases.youRepresentRespondent')}
        </Text>
        {phaseLabel && activePhase ? (
          <Text>
            {activePhase.dueDate
              ? t('cases.activePhaseLineDue', { phase: phaseLabel, date: formatDate(activePhase.dueDate) })
              : t('cases.activePhaseLine', { phase: phaseLabel })}
          </Text>
        ) : null}
        <Caption1 className={styles.meta}>{t('cases.createdBy', { email: dispute.createdBy.email })}</Caption1>
      </div>
      {dispute.description ? (
        <Body1 as="p" className={styles.description}>
          {dispute.description}
        </Body1>
      ) : null}
    </header>
  );
}
