import {
  Body1,
  Button,
  Card,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Subtitle2,
  tokens,
} from '@fluentui/react-components';
import { isFinal, type DisputeView, type PhaseType, type PhaseView } from '@ratkaisu/core';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { LoadingScreen } from '../../../ui/LoadingScreen';
import { PageHeading } from '../../../ui/PageHeading';
import { RouterLink } from '../../../ui/RouterLink';
import { useChangeWatch } from '../../../ui/live/use-change-watch';
import { useRefreshCase } from '../../../ui/use-refresh-case';
import { getCaseChangeToken } from '../api/case';
import { useAccordionMemory } from '../accordion-memory';
import { phaseOfType, phaseOwner, PLAINTIFF_COLUMN, RESPONDENT_COLUMN, turnOfCase } from '../case-rules';
import { BecameFinalNotice, useBecameFinal } from '../components/BecameFinalNotice';
import { CounselNameCard } from '../components/CounselNameCard';
import { CaseActions } from '../components/CaseActions';
import { CaseHeader } from '../components/CaseHeader';
import { CaseRetentionCard } from '../components/CaseRetentionCard';
import { CaseStatusBanner } from '../components/CaseStatusBanner';
import { CurrentPhaseCard } from '../components/CurrentPhaseCard';
import { usePhaseMoves } from '../components/use-phase-moves';
import { ClaimGeneratorCard } from '../components/ClaimGeneratorCard';
import { DecisionCard, latestDecision } from '../components/DecisionCard';
import { PartyCard } from '../components/PartyCard';
import { PhaseColumn } from '../components/PhaseColumn';
import { PhasePanel } from '../components/PhasePanel';
import { WorkFilesCard } from '../components/WorkFilesCard';
import { type CasePoll, useCaseData } from '../use-case-data';

/** docs/product.md section 9: while a decision is generating, the page looks again every 30 s. */
export const DECISION_POLL_MS = 30_000;

const pollWhileGenerating: CasePoll = ({ phases }) => {
  const resolution = phaseOfType(phases, 'Resolution');
  return resolution && latestDecision(resolution)?.status === 'Generating' ? DECISION_POLL_MS : false;
};

const useStyles = makeStyles({
  page: {
    maxWidth: '1200px',
    width: '100%',
    margin: '0 auto',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXL,
  },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 360px), 1fr))',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
  },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  notFound: { padding: tokens.spacingVerticalXXL, gap: tokens.spacingVerticalM, alignItems: 'flex-start' },
  text: { margin: 0 },
  pointer: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    paddingBottom: tokens.spacingVerticalM,
  },
  // Focus lands here from the banner's button; the card inside shows where it is.
  anchor: { outlineStyle: 'none', scrollMarginTop: tokens.spacingVerticalL },
});

export interface CaseAttachmentPageProps {
  /**
   * Opens the claim generator with the chosen Claim-phase files (none from the Tools entry). The
   * generator is its own feature, composed with this page by the app.
   */
  onGenerateClaim: (selectedFileIds: string[]) => void;
  /**
   * The tribunal panel (its own feature, composed by the app): shown under the parties. Its actions fetch the
   * case's queries again themselves (ui/use-refresh-case.ts).
   */
  renderTribunal?: (dispute: DisputeView) => ReactNode;
  /** The case's fees and the payments its steps wait for (its own feature, docs/fees.md), under the header. */
  renderPayments?: (dispute: DisputeView) => ReactNode;
  /** The issued award's delivery, deadlines and corrections under it on the decision card (§§ 37–39). */
  renderAwardAftercare?: (dispute: DisputeView, awardId: string) => ReactNode;
}

/** `/case-attachment/:disputeId`: one case's parties, documents by phase, decision and tools (docs/product.md section 2). */
export default function CaseAttachmentPage(props: CaseAttachmentPageProps) {
  const { disputeId = '' } = useParams();
  // A new case id starts from scratch: its own data, accordion memory and selections.
  return <CasePage key={disputeId} disputeId={disputeId} {...props} />;
}

