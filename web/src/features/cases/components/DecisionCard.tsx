import {
  Body1,
  Button,
  Caption1,
  Card,
  Link,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Subtitle2,
  Textarea,
  Field,
  tokens,
} from '@fluentui/react-components';
import {
  claimsConfirmed,
  type AttachmentView,
  type CaseOutcome,
  type ClaimsSummaryView,
  type DisputeView,
  type PhaseView,
  type TribunalView,
} from '@ratkaisu/core';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { errorMessage } from '../../../api/error-message';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { formatDateTime } from '../../../ui/format-date';
import { RouterLink } from '../../../ui/RouterLink';
import { useRefreshCase } from '../../../ui/use-refresh-case';
import { downloadAttachment } from '../api/case';
import { JobProgress } from '../../../ui/job-progress/JobProgress';
import { useJobPoller } from '../../../ui/job-progress/use-job-poller';
import { AiSystemNotice, ReportAiProblem } from '../../../ui/ReportAiProblem';
import { acceptAiDecision, generateDecision, getDecisionJobStatus, stopDecisionGeneration } from '../api/decision';
import { loadDecisionSettings } from '../../../stores/decision-settings';
import { DecisionSettingsModal } from './DecisionSettingsModal';
import { DecisionSettingsRecordDialog } from './DecisionSettingsRecordDialog';
import { AcceptDecisionDialog } from './AcceptDecisionDialog';
import { DecisionVersionFacts, regenerationLapseWarning } from './DecisionVersionFacts';

const useStyles = makeStyles({
  card: { padding: tokens.spacingVerticalL, gap: tokens.spacingVerticalS },
  heading: { margin: 0 },
  text: { margin: 0 },
  spinner: { justifyContent: 'flex-start' },
  download: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalXXS },
  fileName: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, paddingTop: tokens.spacingVerticalS },
  earlier: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
  earlierItem: { display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: tokens.spacingHorizontalS },
  kindTitle: { margin: 0, fontWeight: tokens.fontWeightSemibold },
  notice: { margin: 0, color: tokens.colorNeutralForeground2 },
  muted: { color: tokens.colorNeutralForeground3 },
  block: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalS },
});

function time(value: string | Date): number {
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? 0 : ms;
}

/** The decision: the Resolution phase's newest file. */
export function latestDecision(resolution: PhaseView): AttachmentView | undefined {
  return [...resolution.attachments].sort((a, b) => time(b.dateCreated) - time(a.dateCreated))[0];
}

type Busy = 'starting' | 'stopping' | 'accepting' | null;

/** The review screen of a tribunal's draft (composed by the app). */
export const awardReviewPath = (disputeId: string, awardId: string) =>
  `/case-attachment/${encodeURIComponent(disputeId)}/award/${encodeURIComponent(awardId)}`;

/** The newest issued award (a tribunal's, Completed) among the phase's files. */
function issuedAward(resolution: PhaseView): AttachmentView | undefined {
  return [...resolution.attachments]
    .filter((file) => file.decisionKind === 'award' && file.status === 'Completed')
    .sort((a, b) => time(b.dateCreated) - time(a.dateCreated))[0];
}

export interface DecisionCardProps {
  disputeId: string;
  resolution: PhaseView;
  /** The caller's side; an arbitrator of the case is `tribunal`. */
  side?: DisputeView['side'];
  /** The case's tribunal, once requested: then only its members generate, and parties wait for the award. */
  tribunal?: TribunalView;
  /** The summary of the parties' claims: a tribunal drafts once both sides answered it, or with a reason. */
  claimsSummary?: ClaimsSummaryView;
  /** The case's final outcome: then nothing is generated, stopped or accepted any more (the server refuses it). */
  outcome?: CaseOutcome;
  /** What follows an issued award on its card — delivery, deadlines, corrections (composed by the app). */
  renderAwardAftercare?: (awardId: string) => ReactNode;
}

/** The longest wait between two looks at a decision job's progress (the case page's own poll is 30 s). */
const DECISION_PROGRESS_CEILING_MS = 10_000;

/**
 * The decision card, shown once a Resolution phase exists (docs/product.md sections 2 and 4, Decision): not
 * created yet, generating, the finished PDF to download, or why generation failed; Create decision with
 * the stored settings, Settings, and Stop Generating while a generation runs. After starting or
 * stopping, the case's queries are fetched at once (ui/use-refresh-case.ts) rather than at the page's next 30 s
 * poll; a refetch that fails shows on the case page.
 *
 * docs/product.md says the case page ignores generation errors silently. Here a refused start or stop is shown
 * (the server's sentence: already generating, not in Resolution, invalid settings; otherwise a generic
 * text), because a button that does nothing visible leaves the user clicking again. A 409 also
 * fetches the case, since it means the case changed meanwhile (e.g. the other party started one).
 */
