import type { AttachmentView } from '@ratkaisu/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/error-message';
import { saveClaimAsPdf } from '../api/claim-generator';

/** How long the "saved as PDF" confirmation stays (docs/product.md section 9); the draft's own "filed as" line stays. */
export const SAVED_MESSAGE_MS = 5_000;

export interface FiledClaim {
  attachment: AttachmentView;
  phaseId?: string;
  /** The same text was filed before: nothing new was added. */
  alreadyFiled: boolean;
}

/**
 * File as PDF in the Claim phase: files the (edited, saved) draft and names the document it became for
 * 5 s — or, for text filed before, the document it already is; what the server warns about (references
 * it could not verify) stays until the next filing or a new draft.
 */
export function useSaveAsPdf(disputeId: string, onSaved?: (filed: FiledClaim) => void) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<FiledClaim | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<readonly string[]>([]);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mounted = useRef(true);
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(hideTimer.current);
    };
  }, []);

  const save = useCallback(
    async (markdownContent: string) => {
      setSaving(true);
      setSaved(null);
      setError(null);
      setWarnings([]);
      clearTimeout(hideTimer.current);
      let answer;
      try {
        answer = await saveClaimAsPdf(disputeId, { markdownContent });
      } catch (failure) {
        if (mounted.current) {
          setSaving(false);
          setError(errorMessage(failure, t('claimGenerator.savePdfFailed')));
        }
        return;
      }
      const filed: FiledClaim = {
        attachment: answer.attachment,
        ...(answer.phaseId ? { phaseId: answer.phaseId } : {}),
        alreadyFiled: answer.alreadyFiled,
      };
      // The case page shows the new file even if the modal was closed meanwhile.
      onSavedRef.current?.(filed);
      if (!mounted.current) return;
      setSaving(false);
      setSaved(filed);
      setWarnings(answer.warnings);
      hideTimer.current = setTimeout(() => setSaved(null), SAVED_MESSAGE_MS);
    },
    [disputeId, t],
  );

  const clear = useCallback(() => {
    clearTimeout(hideTimer.current);
    setSaved(null);
    setError(null);
    setWarnings([]);
  }, []);

  return { saving, saved, error, warnings, save, clear };
}