function CasePage({
  disputeId,
  onGenerateClaim,
  renderTribunal,
  renderPayments,
  renderAwardAftercare,
}: { disputeId: string } & CaseAttachmentPageProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { data, reload } = useCaseData(disputeId, t('ErrorTryAgainText'), pollWhileGenerating);

  if (data.status === 'loading') return <LoadingScreen inline label={t('cases.loadingCase')} />;
  if (data.status === 'notFound') {
    return (
      <div className={styles.page}>
        <Card className={styles.notFound} role="alert">
          <PageHeading>{t('cases.caseNotFound')}</PageHeading>
          <Body1 as="p" className={styles.text}>
            {t('cases.caseNotFoundDetail')}
          </Body1>
          <RouterLink to="/home">{t('app.goHome')}</RouterLink>
        </Card>
      </div>
    );
  }
  if (data.status === 'error') {
    return (
      <div className={styles.page}>
        <PageHeading>{t('caseAttachments')}</PageHeading>
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{data.message}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => void reload()}>{t('cases.tryAgain')}</Button>
          </MessageBarActions>
        </MessageBar>
      </div>
    );
  }
  return (
    <CaseView
      dispute={data.dispute}
      phases={data.phases}
      refreshFailed={data.refreshFailed}
      onGenerateClaim={onGenerateClaim}
      renderTribunal={renderTribunal}
      renderPayments={renderPayments}
      renderAwardAftercare={renderAwardAftercare}
    />
  );
}

