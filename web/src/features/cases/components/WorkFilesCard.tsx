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
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/error-message';
import { useRefreshCase } from '../../../ui/use-refresh-case';
import { caseKeys } from '../api/query-keys';
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

/**
 * Work Files of the Tools section (docs/product.md section 2): supporting PDFs private to the caller's side,
 * at any phase. Uploaded with the same checks as phase files, against the side's own work files.
 */
export function WorkFilesCard({
  disputeId,
  onStale,
  readOnly = false,
}: {
  disputeId: string;
  /** A final case: the files stay downloadable, nothing is added or removed (the server refuses it too). */
  readOnly?: boolean;
  /** An upload refused because the case became final meanwhile: the page keeps the message and reloads. */
  onStale?: (message: string) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const headingId = useId();
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const client = useQueryClient();
  const refreshCase = useRefreshCase(disputeId);
  const listing = useQuery({
    queryKey: caseKeys.workFiles(disputeId),
    queryFn: ({ signal }) => getWorkFiles(disputeId, signal),
  });
  // Try again shows the spinner; a quiet refetch that fails keeps the list shown.
  const loadError = listing.error && !listing.data && !listing.isFetching ? listing.error : null;
  const refresh = useCallback(
    () => client.invalidateQueries({ queryKey: caseKeys.workFiles(disputeId) }),
    [client, disputeId],
  );
  const files: CaseFile[] = useMemo(() => listing.data ?? [], [listing.data]);
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
      {!listing.data && !loadError ? (
        <Spinner className={styles.spinner} size="tiny" labelPosition="after" label={t('cases.loadingWorkFiles')} />
      ) : null}
      {loadError ? (
        <MessageBar intent="error">
          <MessageBarBody>{errorMessage(loadError, t('cases.workFilesLoadFailed'))}</MessageBarBody>
          <MessageBarActions>
            <Button size="small" onClick={() => void listing.refetch()}>
              {t('cases.tryAgain')}
            </Button>
          </MessageBarActions>
        </MessageBar>
      ) : null}
      {listing.data ? (
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
              // The respondent side's first work file moves a Pending case on: the whole case is fetched again.
              onUploaded={refreshCase}
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
