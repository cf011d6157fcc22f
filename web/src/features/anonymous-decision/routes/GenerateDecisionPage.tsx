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
import { PageHeading } from '../../../ui/PageHeading';
import { PdfDropZone } from '../../../ui/PdfDropZone';
import { DecisionReady } from '../components/DecisionReady';
import { DocumentList } from '../components/DocumentList';
import { GenerationProgress } from '../components/GenerationProgress';
import { useAnonymousDecisionStore } from '../stores/anonymous-decision-store';

const useStyles = makeStyles({
  page: { maxWidth: '880px', width: '100%', margin: '0 auto', boxSizing: 'border-box' },
  card: { padding: tokens.spacingVerticalXXL, gap: tokens.spacingVerticalL },
  intro: { margin: 0 },
  note: { color: tokens.colorNeutralForeground3 },
  errorDetail: { display: 'block', overflowWrap: 'anywhere' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM },
});

/**
 * The public decision generator (`/generate-decision`, SPEC.md section 2): PDFs in, a draft decision
 * PDF out, without an account. Leaving the page stops following the job; the server finishes it.
 */
export default function GenerateDecisionPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const stage = useAnonymousDecisionStore((state) => state.stage);
  const files = useAnonymousDecisionStore((state) => state.files);
  const uploaded = useAnonymousDecisionStore((state) => state.uploaded);
  const progress = useAnonymousDecisionStore((state) => state.progress);
  const jobProgress = useAnonymousDecisionStore((state) => state.jobProgress);
  const details = useAnonymousDecisionStore((state) => state.details);
  const error = useAnonymousDecisionStore((state) => state.error);
  const errorDetail = useAnonymousDecisionStore((state) => state.errorDetail);
  const { addFiles, removeFile, generate, download, reset } = useAnonymousDecisionStore.getState();

  useEffect(() => {
    reset();
    return reset;
  }, [reset]);

  const busy = stage === 'uploading' || stage === 'generating';
  return (
    <section className={styles.page} aria-labelledby="page-heading">
      <PageHeading id="page-heading">{t('routes.generateDecision')}</PageHeading>
      <Card className={styles.card}>
        <Body1 as="p" className={styles.intro}>
          {t('anonymousDecision.intro')}
        </Body1>
        {stage === 'done' ? (
          <DecisionReady details={details} error={error} onDownload={() => void download()} onStartNew={reset} />
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
              <GenerationProgress
                progress={progress}
                uploaded={stage === 'uploading' ? uploaded : null}
                jobProgress={jobProgress}
              />
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
                <Button appearance="primary" onClick={() => void generate()}>
                  {t('anonymousDecision.generate')}
                </Button>
              </div>
            ) : null}
          </>
        )}
        <Caption1 className={styles.note}>{t('anonymousDecision.retention')}</Caption1>
      </Card>
    </section>
  );
}