export function DecisionCard({
  disputeId,
  resolution,
  side = 'claimant',
  tribunal,
  claimsSummary,
  outcome,
  renderAwardAftercare,
}: DecisionCardProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const headingId = useId();
  const refresh = useRefreshCase(disputeId);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [confirming, setConfirming] = useState<'stop' | 'replace' | 'accept' | null>(null);
  const [settingsOf, setSettingsOf] = useState<string | null>(null);
  const isMember = side === 'tribunal';
  // On a tribunal case the parties see nothing of the tribunal's work until the award is issued.
  const partyWaitsForAward = tribunal !== undefined && !isMember;
  const canGenerate = outcome === undefined && (tribunal === undefined ? !isMember : isMember);
  // The first validation gate: the parties confirm or correct the summary of their claims first, unless the
  // tribunal gives its reason for proceeding without their answer.
  const gated = tribunal !== undefined && isMember && !claimsConfirmed(claimsSummary);
  const [proceedReason, setProceedReason] = useState('');
  const reasonReady = proceedReason.trim().length >= 10;
  const decision = partyWaitsForAward ? issuedAward(resolution) : latestDecision(resolution);
  // The generation this card started: shown as generating from the server's answer until its job ends, so the
  // click is answered at once even when the job finishes before the case is fetched again.
  const [started, setStarted] = useState<{ jobId: string; attachmentId: string } | null>(null);
  const generating = decision?.status === 'Generating' || started !== null;
  // Earlier finished decisions stay downloadable: a new decision must not make an older award unreachable.
  const earlier = resolution.attachments
    .filter((file) => file.id !== decision?.id && file.status === 'Completed' && file.decisionKind !== 'award')
    .sort((a, b) => time(b.dateCreated) - time(a.dateCreated));

  // The decision job's own progress: the stage the server reports, chapter n of 7. When the job
  // ends, the case is fetched at once rather than at the page's next poll. A job the caller may not read
  // (another member's) leaves the spinner.
  const [progressUnavailable, setProgressUnavailable] = useState<string | null>(null);
  const followedJob =
    started?.jobId ??
    (decision?.status === 'Generating' && decision.jobId && progressUnavailable !== decision.jobId
      ? decision.jobId
      : null);
  const job = useJobPoller({
    jobId: followedJob,
    fetchStatus: getDecisionJobStatus,
    ceilingMs: DECISION_PROGRESS_CEILING_MS,
    fatal: (failure) => failure instanceof ApiError && (failure.status === 404 || failure.status === 401),
    onEnd: () => {
      setStarted(null);
      void refresh();
    },
    onGiveUp: () => {
      if (started) setStarted(null);
      else setProgressUnavailable(decision?.jobId ?? null);
    },
  });

  // A poll that finds the generation over ends the question: there is nothing left to stop.
  useEffect(() => {
    if (!generating && busy !== 'stopping') setConfirming((current) => (current === 'stop' ? null : current));
  }, [generating, busy]);

  // A party's first download of a decision is recorded as its opening (and receipt): the case is fetched again
  // so the card (and the accept dialog) learn of it.
  const download = (file: AttachmentView) => {
    setError(null);
    const firstOpen = !isMember && file.decisionKind !== undefined && !file.receipts?.some((r) => r.side === side);
    downloadAttachment(disputeId, resolution.id, file)
      .then(() => (firstOpen ? refresh() : undefined))
      .catch((failure: unknown) => setError(errorMessage(failure, t('cases.downloadFailed'))));
  };

  // Busy until the case has been fetched again, so Create decision cannot be pressed twice in the gap
  // between the server's answer and the card showing the generation.
  const run = async (kind: Exclude<Busy, null>, call: () => Promise<unknown>, fallback: string) => {
    if (busy) return;
    setBusy(kind);
    setError(null);
    try {
      await call();
      await refresh();
    } catch (failure) {
      setError(errorMessage(failure, fallback));
      if (failure instanceof ApiError && failure.status === 409) await refresh();
    } finally {
      setBusy(null);
      setConfirming(null);
    }
  };

  const create = () =>
    void run(
      'starting',
      () =>
        generateDecision(disputeId, loadDecisionSettings(), gated ? proceedReason.trim() : undefined).then(setStarted),
      t('decision.startFailed'),
    );
  // The card shows only the newest decision, so a new one hides a finished PDF: that is asked first.
  const onCreate = () =>
    decision?.status === 'Completed' || decision?.status === 'Draft' ? setConfirming('replace') : create();
  const stop = () => void run('stopping', () => stopDecisionGeneration(disputeId), t('decision.stopFailed'));
  const accept = (file: AttachmentView) =>
    void run('accepting', () => acceptAiDecision(disputeId, file.id), t('tribunal.acceptFailed'));

  const sideName = (value: 'claimant' | 'respondent') =>
    value === 'claimant' ? t('tribunal.sideClaimant') : t('tribunal.sideRespondent');
  const receipts = (file: AttachmentView) =>
    (file.receipts ?? []).map((receipt) => (
      <Caption1 key={receipt.side} className={styles.muted} data-testid="decision-receipt">
        {t('tribunal.receipt', { side: sideName(receipt.side), date: formatDateTime(receipt.at) })}
      </Caption1>
    ));
  const downloadBlock = (file: AttachmentView, label: string) => (
    <div className={styles.download}>
      <Link as="button" onClick={() => download(file)}>
        {label}
      </Link>
      <Caption1 className={styles.fileName}>{file.fileName}</Caption1>
    </div>
  );

  let body;
  if (started) {
    body = <JobProgress status={job.status} label={t('decision.generating')} data-testid="decision-progress" />;
  } else if (partyWaitsForAward && !decision) {
    body = (
      <Body1 as="p" className={styles.text}>
        {t('tribunal.tribunalPreparing')}
      </Body1>
    );
  } else if (decision?.decisionKind === 'award' && decision.status === 'Completed') {
    body = (
      <div className={styles.block}>
        <Body1 as="p" className={styles.kindTitle}>
          {t('tribunal.awardIssued')}
        </Body1>
        {downloadBlock(decision, t('tribunal.downloadAward'))}
        {renderAwardAftercare ? renderAwardAftercare(decision.id) : receipts(decision)}
        {isMember ? (
          <RouterLink to={awardReviewPath(disputeId, decision.id)}>{t('tribunal.reviewDraft')}</RouterLink>
        ) : null}
        <ReportAiProblem target={{ disputeId, output: 'award', outputId: decision.id }} />
      </div>
    );
  } else if (decision?.status === 'Draft') {
    body = (
      <div className={styles.block}>
        <Body1 as="p" className={styles.kindTitle}>
          {t('tribunal.draftTitle')}
        </Body1>
        {isMember ? (
          <RouterLink to={awardReviewPath(disputeId, decision.id)}>{t('tribunal.reviewDraft')}</RouterLink>
        ) : null}
        {downloadBlock(decision, t('tribunal.downloadDraft'))}
      </div>
    );
  } else if (decision?.status === 'Completed' && decision.decisionKind === 'aiDecision') {
    const acceptedBy = decision.acceptedBy ?? [];
    const bothAccepted = acceptedBy.includes('claimant') && acceptedBy.includes('respondent');
    const mayAccept =
      !outcome && !isMember && tribunal === undefined && !acceptedBy.includes(side as 'claimant' | 'respondent');
    body = (
      <div className={styles.block}>
        <Body1 as="p" className={styles.kindTitle}>
          {t('tribunal.aiDecisionTitle')}
        </Body1>
        <Caption1 className={styles.notice}>
          {t(outcome?.kind === 'accepted' ? 'tribunal.aiDecisionNoticeAccepted' : 'tribunal.aiDecisionNotice')}
        </Caption1>
        {downloadBlock(decision, t('decision.download'))}
        <DecisionVersionFacts file={decision} />
        <Link as="button" onClick={() => setSettingsOf(decision.id)}>
          {t('tribunal.viewSettings')}
        </Link>
        <Body1 as="p" className={styles.text} data-testid="decision-accepted-by">
          {bothAccepted
            ? t('tribunal.acceptedByBoth')
            : acceptedBy.length === 0
              ? t('tribunal.acceptedByNobody')
              : t('tribunal.acceptedBy', { sides: acceptedBy.map(sideName).join(', ') })}
        </Body1>
        {receipts(decision)}
        {mayAccept ? (
          <Button appearance="primary" disabled={busy !== null} onClick={() => setConfirming('accept')}>
            {t('tribunal.acceptDecision')}
          </Button>
        ) : null}
        <ReportAiProblem target={{ disputeId, output: 'aiDecision', outputId: decision.id }} />
      </div>
    );
  } else if (!decision) {
    body = (
      <Body1 as="p" className={styles.text}>
        {t('waitingDecision')}
      </Body1>
    );
  } else if (decision.status === 'Generating') {
    body = followedJob ? (
      <JobProgress status={job.status} label={t('decision.generating')} data-testid="decision-progress" />
    ) : (
      <Spinner className={styles.spinner} size="tiny" labelPosition="after" label={t('decision.generating')} />
    );
  } else if (decision.status === 'Failed') {
    body = (
      <MessageBar intent="error">
        <MessageBarBody>{decision.errorMessage || t('decision.failed')}</MessageBarBody>
      </MessageBar>
    );
  } else {
    body = (
      <div className={styles.download}>
        <Link as="button" onClick={() => download(decision)}>
          {t('decision.download')}
        </Link>
        <Caption1 className={styles.fileName}>{decision.fileName}</Caption1>
      </div>
    );
  }

  return (
    <Card className={styles.card} role="region" aria-labelledby={headingId} data-testid="decision-card">
      <Subtitle2 as="h2" id={headingId} className={styles.heading}>
        {t('cases.decisionHeading')}
      </Subtitle2>
      <div aria-live="polite">{body}</div>
      {earlier.length > 0 ? (
        <details>
          <summary>
            <Caption1>{t('decision.earlier', { count: earlier.length })}</Caption1>
          </summary>
          <ul className={styles.earlier}>
            {earlier.map((file) => (
              <li key={file.id} className={styles.earlierItem}>
                <Link as="button" onClick={() => download(file)}>
                  {file.fileName}
                </Link>
                {file.version === undefined ? (
                  <Caption1 className={styles.fileName}>{formatDateTime(file.dateCreated)}</Caption1>
                ) : (
                  <DecisionVersionFacts file={file} />
                )}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {error ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      ) : null}
      {canGenerate && gated ? (
        <MessageBar intent="warning" data-testid="claims-gate">
          <MessageBarBody>{t('tribunal.claimsGate')}</MessageBarBody>
        </MessageBar>
      ) : null}
      {canGenerate && gated ? (
        <Field label={t('tribunal.claimsProceedReason')}>
          <Textarea value={proceedReason} onChange={(_, data) => setProceedReason(data.value)} resize="vertical" />
        </Field>
      ) : null}
      {canGenerate ? <AiSystemNotice textKey={isMember ? 'aiNotice.tribunalDraft' : 'aiNotice.decision'} /> : null}
      {canGenerate ? (
        <div className={styles.actions}>
          <Button
            appearance="primary"
            disabled={generating || busy !== null || (gated && !reasonReady)}
            icon={busy === 'starting' ? <Spinner size="tiny" aria-hidden /> : undefined}
            onClick={onCreate}
          >
            {t('decision.createDecision')}
          </Button>
          <Button onClick={() => setSettingsOpen(true)}>{t('decision.settings')}</Button>
          {generating ? (
            <Button disabled={busy !== null} onClick={() => setConfirming('stop')}>
              {t('decision.stopGenerating')}
            </Button>
          ) : null}
        </div>
      ) : null}
      <DecisionSettingsRecordDialog disputeId={disputeId} awardId={settingsOf} onClose={() => setSettingsOf(null)} />
      {decision && side !== 'tribunal' ? (
        <AcceptDecisionDialog
          open={confirming === 'accept'}
          disputeId={disputeId}
          decision={decision}
          side={side}
          busy={busy === 'accepting'}
          onOpenFile={() => download(decision)}
          onAccept={() => accept(decision)}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
      <DecisionSettingsModal open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      <ConfirmDialog
        open={confirming === 'stop'}
        title={t('decision.stopGenerating')}
        message={t('decision.stopConfirmMessage')}
        confirmLabel={t('decision.stopConfirm')}
        busy={busy === 'stopping'}
        onConfirm={stop}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'replace'}
        title={t('decision.createDecision')}
        message={[t('decision.replaceConfirmMessage'), ...regenerationLapseWarning(resolution, side, t)].join(' ')}
        confirmLabel={t('decision.createDecision')}
        busy={busy === 'starting'}
        onConfirm={create}
        onCancel={() => setConfirming(null)}
      />
    </Card>
  );
}
