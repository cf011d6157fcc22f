import { Badge, Body1, Caption1, makeStyles, Text, tokens } from '@fluentui/react-components';
import type { CaseStage, DisputeStatus, DisputeView } from '@ratkaisu/core';
import type { ReactNode } from 'react';
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

/**
 * The case's name and creation date (docs/product.md route table), its status and description; `children` (the
 * status banner) come before the description, so a long description never pushes the next action down.
 * An InProgress case whose process has ended says so instead of "In Progress" (docs/product.md's status stays).
 */
export function CaseHeader({
  dispute,
  stage,
  children,
}: {
  dispute: DisputeView;
  stage: CaseStage;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const status =
    stage === 'processEnded' && dispute.status !== 'Resolved' && dispute.status !== 'Closed'
      ? ({ key: 'cases.statusProcessEnded', color: 'informative' } as const)
      : STATUS_BADGE[dispute.status];
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
        <Badge
          appearance="filled"
          color={status.color}
          aria-label={`${t('cases.caseStatus')}: ${t(status.key)}`}
          data-testid="case-status"
        >
          {t(status.key)}
        </Badge>
        <Caption1 className={styles.meta}>{t('cases.createdBy', { email: dispute.createdBy.email })}</Caption1>
      </div>
      {children}
      {dispute.description ? (
        <Body1 as="p" className={styles.description}>
          {dispute.description}
        </Body1>
      ) : null}
    </header>
  );
}
