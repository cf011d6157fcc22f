import {
  Button,
  Caption1,
  Link,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { errorMessage } from '../../../api/error-message';
import { formatDateTime } from '../../../ui/format-date';
import { JobProgress } from '../../../ui/job-progress/JobProgress';
import { useJobPoller } from '../../../ui/job-progress/use-job-poller';
import { Modal } from '../../../ui/Modal';
import { saveBlob } from '../../../ui/save-blob';
import { downloadCaseFile, downloadClaimPdf, getJobStatus } from '../api/claim-generator';
import { claimMarkdownFileName, MAX_STATUS_FAILURES, MAX_STATUS_RETRY_MS, STATUS_POLL_MS } from '../claim-timing';
import { useClaimGeneratorStore } from '../stores/claim-generator-store';
import { ClaimResult } from './ClaimResult';
import { FileSelection } from './FileSelection';
import { useSaveAsPdf, type FiledClaim } from './use-save-as-pdf';
import { useSourceFiles } from './use-source-files';
import { AiSystemNotice, ReportAiProblem } from '../../../ui/ReportAiProblem';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  spinner: { justifyContent: 'flex-start', paddingBlock: tokens.spacingVerticalM },
  // The dialog gives its actions only part of its width; a label broken over two lines reads badly.
  action: { whiteSpace: 'nowrap', flexShrink: 0 },
  draftLine: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'baseline',
    justifyContent: 'space-between',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXXS,
  },
  muted: { color: tokens.colorNeutralForeground2 },
  tools: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

export interface ClaimGeneratorModalProps {
  open: boolean;
  disputeId: string;
  /** Claim-phase files chosen on the case page; empty when opened from Tools. */
  preselectedFileIds: readonly string[];
  onClose: () => void;
  /** A PDF of the claim was filed in the Claim phase (or found filed already), so the case page can show it. */
  onSavedAsPdf?: (filed: FiledClaim) => void;
}

/**
 * The claim generator (docs/product.md section 2): choose files, generate, follow the job's real progress
 * (Stop ends it), then read, edit, download or file the draft. The draft is kept on the server for the case
 * and the user — edits are saved as they are made — so closing the modal or reloading the page loses
 * nothing: the next opening shows the draft (or the job still writing it) until it is discarded or replaced.
 */
export default function ClaimGeneratorModal({ open, ...props }: ClaimGeneratorModalProps) {
  // Mounted only while open: each opening reads the draft again, and closing ends the polling with the component.
  return open ? <ClaimGenerator {...props} /> : null;
}

