import {
  Avatar,
  Badge,
  Button,
  Caption1,
  Card,
  makeStyles,
  Spinner,
  Subtitle2,
  Text,
  tokens,
} from '@fluentui/react-components';
import type { CaseTurn } from '@ratkaisu/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../ui/format-date';
import { RouterLink } from '../../../ui/RouterLink';
import { useCaseListStyles } from '../../../ui/case-list-styles';
import type { DashboardCase } from '../case-lists';
import { finalOutcomeText } from '../outcome-text';

const useStyles = makeStyles({
  creator: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  email: { overflowWrap: 'anywhere' },
  side: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
  due: { whiteSpace: 'nowrap' },
  empty: { margin: 0, color: tokens.colorNeutralForeground3, padding: `${tokens.spacingVerticalS} 0` },
  more: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
});

/** The row's cue: whose move the case waits for. */
function turnCue(turn: CaseTurn): { key: TurnRowKey; yours: boolean } | null {
  if (turn.whose === 'you') return { key: 'turn.rowYourTurn', yours: true };
  if (turn.whose === 'otherParty') return { key: 'turn.rowWaitingOtherParty', yours: false };
  if (turn.whose === 'tribunal') return { key: 'turn.rowWaitingTribunal', yours: false };
  if (turn.next === 'decisionGenerating') return { key: 'turn.rowDecisionGenerating', yours: false };
  if (turn.stage === 'processEnded') return { key: 'turn.rowProcessEnded', yours: false };
  return null;
}

type TurnRowKey =
  | 'turn.rowYourTurn'
  | 'turn.rowWaitingOtherParty'
  | 'turn.rowWaitingTribunal'
  | 'turn.rowDecisionGenerating'
  | 'turn.rowProcessEnded';

/** A section's paging: how many of how many are shown, and the next page on demand. */
export interface CaseListMore {
  shown: number;
  total?: number;
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
}

/** One dashboard section: its heading and its cases, or the empty text. */
export function CaseList({
  title,
  emptyText,
  cases,
  resolved = false,
  testId,
  more,
  level = 2,
}: {
  title: string;
  emptyText: string;
  cases: DashboardCase[];
  resolved?: boolean;
  testId: string;
  more?: CaseListMore;
  /** The heading's level: 3 for the groups inside In Progress Cases. */
  level?: 2 | 3;
}) {
  const { t } = useTranslation();
  const styles = { ...useCaseListStyles(), ...useStyles() };
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId} data-testid={testId}>
      <Subtitle2 as={level === 3 ? 'h3' : 'h2'} id={headingId} className={styles.heading}>
        {title}
      </Subtitle2>
      {cases.length === 0 ? (
        <Text as="p" className={styles.empty}>
          {emptyText}
        </Text>
      ) : (
        <ul className={styles.list}>
          {cases.map(({ dispute, dueDate, turn }) => {
            const email = dispute.createdBy.email;
            const cue = resolved ? null : turnCue(turn);
            return (
              <li key={dispute.id} data-testid="case-row">
                <Card className={styles.card}>
                  <div className={styles.main}>
                    <RouterLink to={`/case-attachment/${encodeURIComponent(dispute.id)}`} className={styles.name}>
                      {dispute.name}
                    </RouterLink>
                    <Caption1 className={styles.meta}>{formatDate(dispute.dateCreated)}</Caption1>
                    <Text size={200} data-testid="case-row-side">
                      {dispute.side === 'claimant'
                        ? t('cases.youRepresentClaimant')
                        : t('cases.youRepresentRespondent')}
                    </Text>
                  </div>
                  <div className={styles.side}>
                    <span className={styles.creator}>
                      <Avatar
                        size={28}
                        color="colorful"
                        idForColor={email}
                        initials={(email.charAt(0) || '?').toUpperCase()}
                        aria-hidden
                      />
                      <Text className={styles.email}>{email}</Text>
                    </span>
                    {cue ? (
                      <Badge
                        appearance={cue.yours ? 'filled' : 'tint'}
                        color={cue.yours ? 'brand' : 'informative'}
                        data-testid="case-row-turn"
                      >
                        {t(cue.key)}
                      </Badge>
                    ) : null}
                    {resolved ? (
                      <Badge appearance="filled" color="success" data-testid="case-row-outcome">
                        {dispute.outcome ? finalOutcomeText(dispute.outcome, t) : t('cases.resolved')}
                      </Badge>
                    ) : dueDate !== undefined ? (
                      <Text className={styles.due} data-testid="case-due">
                        {t('cases.due')} {formatDate(dueDate)}
                      </Text>
                    ) : null}
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      {more && (more.hasMore || (more.total !== undefined && more.total > more.shown)) ? (
        <div className={styles.more}>
          {more.total !== undefined ? (
            <Caption1 className={styles.meta} aria-live="polite">
              {t('cases.showingOf', { shown: more.shown, total: more.total })}
            </Caption1>
          ) : null}
          {more.hasMore ? (
            <Button
              onClick={more.onMore}
              disabled={more.loading}
              icon={more.loading ? <Spinner size="tiny" /> : undefined}
              aria-label={t('cases.showMoreOf', { section: title })}
            >
              {t('cases.showMore')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
