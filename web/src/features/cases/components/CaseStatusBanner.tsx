import {
  Body1,
  Button,
  Caption1,
  makeStyles,
  MessageBar,
  MessageBarBody,
  shorthands,
  Subtitle1,
  Text,
  tokens,
} from '@fluentui/react-components';
import type { CaseTurn, DisputeView, PhaseView } from '@ratkaisu/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../ui/format-date';
import { phaseOwner } from '../case-rules';
import { finalOutcomeText } from '../outcome-text';
import type { PhaseMoves } from './use-phase-moves';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    ...shorthands.border(tokens.strokeWidthThin, 'solid', tokens.colorNeutralStroke2),
    borderLeftWidth: '4px',
    boxShadow: tokens.shadow4,
  },
  yours: { borderLeftColor: tokens.colorBrandStroke1 },
  waiting: { borderLeftColor: tokens.colorNeutralStroke1 },
  done: { borderLeftColor: tokens.colorPaletteGreenBorder2 },
  title: { margin: 0 },
  facts: {
    display: 'flex',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXXS,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  next: { margin: 0 },
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  waitingText: { color: tokens.colorNeutralForeground2 },
  hint: { color: tokens.colorNeutralForeground2 },
});

export interface CaseStatusBannerProps {
  dispute: DisputeView;
  turn: CaseTurn;
  activePhase?: PhaseView;
  moves: PhaseMoves;
  /** Opens the current phase and puts the focus on its upload zone. */
  onUploadDocuments: () => void;
  /** Scrolls to the decision card and focuses it. */
  onGoToDecision: () => void;
  /** Scrolls to the tribunal panel and focuses it (an arbitrator answering the appointment). */
  onGoToTribunal: () => void;
}

/**
 * The top of the case page: the reader's side, the active phase and its due date, whose move it is and
 * the one next action (core case-turn.ts), so nobody has to scroll to learn what the case waits for.
 */