function ClaimGenerator({
  disputeId,
  preselectedFileIds,
  onClose,
  onSavedAsPdf,
}: Omit<ClaimGeneratorModalProps, 'open'>) {
  const { t } = useTranslation();
  const styles = useStyles();
  const listing = useSourceFiles(disputeId);
  const stage = useClaimGeneratorStore((state) => state.stage);
  const jobId = useClaimGeneratorStore((state) => state.jobId);
  const draft = useClaimGeneratorStore((state) => state.draft);
  const markdown = useClaimGeneratorStore((state) => state.markdown);
  const saveState = useClaimGeneratorStore((state) => state.saveState);
  const saveError = useClaimGeneratorStore((state) => state.saveError);
  const replacedByNewer = useClaimGeneratorStore((state) => state.replacedByNewer);
  const error = useClaimGeneratorStore((state) => state.error);
  const stopping = useClaimGeneratorStore((state) => state.stopping);
  const store = useClaimGeneratorStore.getState();
  const [chosen, setChosen] = useState<ReadonlySet<string> | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [pdfDownload, setPdfDownload] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });

  const onFiled = useCallback(
    (filed: FiledClaim) => {
      if (filed.phaseId) {
        useClaimGeneratorStore.getState().markFiled({
          attachmentId: filed.attachment.id,
          phaseId: filed.phaseId,
          fileName: filed.attachment.fileName,
          dateCreated: filed.attachment.dateCreated,
        });
      }
      onSavedAsPdf?.(filed);
    },
    [onSavedAsPdf],
  );
  const pdf = useSaveAsPdf(disputeId, onFiled);

  useEffect(() => {
    void useClaimGeneratorStore.getState().load(disputeId);
    return () => useClaimGeneratorStore.getState().close();
  }, [disputeId]);

  const poller = useJobPoller({
    jobId: stage === 'generating' ? jobId : null,
    fetchStatus: getJobStatus,
    ceilingMs: STATUS_POLL_MS,
    maxFailureDelayMs: MAX_STATUS_RETRY_MS,
    maxFailures: MAX_STATUS_FAILURES,
    fatal: (failure) => failure instanceof ApiError && failure.status === 404,
    onEnd: (status) => void useClaimGeneratorStore.getState().jobEnded(status),
    onGiveUp: () => useClaimGeneratorStore.getState().jobLost(),
  });

  const files = useMemo(() => (listing.status === 'ready' ? listing.files : []), [listing]);
  const missingPreselected = useMemo(
    () => listing.status === 'ready' && preselectedFileIds.some((id) => !files.some((file) => file.id === id)),
    [listing, files, preselectedFileIds],
  );
  // Until the user changes it, the selection is what the case page handed over, as far as it exists.
  const selected = useMemo(
    () => new Set(files.map((file) => file.id).filter((id) => (chosen ?? new Set(preselectedFileIds)).has(id))),
    [files, chosen, preselectedFileIds],
  );
  const selectedIds = files.filter((file) => selected.has(file.id)).map((file) => file.id);

  const onGenerate = () => {
    if (listing.status !== 'ready') return;
    pdf.clear();
    setConfirmDiscard(false);
    void store.generate({
      disputeId,
      fileIds: selectedIds,
      caseName: listing.dispute.name,
      claimant: { name: listing.dispute.claimant.name, address: listing.dispute.claimant.address },
    });
  };

  const caseLanguage = listing.status === 'ready' ? listing.dispute.language : undefined;
  const downloadMarkdown = () => {
    saveBlob(
      new Blob([markdown], { type: 'text/markdown;charset=utf-8' }),
      claimMarkdownFileName(new Date(), caseLanguage),
    );
  };

  const downloadPdf = async () => {
    setPdfDownload({ busy: true, error: null });
    try {
      const blob = await downloadClaimPdf(disputeId, markdown);
      saveBlob(blob, claimMarkdownFileName(new Date(), caseLanguage).replace(/\.md$/, '.pdf'));
      setPdfDownload({ busy: false, error: null });
    } catch (failure) {
      setPdfDownload({ busy: false, error: errorMessage(failure, t('claimGenerator.downloadPdfFailed')) });
    }
  };

  const file = async () => {
    // The text filed is the text saved: the edit still waiting is saved first.
    await store.flush();
    await pdf.save(useClaimGeneratorStore.getState().markdown);
  };

  const openFiled = (target: { id: string; fileName: string }, phaseId: string) => {
    downloadCaseFile(disputeId, phaseId, target).catch((failure: unknown) =>
      setPdfDownload({ busy: false, error: errorMessage(failure, t('claimGenerator.openFiledFailed')) }),
    );
  };

  const filedLink = (target: { id: string; fileName: string }, phaseId: string | undefined) =>
    phaseId ? (
      <Link as="button" inline onClick={() => openFiled(target, phaseId)} data-testid="claim-filed-link">
        {target.fileName}
      </Link>
    ) : (
      <strong>{target.fileName}</strong>
    );

  let content;
  let actions;
  if (stage === 'loading') {
    content = (
      <Spinner className={styles.spinner} size="small" labelPosition="after" label={t('claimGenerator.loadingDraft')} />
    );
    actions = <Button onClick={onClose}>{t('modals.close')}</Button>;
  } else if (stage === 'generating') {
    content = (
      <>
        <JobProgress status={poller.status} label={t('claimGenerator.progressLabel')} data-testid="claim-progress" />
        <Caption1 className={styles.muted}>{t('claimGenerator.keptWhileClosed')}</Caption1>
        {error ? (
          <MessageBar intent="error" role="alert" data-testid="claim-generator-error">
            <MessageBarBody>{error}</MessageBarBody>
          </MessageBar>
        ) : null}
      </>
    );
    actions = (
      <>
        <Button onClick={onClose}>{t('modals.close')}</Button>
        <Button
          className={styles.action}
          onClick={() => {
            poller.stop();
            void store.stop();
          }}
          disabled={stopping || !jobId}
          icon={stopping ? <Spinner size="tiny" /> : undefined}
        >
          {t('claimGenerator.stop')}
        </Button>
      </>
    );
  } else if (stage === 'result' && draft) {
    const filed = draft.filed;
    content = (
      <>
        <div className={styles.draftLine}>
          <Caption1 data-testid="claim-draft-date">
            {draft.generatedAt
              ? t('claimGenerator.draftOf', { date: formatDateTime(draft.generatedAt) })
              : t('claimGenerator.draftSaved')}
          </Caption1>
          <Caption1 className={styles.muted} role="status" data-testid="claim-draft-save-state">
            {saveState === 'saving'
              ? t('claimGenerator.savingDraft')
              : saveState === 'pending'
                ? t('claimGenerator.draftUnsaved')
                : saveState === 'failed'
                  ? t('claimGenerator.draftNotSaved')
                  : draft.edited
                    ? t('claimGenerator.editsSaved', { date: formatDateTime(draft.updatedAt) })
                    : t('claimGenerator.draftKept')}
          </Caption1>
        </div>
        {replacedByNewer ? (
          <MessageBar intent="warning" data-testid="claim-draft-newer">
            <MessageBarBody>{t('claimGenerator.newerDraftShown')}</MessageBarBody>
          </MessageBar>
        ) : null}
        {saveError ? (
          <MessageBar intent="error" role="alert" data-testid="claim-draft-save-error">
            <MessageBarBody>{saveError}</MessageBarBody>
            <MessageBarActions>
              <Button size="small" onClick={() => void store.flush()}>
                {t('claimGenerator.retrySave')}
              </Button>
            </MessageBarActions>
          </MessageBar>
        ) : null}
        {draft.details && draft.details.length > 0 && !draft.edited ? (
          <MessageBar intent="info" data-testid="claim-draft-details">
            <MessageBarBody>
              <ul>
                {draft.details.map((detail) => (
                  <li key={detail}>{detail}</li>
                ))}
              </ul>
            </MessageBarBody>
          </MessageBar>
        ) : null}
        <ClaimResult markdown={markdown} onChange={store.setMarkdown} />
        {pdf.saved && !pdf.saved.alreadyFiled ? (
          <MessageBar intent="success" role="status" data-testid="claim-pdf-saved">
            <MessageBarBody>
              <MessageBarTitle>{t('claimGenerator.savedAsPdf')}</MessageBarTitle>
              {t('claimGenerator.filedAs')} {filedLink(pdf.saved.attachment, pdf.saved.phaseId)}
            </MessageBarBody>
          </MessageBar>
        ) : null}
        {pdf.saved?.alreadyFiled ? (
          <MessageBar intent="info" role="status" data-testid="claim-pdf-already-filed">
            <MessageBarBody>
              {t('claimGenerator.alreadyFiled')} {filedLink(pdf.saved.attachment, pdf.saved.phaseId)}
            </MessageBarBody>
          </MessageBar>
        ) : null}
        {filed && !pdf.saved ? (
          <Caption1 data-testid="claim-draft-filed">
            {t('claimGenerator.filedOn', { date: formatDateTime(filed.dateCreated) })}{' '}
            {filedLink({ id: filed.attachmentId, fileName: filed.fileName }, filed.phaseId)}
          </Caption1>
        ) : null}
        {pdf.warnings.length > 0 ? (
          <MessageBar intent="warning" data-testid="claim-pdf-warnings">
            <MessageBarBody>
              <MessageBarTitle>{t('claimGenerator.savedWithWarnings')}</MessageBarTitle>
              <ul>
                {pdf.warnings.map((warning) => (
                  <li key={warning}>{warning}</li>
                ))}
              </ul>
            </MessageBarBody>
          </MessageBar>
        ) : null}
        {pdf.error ? (
          <MessageBar intent="error" role="alert" data-testid="claim-pdf-error">
            <MessageBarBody>{pdf.error}</MessageBarBody>
          </MessageBar>
        ) : null}
        {pdfDownload.error ? (
          <MessageBar intent="error" role="alert" data-testid="claim-download-error">
            <MessageBarBody>{pdfDownload.error}</MessageBarBody>
          </MessageBar>
        ) : null}
        {confirmDiscard ? (
          <MessageBar intent="warning" data-testid="claim-discard-confirm">
            <MessageBarBody>{t('claimGenerator.discardQuestion')}</MessageBarBody>
            <MessageBarActions>
              <Button
                size="small"
                onClick={() => {
                  setConfirmDiscard(false);
                  pdf.clear();
                  void store.discard();
                }}
              >
                {t('claimGenerator.discardConfirm')}
              </Button>
              <Button size="small" appearance="transparent" onClick={() => setConfirmDiscard(false)}>
                {t('claimGenerator.discardKeep')}
              </Button>
            </MessageBarActions>
          </MessageBar>
        ) : null}
        <div className={styles.tools}>
          <Button size="small" appearance="subtle" onClick={() => setConfirmDiscard(true)} disabled={pdf.saving}>
            {t('claimGenerator.discardDraft')}
          </Button>
          <Button size="small" appearance="subtle" onClick={downloadMarkdown} disabled={markdown.trim() === ''}>
            {t('claimGenerator.downloadMarkdown')}
          </Button>
          <ReportAiProblem target={{ disputeId, output: 'claimDraft', outputId: disputeId }} />
        </div>
      </>
    );
    actions = (
      <>
        <Button
          className={styles.action}
          onClick={() => {
            pdf.clear();
            store.chooseFiles();
          }}
          disabled={pdf.saving}
        >
          {t('claimGenerator.generateNewClaim')}
        </Button>
        <Button
          className={styles.action}
          onClick={() => void downloadPdf()}
          disabled={pdfDownload.busy || markdown.trim() === ''}
          icon={pdfDownload.busy ? <Spinner size="tiny" /> : undefined}
        >
          {t('claimGenerator.downloadPdf')}
        </Button>
        <Button
          className={styles.action}
          appearance="primary"
          onClick={() => void file()}
          disabled={pdf.saving || markdown.trim() === ''}
          icon={pdf.saving ? <Spinner size="tiny" /> : undefined}
        >
          {pdf.saving ? t('claimGenerator.filingPdf') : t('claimGenerator.fileAsPdf')}
        </Button>
      </>
    );
  } else {
    content = (
      <>
        <AiSystemNotice textKey="aiNotice.claim" />
        {error ? (
          <MessageBar intent="error" role="alert" data-testid="claim-generator-error">
            <MessageBarBody>{error}</MessageBarBody>
          </MessageBar>
        ) : null}
        {draft ? (
          <MessageBar intent="info" data-testid="claim-draft-replaced-note">
            <MessageBarBody>{t('claimGenerator.newDraftReplaces')}</MessageBarBody>
          </MessageBar>
        ) : null}
        {listing.status === 'loading' ? (
          <Spinner
            className={styles.spinner}
            size="small"
            labelPosition="after"
            label={t('claimGenerator.loadingFiles')}
          />
        ) : null}
        {listing.status === 'error' ? (
          <MessageBar intent="error" role="alert" data-testid="claim-files-error">
            <MessageBarBody>{listing.message}</MessageBarBody>
          </MessageBar>
        ) : null}
        {missingPreselected ? (
          <MessageBar intent="warning" data-testid="claim-files-missing">
            <MessageBarBody>{t('claimGenerator.selectedFilesNotFound')}</MessageBarBody>
          </MessageBar>
        ) : null}
        {listing.status === 'ready' ? (
          <FileSelection files={files} source={listing.source} selected={selected} onChange={setChosen} />
        ) : null}
      </>
    );
    actions = (
      <>
        {draft ? (
          <Button className={styles.action} onClick={store.backToDraft}>
            {t('claimGenerator.backToDraft')}
          </Button>
        ) : (
          <Button onClick={onClose}>{t('modals.cancel')}</Button>
        )}
        <Button
          appearance="primary"
          onClick={onGenerate}
          disabled={listing.status !== 'ready' || selectedIds.length === 0}
        >
          {t('claimGenerator.generate')}
        </Button>
      </>
    );
  }

  return (
    <Modal open onClose={onClose} title={t('claimGenerator.title')} size="wide" actions={actions}>
      <div className={styles.body}>{content}</div>
    </Modal>
  );
}
