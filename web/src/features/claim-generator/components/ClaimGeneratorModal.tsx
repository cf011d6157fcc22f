import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../ui/Modal';
import { saveBlob } from '../../../ui/save-blob';
import { claimMarkdownFileName } from '../claim-timing';
import { useClaimGeneratorStore } from '../stores/claim-generator-store';
import { ClaimResult } from './ClaimResult';
import { FileSelection } from './FileSelection';
import { GenerationProgress } from './GenerationProgress';
import { useSaveAsPdf } from './use-save-as-pdf';
import { useSourceFiles } from './use-source-files';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  spinner: { justifyContent: 'flex-start', paddingBlock: tokens.spacingVerticalM },
  // The dialog gives its actions only part of its width; a label broken over two lines reads badly.
  action: { whiteSpace: 'nowrap', flexShrink: 0 },
});

export interface ClaimGeneratorModalProps {
  open: boolean;
  disputeId: string;
  /** Claim-phase files chosen on the case page; empty when opened from Tools. */
  preselectedFileIds: readonly string[];
  onClose: () => void;
  /** A PDF of the claim was added to the Claim phase, so the case page can show it. */
  onSavedAsPdf?: () => void;
}

/**
 * The claim generator (SPEC.md section 2): choose files, generate, follow the progress, then read,
 * edit, download or file the draft as a PDF. Closing it stops following the job.
 */
export default function ClaimGeneratorModal({ open, ...props }: ClaimGeneratorModalProps) {
  // Mounted only while open: each opening starts fresh, and closing ends the polling with the component.
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
  const progress = useClaimGeneratorStore((state) => state.progress);
  const jobProgress = useClaimGeneratorStore((state) => state.jobProgress);
  const markdown = useClaimGeneratorStore((state) => state.markdown);
  const error = useClaimGeneratorStore((state) => state.error);
  const generate = useClaimGeneratorStore((state) => state.generate);
  const setMarkdown = useClaimGeneratorStore((state) => state.setMarkdown);
  const reset = useClaimGeneratorStore((state) => state.reset);
  const pdf = useSaveAsPdf(disputeId, onSavedAsPdf);
  const [chosen, setChosen] = useState<ReadonlySet<string> | null>(null);

  useEffect(() => {
    reset();
    return () => useClaimGeneratorStore.getState().cancel();
  }, [reset]);

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
    void generate({
      disputeId,
      fileIds: selectedIds,
      caseName: listing.dispute.name,
      claimant: { name: listing.dispute.claimant.name, address: listing.dispute.claimant.address },
    });
  };

  const download = () => {
    saveBlob(new Blob([markdown], { type: 'text/markdown;charset=utf-8' }), claimMarkdownFileName());
  };

  const startOver = () => {
    pdf.clear();
    reset();
  };

  let content;
  let actions;
  if (stage === 'generating') {
    content = <GenerationProgress progress={progress} jobProgress={jobProgress} />;
  } else if (stage === 'result') {
    content = (
      <>
        <MessageBar intent="success">
          <MessageBarBody>
            <MessageBarTitle>{t(`claimGenerator.${progress.textKey}`)}</MessageBarTitle>
            {t('claimGenerator.generated')}
          </MessageBarBody>
        </MessageBar>
        <ClaimResult markdown={markdown} onChange={setMarkdown} />
        {pdf.saved ? (
          <MessageBar intent="success" role="status" data-testid="claim-pdf-saved">
            <MessageBarBody>{t('claimGenerator.savedAsPdf')}</MessageBarBody>
          </MessageBar>
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
      </>
    );
    actions = (
      <>
        <Button className={styles.action} onClick={startOver} disabled={pdf.saving}>
          {t('claimGenerator.generateNewClaim')}
        </Button>
        <Button className={styles.action} onClick={download} disabled={markdown.trim() === ''}>
          {t('claimGenerator.downloadMarkdown')}
        </Button>
        <Button
          className={styles.action}
          appearance="primary"
          onClick={() => void pdf.save(markdown)}
          disabled={pdf.saving || markdown.trim() === ''}
          icon={pdf.saving ? <Spinner size="tiny" /> : undefined}
        >
          {pdf.saving ? t('claimGenerator.savingPdf') : t('claimGenerator.saveAsPdf')}
        </Button>
      </>
    );
  } else {
    content = (
      <>
        {error ? (
          <MessageBar intent="error" role="alert" data-testid="claim-generator-error">
            <MessageBarBody>{error}</MessageBarBody>
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
        <Button onClick={onClose}>{t('modals.cancel')}</Button>
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
