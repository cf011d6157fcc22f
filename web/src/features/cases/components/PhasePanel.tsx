import { Button, Caption1, makeStyles, MessageBar, MessageBarBody, tokens } from '@fluentui/react-components';
import type { PhaseView } from '@ratkaisu/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/error-message';
import { useRefreshCase } from '../../../ui/use-refresh-case';
import { deleteAttachment, downloadAttachment, uploadPhaseFiles } from '../api/case';
import { type CaseFile, FileList } from './FileList';
import { FileUploader } from './FileUploader';
import { SelectionBar } from './SelectionBar';
import { useFileDeletion } from './use-file-deletion';

const useStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    paddingBottom: tokens.spacingVerticalM,
  },
  hint: { color: tokens.colorNeutralForeground3 },
});

export interface PhasePanelProps {
  disputeId: string;
  phase: PhaseView;
  /** Not the active phase: its files can no longer be changed. */
  locked: boolean;
  /** The caller's side owns this phase and it is active: upload and delete are offered. */
  editable: boolean;
  /** The Claim phase while the claimant side works in it: selection, Delete Selected and Generate Claim. */
  claimTools: boolean;
  /** An upload found the phase closed meanwhile: show the message on the page and reload. */
  onStale: (message: string) => void;
  /** Opens the claim generator with the selected Claim files. */
  onGenerateClaim: (selectedFileIds: string[]) => void;
}

/**
 * One phase's files: the list with download (and delete), and for the side at work the upload zone. An upload or
 * a deletion fetches the case's queries again (ui/use-refresh-case.ts).
 */
export function PhasePanel({
  disputeId,
  phase,
  locked,
  editable,
  claimTools,
  onStale,
  onGenerateClaim,
}: PhasePanelProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const phaseLabel = t(`phases.${phase.type}`);
  const [error, setError] = useState<string | null>(null);
  const refreshCase = useRefreshCase(disputeId);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const files: CaseFile[] = phase.attachments;
  const fileIds = useMemo(() => files.map((file) => file.id), [files]);
  // A deleted file leaves the selection with it.
  const selected = useMemo(() => new Set(fileIds.filter((id) => chosen.has(id))), [fileIds, chosen]);

  const deletion = useFileDeletion({
    remove: (file) => deleteAttachment(file.id),
    onFinished: refreshCase,
    onError: setError,
  });

  const download = (file: CaseFile) => {
    setError(null);
    downloadAttachment(disputeId, phase.id, file).catch((failure: unknown) =>
      setError(errorMessage(failure, t('cases.downloadFailed'))),
    );
  };

  return (
    <div className={styles.panel}>
      {locked ? <Caption1 className={styles.hint}>{t('cases.lockedHint')}</Caption1> : null}
      {error ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      ) : null}
      {claimTools && files.length > 0 ? (
        <SelectionBar
          fileIds={fileIds}
          selected={selected}
          onChange={setChosen}
          onDeleteSelected={() => deletion.ask(files.filter((file) => selected.has(file.id)))}
          disabled={deletion.busy}
        >
          <Button appearance="primary" disabled={selected.size === 0} onClick={() => onGenerateClaim([...selected])}>
            {t('cases.generateClaim')}
          </Button>
        </SelectionBar>
      ) : null}
      <FileList
        files={files}
        label={t('cases.filesOfPhase', { phase: phaseLabel })}
        emptyText={t('cases.noFilesInPhase')}
        onDownload={download}
        onDelete={editable ? (file) => deletion.ask([file]) : undefined}
        selection={claimTools ? { selected, onChange: setChosen } : undefined}
        disabled={deletion.busy}
      />
      {editable ? (
        // The status banner's "Upload documents" focuses the zone inside this wrapper.
        <div data-upload-zone>
          <FileUploader
            existingNames={files.map((file) => file.fileName)}
            upload={(chosenFiles, onProgress) => uploadPhaseFiles(disputeId, phase.id, chosenFiles, onProgress)}
            onUploaded={refreshCase}
            onStale={onStale}
            target={phaseLabel}
            inputTestId={`upload-input-${phase.type}`}
          />
        </div>
      ) : null}
      {deletion.dialog}
    </div>
  );
}