function CaseView({
  dispute,
  phases,
  refreshFailed,
  onGenerateClaim,
  renderTribunal,
  renderPayments,
  renderAwardAftercare,
}: {
  dispute: DisputeView;
  phases: PhaseView[];
  /** The last quiet refetch failed: the case shown may be out of date. */
  refreshFailed: boolean;
} & CaseAttachmentPageProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const documentsHeadingId = useId();
  const toolsHeadingId = useId();
  const accordion = useAccordionMemory(dispute.id);
  const activePhase = phases.find((phase) => phase.id === dispute.activePhaseId);
  const resolution = phaseOfType(phases, 'Resolution');
  const turn = turnOfCase(dispute, phases);
  // Both parties accepted one version, or an award was issued: the case shows its outcome and offers no change.
  const final = isFinal(dispute);
  const becameFinal = useBecameFinal(dispute);
  const currentPhaseRef = useRef<HTMLElement>(null);
  const decisionRef = useRef<HTMLDivElement>(null);
  const tribunalRef = useRef<HTMLDivElement>(null);
  // The exchange's open phase sits at the top, under the banner; the lists below start collapsed.
  const currentPhase = !resolution && activePhase && activePhase.type !== 'Resolution' ? activePhase : undefined;

  const reveal = (target: HTMLElement | null, focusSelector?: string) => {
    if (!target) return;
    // Optional: jsdom and some embedded browsers have no scrollIntoView; focus still moves there.
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    target.scrollIntoView?.({ block: 'start', behavior: still ? 'auto' : 'smooth' });
    const focusable = focusSelector ? target.querySelector<HTMLElement>(focusSelector) : null;
    (focusable ?? target).focus({ preventScroll: true });
  };

  // A notice's link names a place on the page (#decision, #tribunal, #claims-summary): go there once it shows.
  const { hash } = useLocation();
  const revealedHash = useRef<string | undefined>(undefined);
  useEffect(() => {
    const place = hash.slice(1);
    if (!place || revealedHash.current === hash) return;
    // The claims summary is a card of the tribunal's place.
    const target = document.getElementById(place === 'claims-summary' ? 'tribunal' : place);
    if (!target) return;
    revealedHash.current = hash;
    reveal(target);
  }, [hash, phases, dispute]);

  // An action changed the case: every query of the case is fetched again (a failure shows as refreshFailed).
  const refreshCase = useRefreshCase(dispute.id);
  const moves = usePhaseMoves({ dispute, phases, activePhase });

  // An upload refused because the phase closed meanwhile: its zone disappears with the reload, so the
  // server's message stays on the page.
  const [staleNotice, setStaleNotice] = useState<string | null>(null);
  const onStale = useCallback(
    (message: string) => {
      setStaleNotice(message);
      void refreshCase();
    },
    [refreshCase],
  );

  // Live: a change made elsewhere (the other party, the tribunal) is fetched within seconds, quietly.
  const fetchChangeToken = useCallback((signal: AbortSignal) => getCaseChangeToken(dispute.id, signal), [dispute.id]);
  useChangeWatch(fetchChangeToken, refreshCase);

  const renderPanelOf = (phase: PhaseView) => {
    const active = phase.id === dispute.activePhaseId && !resolution;
    const editable = active && phaseOwner(phase.type) === dispute.side;
    return (
      <PhasePanel
        disputeId={dispute.id}
        phase={phase}
        locked={!active}
        editable={editable}
        claimTools={editable && phase.type === 'Claim'}
        onStale={onStale}
        onGenerateClaim={onGenerateClaim}
      />
    );
  };

  const renderPanel = (phase: PhaseView) => {
    const active = phase.id === dispute.activePhaseId && !resolution;
    if (active && currentPhase) {
      return (
        <div className={styles.pointer}>
          <Body1>{t('turn.shownAtTop')}</Body1>
          <Button appearance="secondary" onClick={() => reveal(currentPhaseRef.current)}>
            {t('turn.goToCurrentPhase')}
          </Button>
        </div>
      );
    }
    return renderPanelOf(phase);
  };

  const columnProps = {
    phases,
    activePhaseId: dispute.activePhaseId,
    // Collapsed unless the user opened one: the active phase is open at the top already.
    isOpen: (type: PhaseType) => accordion.isOpen(type, false),
    setOpen: accordion.setOpen,
    renderPanel,
  };

  return (
    <div className={styles.page}>
      <CaseHeader dispute={dispute} stage={turn.stage}>
        <CaseStatusBanner
          dispute={dispute}
          turn={turn}
          activePhase={activePhase}
          moves={moves}
          onUploadDocuments={() => {
            reveal(currentPhaseRef.current, '[data-upload-zone] [role="button"]');
            // Opens the file picker at once (inside the click, as browsers require); the zone keeps the focus.
            currentPhaseRef.current?.querySelector<HTMLInputElement>('[data-upload-zone] input[type="file"]')?.click();
          }}
          onGoToDecision={() => reveal(decisionRef.current)}
          onGoToTribunal={() => reveal(tribunalRef.current)}
        />
      </CaseHeader>
      {renderPayments?.(dispute)}
      {currentPhase ? (
        <CurrentPhaseCard ref={currentPhaseRef} phase={currentPhase}>
          {renderPanelOf(currentPhase)}
        </CurrentPhaseCard>
      ) : null}
      {refreshFailed ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{t('cases.refreshFailed')}</MessageBarBody>
        </MessageBar>
      ) : null}
      {becameFinal ? <BecameFinalNotice outcome={becameFinal} /> : null}
      {dispute.side !== 'tribunal' && !final ? <CounselNameCard disputeId={dispute.id} /> : null}
      {staleNotice && !becameFinal ? (
        <MessageBar intent="warning" role="alert">
          <MessageBarBody>{staleNotice}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={styles.grid}>
        <PartyCard
          title={t('cases.claimantInformation')}
          party={dispute.claimant}
          {...(dispute.counsel?.claimant ? { counsel: dispute.counsel.claimant } : {})}
        />
        <PartyCard
          title={t('cases.respondentInformation')}
          party={dispute.respondent}
          {...(dispute.counsel?.respondent ? { counsel: dispute.counsel.respondent } : {})}
        />
      </div>
      {renderTribunal ? (
        <div ref={tribunalRef} id="tribunal" tabIndex={-1} className={styles.anchor}>
          {renderTribunal(dispute)}
        </div>
      ) : null}
      {resolution ? (
        <div ref={decisionRef} id="decision" tabIndex={-1} className={styles.anchor} data-testid="decision-anchor">
          <DecisionCard
            disputeId={dispute.id}
            side={dispute.side}
            tribunal={dispute.tribunal}
            claimsSummary={dispute.claimsSummary}
            {...(dispute.outcome ? { outcome: dispute.outcome } : {})}
            resolution={resolution}
            {...(renderAwardAftercare
              ? { renderAwardAftercare: (awardId: string) => renderAwardAftercare(dispute, awardId) }
              : {})}
          />
        </div>
      ) : null}
      {dispute.retention ? (
        <div id="retention" tabIndex={-1} className={styles.anchor}>
          <CaseRetentionCard retention={dispute.retention} />
        </div>
      ) : null}
      <section className={styles.section} aria-labelledby={documentsHeadingId}>
        <Subtitle2 as="h2" id={documentsHeadingId} className={styles.heading}>
          {t('cases.documents')}
        </Subtitle2>
        <div className={styles.grid}>
          <PhaseColumn
            title={t('cases.plaintiffDocuments')}
            types={PLAINTIFF_COLUMN}
            testId="plaintiff-documents"
            {...columnProps}
          />
          <PhaseColumn
            title={t('cases.respondentDocuments')}
            types={RESPONDENT_COLUMN}
            testId="respondent-documents"
            {...columnProps}
          />
        </div>
      </section>
      {/* Work files are each side's own; an arbitrator has none and generates no claims. */}
      {dispute.side === 'tribunal' ? null : (
        <section className={styles.section} aria-labelledby={toolsHeadingId}>
          <Subtitle2 as="h2" id={toolsHeadingId} className={styles.heading}>
            {t('cases.tools')}
          </Subtitle2>
          <div className={styles.grid}>
            <WorkFilesCard disputeId={dispute.id} onStale={onStale} readOnly={final} />
            {dispute.side === 'claimant' && !final ? <ClaimGeneratorCard onOpen={() => onGenerateClaim([])} /> : null}
          </div>
        </section>
      )}
      <CaseActions dispute={dispute} phases={phases} activePhase={activePhase} moves={moves} />
      {moves.dialogs}
    </div>
  );
}
