import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/error-message';
import { DeleteConfirmDialog } from '../../../ui/DeleteConfirmDialog';
import type { CaseFile } from './FileList';

export interface FileDeletionOptions {
  remove: (file: CaseFile) => Promise<void>;
  /** Runs after the deletions, whether or not all succeeded (reload the list). */
  onFinished: () => Promise<void>;
  /** Reports a failure's message, or null when a new attempt starts. */
  onError: (message: string | null) => void;
}

/**
 * Delete one file or a selection after the delete confirmation (docs/product.md section 2). Files are deleted
 * one call each; a failure does not stop the others, and the first failure's message is reported.
 */
export function useFileDeletion({ remove, onFinished, onError }: FileDeletionOptions) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<readonly CaseFile[] | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!pending || busy) return;
    setBusy(true);
    onError(null);
    let failure: unknown = null;
    for (const file of pending) {
      try {
        await remove(file);
      } catch (error) {
        failure ??= error;
      }
    }
    setBusy(false);
    setPending(null);
    if (failure !== null) onError(errorMessage(failure, t('cases.deleteFailed')));
    try {
      await onFinished();
    } catch (error) {
      onError(errorMessage(error, t('cases.refreshFailed')));
    }
  };

  const dialog = (
    <DeleteConfirmDialog
      open={pending !== null}
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={() => setPending(null)}
    />
  );
  return { ask: (files: readonly CaseFile[]) => setPending(files.length > 0 ? files : null), dialog, busy };
}
