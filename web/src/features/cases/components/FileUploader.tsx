import { makeStyles, MessageBar, MessageBarBody, tokens } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_MAX_UPLOAD_BYTES } from '@ratkaisu/core';
import { ApiError } from '../../../api/client';
import { cataloguedRefusal } from '../../../api/error-message';
import { PdfDropZone } from '../../../ui/PdfDropZone';
import { UploadProgress } from '../../../ui/UploadProgress';
import { megabytes, tooLargeText } from '../../../ui/upload-limits';
import { refuseSelection } from '../case-rules';

/** docs/product.md sections 5 and 9: the progress shows for at least a second, so a fast upload is still seen. */
export const MIN_PROGRESS_MS = 1000;

/**
 * Server refusals whose message says exactly what to fix (shown in the catalogue's words when the server names the
 * reason, as it does for these); anything else gets the generic upload text.
 */
const EXPLAINED_CODES = new Set([
  'not_pdf',
  // The damaged files are named in the message.
  'damaged_pdf',
  'duplicate_file_name',
  'phase_locked',
  // The file name too long, too many files in the phase, no file at all: the message names the problem.
  'bad_request',
  'validation_failed',
]);

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  detail: { display: 'block', overflowWrap: 'anywhere' },
});

interface Problem {
  message: string;
  detail?: string;
}

export interface FileUploaderProps {
  /** Names already there (the phase's files, or the side's work files), for the duplicate check. */
  existingNames: readonly string[];
  upload: (files: File[], onProgress: (fraction: number) => void) => Promise<unknown>;
  /** Reload after a successful upload. */
  onUploaded: () => Promise<void>;
  /**
   * After a refusal that means the page is out of date (the phase was closed meanwhile), with the server's
   * message: the zone itself goes away once the page reloads, so the message must be shown outside it.
   */
  onStale?: (message: string) => void;
  /** The most bytes one upload may carry (all files together); shown beside the zone and checked before sending. */
  maxUploadBytes?: number;
  /** What the files go to, for the zone's name: "Upload PDF files to Claim". */
  target: string;
  inputTestId?: string;
}

/** The upload zone with the client-side checks, the progress bar and the outcome (docs/product.md section 5). */
export function FileUploader({
  existingNames,
  upload,
  onUploaded,
  onStale,
  target,
  inputTestId,
  maxUploadBytes = DEFAULT_MAX_UPLOAD_BYTES,
}: FileUploaderProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const styles = useStyles();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const uploading = useRef(false);
  // Files dropped while an upload runs wait their turn instead of being ignored; they are checked
  // against the names as they stand after the upload before them (hence the names in a ref).
  const waiting = useRef<File[][]>([]);
  const names = useRef(existingNames);
  names.current = existingNames;
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const explain = (error: unknown, files: readonly File[]): Problem => {
    if (!(error instanceof ApiError)) return { message: t('cases.uploadFailed') };
    // Too large: the files and the limit in MB, the limit as the refusal's parameter (else the known default).
    if (error.status === 413) {
      const sent = error.params.limitBytes;
      const limit = typeof sent === 'number' ? sent : maxUploadBytes;
      return { message: tooLargeText(t, language, files, limit) ?? t('cases.uploadTooLarge') };
    }
    // A catalogued refusal (the case became final meanwhile, not a PDF, a taken name …) in the screens' language.
    const message = cataloguedRefusal(error) ?? (EXPLAINED_CODES.has(error.code) ? error.serverMessage : undefined);
    if (!message) return { message: t('cases.uploadFailed') };
    const refused = error.code === 'not_pdf' ? error.fields?.file : undefined;
    return refused ? { message, detail: t('cases.refusedFiles', { names: refused }) } : { message };
  };

  const onFiles = async (files: File[]) => {
    if (uploading.current) {
      waiting.current.push(files);
      setNotice(t('cases.uploadQueued', { count: waiting.current.reduce((sum, batch) => sum + batch.length, 0) }));
      return;
    }
    setNotice(null);
    const refusal = refuseSelection(files, names.current);
    if (refusal) {
      setProblem(
        refusal.kind === 'notPdf'
          ? { message: t('cases.onlyPdfAllowed'), detail: t('cases.refusedFiles', { names: refusal.names.join(', ') }) }
          : { message: refusal.message },
      );
      return;
    }
    // Too large for one upload: said before a byte is sent, naming the files and the limit in MB.
    const tooLarge = tooLargeText(t, language, files, maxUploadBytes);
    if (tooLarge) {
      setProblem({ message: tooLarge });
      return;
    }
    uploading.current = true;
    setProblem(null);
    setProgress(0);
    const started = Date.now();
    let failure: Problem | null = null;
    let stale = false;
    try {
      await upload(files, (fraction) => {
        if (mounted.current) setProgress(fraction);
      });
      if (mounted.current) setProgress(1);
    } catch (error) {
      failure = explain(error, files);
      // A closed phase or a final case: retrying cannot help; the page reloads and says what changed.
      stale = error instanceof ApiError && (error.code === 'phase_locked' || error.code === 'case_final');
    }
    const minimumShown = new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, started + MIN_PROGRESS_MS - Date.now())),
    );
    const reloaded = failure
      ? true
      : await onUploaded().then(
          () => true,
          () => false,
        );
    await minimumShown;
    if (!reloaded) failure = { message: t('cases.refreshFailed') };
    uploading.current = false;
    if (!mounted.current) return;
    setProgress(null);
    if (failure) setProblem(failure);
    else setNotice(t('cases.filesUploaded', { count: files.length }));
    if (stale) {
      waiting.current = [];
      onStale?.(failure?.message ?? t('cases.uploadFailed'));
      return;
    }
    const next = waiting.current.shift();
    // After a turn of the event loop, so the reloaded names have reached `names`.
    if (next) setTimeout(() => void onFiles(next), 0);
  };

  return (
    <div className={styles.root}>
      <PdfDropZone
        onFiles={(files) => void onFiles(files)}
        label={t('cases.uploadZoneLabel', { target })}
        instructions={t('cases.uploadZoneInstructions')}
        hint={t('firstUse.upload.limits', { mb: megabytes(maxUploadBytes, language) })}
        inputTestId={inputTestId}
      />
      {progress !== null ? (
        <UploadProgress
          fraction={progress}
          label={t('cases.uploadingPercent', { percent: Math.round(progress * 100) })}
        />
      ) : null}
      {problem ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>
            {problem.message}
            {problem.detail ? <span className={styles.detail}>{problem.detail}</span> : null}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      <div role="status" aria-live="polite">
        {notice ? (
          <MessageBar intent="success">
            <MessageBarBody>{notice}</MessageBarBody>
          </MessageBar>
        ) : null}
      </div>
    </div>
  );
}
