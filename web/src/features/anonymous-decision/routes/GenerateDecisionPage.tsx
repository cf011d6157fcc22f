import {
  Body1,
  Button,
  Card,
  Caption1,
  makeStyles,
  MessageBar,
  MessageBarBody,
  tokens,
} from '@fluentui/react-components';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { JobProgress } from '../../../ui/job-progress/JobProgress';
import { useJobPoller } from '../../../ui/job-progress/use-job-poller';
import { PageHeading } from '../../../ui/PageHeading';
import { PdfDropZone } from '../../../ui/PdfDropZone';
import { getJobStatus } from '../api/anonymous-decision';
import { MAX_STATUS_FAILURES, phaseOfStatus, STATUS_POLL_MS, statusCheckDelay } from '../anonymous-timing';
import { DecisionReady } from '../components/DecisionReady';
import { AiSystemNotice } from '../../../ui/ReportAiProblem';
import { DocumentList } from '../components/DocumentList';
import { PhaseSteps } from '../components/PhaseSteps';
import { useAnonymousDecisionStore } from '../stores/anonymous-decision-store';

const useStyles = makeStyles({
  page: { maxWidth: '880px', width: '100%', margin: '0 auto', boxSizing: 'border-box' },
  card: { padding: tokens.spacingVerticalXXL, gap: tokens.spacingVerticalL },
  intro: { margin: 0 },
  note: { color: tokens.colorNeutralForeground3 },
  errorDetail: { display: 'block', overflowWrap: 'anywhere' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM },
  progress: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

/**
 * The public decision generator (`/generate-decision`, docs/product.md section 2): PDFs in, a draft decision
 * PDF out, without an account. The one job poller follows the job and the one progress display shows the
 * stage the server reports; Cancel stops the upload or asks the server to stop the job. Leaving the page
 * stops following it.
 */
export default function GenerateDecisionPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const stage = useAnonymousDecisionStore((state) => state.stage);
  const files = useAnonymousDecisionStore((state) => state.files);
  const uploaded = useAnonymousDecisionStore((state) => state.uploaded);
  const jobId = useAnonymousDecisionStore((state) => state.jobId);
  const details = useAnonymousDecisionStore((state) => state.details);
  const error = useAnonymousDecisionStore((state) => state.error);
  const errorDetail = useAnonymousDecisionStore((state) => state.errorDetail);
  const { addFiles, removeFile, generate, download, reset, cancel } = useAnonymousDecisionStore.getState();

  useEffect(() => {
    reset();
    return reset;
  }, [reset]);

  const poller = useJobPoller({
    jobId: stage === 'generating' ? jobId : null,
    fetchStatus: getJobStatus,
    ceilingMs: STATUS_POLL_MS,
    retryDelay: (failures) => statusCheckDelay(failures),
    maxFailures: MAX_STATUS_FAILURES,
    // Gone: the job expired or its id is unknown; asking again will not bring it back.
    fatal: (failure) => failure instanceof ApiError && (failure.status === 404 || failure.status === 401),
    onEnd: (status) => void useAnonymousDecisionStore.getState().jobEnded(status),
    onGiveUp: (failure) =>
      useAnonymousDecisionStore
        .getState()
        .jobLost(failure instanceof ApiError && (failure.status === 404 || failure.status === 401)),
  });

  const busy = stage === 'uploading' || stage === 'generating';
  return (
    <section className={styles.page} aria-labelledby="page-heading">
      <PageHeading id="page-heading">{t('routes.generateDecision')}</PageHeading>
      <Card className={styles.card}>
        <Body1 as="p" className={styles.intro}>
          {t('anonymousDecision.intro')}
        </Body1>
        <AiSystemNotice textKey="aiNotice.anonymous" />
        {stage === 'done' ? (
          <DecisionReady
            details={details}
            error={error}
            onDownload={() => void download()}
            onStartNew={reset}
            jobId={jobId}
          />
        ) : (
          <>
            {stage === 'select' ? (
              <PdfDropZone
                onFiles={addFiles}
                label={t('anonymousDecision.dropZoneLabel')}
                instructions={t('anonymousDecision.dropZone')}
                hint={t('anonymousDecision.dropZoneHint')}
                inputTestId="anonymous-file-input"
              />
            ) : null}
            <DocumentList files={files} onRemove={removeFile} disabled={busy} />
            {busy ? (
              <div className={styles.progress} data-testid="anonymous-progress">
                <PhaseSteps phase={phaseOfStatus(poller.status, stage === 'uploading')} />
                <JobProgress
                  status={stage === 'generating' ? poller.status : null}
                  uploaded={stage === 'uploading' ? uploaded : null}
                  uploadingText={(percent) => t('anonymousDecision.uploading', { percent })}
                  label={t('anonymousDecision.progressLabel')}
                />
                <Caption1 className={styles.note}>{t('anonymousDecision.stillRunning')}</Caption1>
              </div>
            ) : null}
            {error ? (
              <MessageBar intent="error" role="alert" data-testid="anonymous-error">
                <MessageBarBody>
                  {error}
                  {errorDetail ? (
                    <Caption1 className={styles.errorDetail}>
                      {t('anonymousDecision.failureDetail', { reason: errorDetail })}
                    </Caption1>
                  ) : null}
                </MessageBarBody>
              </MessageBar>
            ) : null}
            {stage === 'select' ? (
              <div className={styles.actions}>
                <Button appearance="primary" onClick={() => void generate()} disabled={files.length === 0}>
                  {t('anonymousDecision.generate')}
                </Button>
              </div>
            ) : (
              <div className={styles.actions}>
                <Button
                  onClick={() => {
                    poller.stop();
                    void cancel();
                  }}
                >
                  {t('anonymousDecision.cancel')}
                </Button>
              </div>
            )}
          </>
        )}
        <Caption1 className={styles.note}>{t('anonymousDecision.retention')}</Caption1>
      </Card>
    </section>
  );
}