export function CaseStatusBanner({
  dispute,
  turn,
  activePhase,
  moves,
  onUploadDocuments,
  onGoToDecision,
  onGoToTribunal,
}: CaseStatusBannerProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const titleId = useId();
  const endHintId = useId();
  const phase = activePhase ? t(`phases.${activePhase.type}`) : '';
  const exchange = turn.stage === 'exchange';

  const title = (() => {
    if (dispute.outcome) return finalOutcomeText(dispute.outcome, t);
    if (turn.stage === 'resolved') return t('turn.resolved');
    if (turn.stage === 'closed') return t('turn.closed');
    switch (turn.whose) {
      case 'you':
        return t('turn.yourTurn');
      case 'otherParty':
        return t('turn.waitingForOtherParty');
      case 'parties':
        return t('turn.waitingForParties');
      case 'tribunal':
        return t('turn.waitingForTribunal');
      default:
        return t('turn.decisionGenerating');
    }
  })();

  const side =
    dispute.side === 'tribunal'
      ? t('tribunal.youSitOnTribunal')
      : dispute.side === 'claimant'
        ? t('cases.youRepresentClaimant')
        : t('cases.youRepresentRespondent');

  const seat = dispute.side === 'tribunal' ? 'Seat' : '';
  const next = (() => {
    switch (turn.next) {
      case 'uploadAndSend':
        if (turn.whose === 'you') {
          return (activePhase?.attachments.length ?? 0) > 0
            ? t('turn.nextSendYours', { phase })
            : t('turn.nextUploadYours', { phase });
        }
        return activePhase && phaseOwner(activePhase.type) === 'claimant'
          ? t('turn.nextWaitClaimant', { phase })
          : t('turn.nextWaitRespondent', { phase });
      case 'createDecision':
        return t(`turn.nextCreateDecision${seat ? 'TribunalSeat' : ''}`);
      case 'decisionGenerating':
        return t('turn.nextDecisionGenerating');
      case 'acceptDecision':
        return turn.whose === 'otherParty' ? t('turn.nextAcceptDecisionWaiting') : t('turn.nextAcceptDecision');
      case 'appointTribunal':
        return t(`turn.nextAppointTribunal${seat}`);
      case 'tribunalDecides':
        return t(`turn.nextTribunalDecides${seat}`);
      default:
        // §§ 38–39 requests exist for an award only: an accepted AI decision promises none.
        if (dispute.outcome)
          return t(dispute.outcome.kind === 'award' ? 'outcome.finalExplained' : 'outcome.finalExplainedAccepted');
        return turn.stage === 'closed' ? t('turn.nextClosed') : t('turn.nextResolved');
    }
  })();

  const hasFiles = (activePhase?.attachments.length ?? 0) > 0;
  const action = (() => {
    if (turn.whose !== 'you') {
      // The other side is mailed when a phase starts (advance-phase.ts), so "we'll email you" is a promise kept.
      // An arbitrator is not mailed about the parties' phases, and has no move in them.
      if (exchange && dispute.side === 'tribunal') return null;
      if (exchange) {
        return (
          <Text weight="semibold" className={styles.waitingText} data-testid="next-action">
            {t('turn.waitingEmail')}
          </Text>
        );
      }
      if (turn.stage === 'processEnded' || turn.stage === 'resolved') {
        return (
          <Button appearance="primary" onClick={onGoToDecision} data-testid="next-action">
            {t('turn.goToDecision')}
          </Button>
        );
      }
      return null;
    }
    if (exchange && moves.acting) {
      return hasFiles ? (
        <Button
          appearance="primary"
          onClick={() => moves.saveAndSend('banner')}
          disabled={moves.busy}
          data-testid="next-action"
        >
          {t('cases.saveAndSend')}
        </Button>
      ) : (
        <Button appearance="primary" onClick={onUploadDocuments} data-testid="next-action">
          {t('turn.uploadDocuments')}
        </Button>
      );
    }
    if (turn.next === 'appointTribunal') {
      return (
        <Button appearance="primary" onClick={onGoToTribunal} data-testid="next-action">
          {t('turn.goToTribunal')}
        </Button>
      );
    }
    return (
      <Button appearance="primary" onClick={onGoToDecision} data-testid="next-action">
        {t('turn.goToDecision')}
      </Button>
    );
  })();

  const message = moves.message?.origin === 'banner' ? moves.message : null;
  const tone = turn.whose === 'you' ? styles.yours : turn.whose === 'nobody' ? styles.done : styles.waiting;

  return (
    <section
      className={`${styles.root} ${tone}`}
      aria-labelledby={titleId}
      data-testid="case-banner"
      data-whose={turn.whose}
    >
      <Subtitle1 as="h2" id={titleId} className={styles.title} data-testid="case-banner-title">
        {title}
      </Subtitle1>
      <ul className={styles.facts} aria-label={t('turn.bannerLabel')}>
        <li>
          <Text weight="semibold" data-testid="case-side">
            {side}
          </Text>
        </li>
        {activePhase && !dispute.outcome ? (
          <li>
            <Text>{exchange ? t('turn.activePhase', { phase }) : t('turn.processEndedPhase')}</Text>
          </li>
        ) : null}
        {exchange && activePhase?.dueDate ? (
          <li>
            <Text data-testid="case-banner-due">{t('turn.due', { date: formatDate(activePhase.dueDate) })}</Text>
          </li>
        ) : null}
      </ul>
      <Body1 as="p" className={styles.next} data-testid="case-banner-next">
        {next}
      </Body1>
      {message ? (
        <MessageBar intent={message.intent} role="alert">
          <MessageBarBody>{message.text}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={styles.actions}>
        {action}
        {moves.canEnd ? (
          <Button onClick={() => moves.askEndProcess('banner')} disabled={moves.busy} aria-describedby={endHintId}>
            {t('cases.endProcess')}
          </Button>
        ) : null}
      </div>
      {moves.canEnd ? (
        <Caption1 id={endHintId} className={styles.hint}>
          {t('turn.endProcessExplained', { phase })}
        </Caption1>
      ) : null}
    </section>
  );
}
