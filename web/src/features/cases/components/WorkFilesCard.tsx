import {
  Button,
  Caption1,
  Card,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Spinner,
  Subtitle2,
  tokens,
} from '@fluentui/react-components';
import type { WorkFileView } from '@ratkaisu/core';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/error-message';
import { deleteWorkFile, downloadWorkFile, getWorkFiles, uploadWorkFiles } from '../api/work-files';
import { type CaseFile, FileList } from './FileList';
import { FileUploader } from './FileUploader';
import { SelectionBar } from './SelectionBar';
import { useFileDeletion } from './use-file-deletion';

const useStyles = makeStyles({
  card: { padding: tokens.spacingVerticalL, gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  spinner: { justifyContent: 'flex-start' },
  caption: { display: 'block', color: tokens.colorNeutralForeground3, margin: 0 },
});

type Listing =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; files: WorkFileView[] };

/**
 * Work Files of the Tools section (docs/product.md section 2): supporting PDFs private to the caller's side,
 * at any phase. Uploaded with the same checks as phase files, against the side's own work files.
 */
export function WorkFilesCard({
  disputeId,
  onCaseChanged,
  onStale,
  readOnly = false,
}: {
  disputeId: string;
  /** A final case: the files stay downloadable, nothing is added or removed (the server refuses it too). */
  readOnly?: boolean;
  /** The respondent side's first work file moves a Pending case on, so the case is reloaded too. */
  onCaseChanged?: () => Promise<void>;
  /** An upload refused because the case became final meanwhile: the page keeps the message and reloads. */
  onStale?: (message: string) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const headingId = useId();
  const [listing, setListing] = useState<Listing>({ status: 'loading' });
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const latest = useRef(0);

  const load = useCallback(
    async (quiet: boolean) => {
      const ticket = ++latest.current;
      if (!quiet) setListing({ status: 'loading' });
      try {
        const files = await getWorkFiles(disputeId);
        if (ticket === latest.current) setListing({ status: 'ready', files });
      } catch (failure) {
        if (ticket !== latest.current) return;
        if (quiet) throw failure;
        setListing({ status: 'error', message: errorMessage(failure, t('cases.workFilesLoadFailed')) });
      }
    },
    [disputeId, t],
  );

  useEffect(() => {
    void load(false);
    // A later answer for a dispute the page has left is ignored.
    return () => {
      latest.current += 1;
    };
  }, [load]);

  const refresh = useCallback(() => load(true), [load]);
  const files: CaseFile[] = useMemo(() => (listing.status === 'ready' ? listing.files : []), [listing]);
  const fileIds = useMemo(() => files.map((file) => file.id), [files]);
  const selected = useMemo(() => new Set(fileIds.filter((id) => chosen.has(id))), [fileIds, chosen]);

  const deletion = useFileDeletion({
    remove: (file) => deleteWorkFile(disputeId, file.id),
    onFinished: refresh,
    onError: setError,
  });

  const download = (file: CaseFile) => {
    setError(null);
    downloadWorkFile(disputeId, file).catch((failure: unknown) =>
      setError(errorMessage(failure, t('cases.downloadFailed'))),
    );
  };

  return (
    <Card className={styles.card} role="region" aria-labelledby={headingId} data-testid="work-files">
      <div>
        <Subtitle2 as="h3" id={headingId} className={styles.heading}>
          {t('claimGenerator.workFiles')}
        </Subtitle2>
        <Caption1 as="p" className={styles.caption}>
          {t('cases.workFilesCaption')}
        </Caption1>
      </div>
      {listing.status === 'loading' ? (
        <Spinner className={styles.spinner} size="tiny" labelPosition="after" label={t('cases.loadingWorkFiles')} />
      ) : null}
      {listing.status === 'error' ? (
        <MessageBar intent="error">
          <MessageBarBody>{listing.message}</MessageBarBody>
          <MessageBarActions>
            <Button size="small" onClick={() => void load(false)}>
              {t('cases.tryAgain')}
            </Button>
          </MessageBarActions>
        </MessageBar>
      ) : null}
      {listing.status === 'ready' ? (
        <>
          {error ? (
            <MessageBar intent="error" role="alert">
              <MessageBarBody>{error}</MessageBarBody>
            </MessageBar>
          ) : null}
          {files.length > 0 && !readOnly ? (
            <SelectionBar
              fileIds={fileIds}
              selected={selected}
              onChange={setChosen}
              onDeleteSelected={() => deletion.ask(files.filter((file) => selected.has(file.id)))}
              disabled={deletion.busy}
            />
          ) : null}
          <FileList
            files={files}
            label={t('claimGenerator.workFiles')}
            emptyText={t('cases.noWorkFiles')}
            onDownload={download}
            {...(readOnly
              ? {}
              : { onDelete: (file: CaseFile) => deletion.ask([file]), selection: { selected, onChange: setChosen } })}
            disabled={deletion.busy}
          />
          {readOnly ? null : (
            <FileUploader
              existingNames={files.map((file) => file.fileName)}
              upload={(chosenFiles, onProgress) => uploadWorkFiles(disputeId, chosenFiles, onProgress)}
              onUploaded={async () => {
                await refresh();
                await onCaseChanged?.();
              }}
              target={t('cases.workFilesTarget')}
              inputTestId="upload-input-workfiles"
              {...(onStale ? { onStale } : {})}
            />
          )}
        </>
      ) : null}
      {deletion.dialog}
    </Card>
  );
}
