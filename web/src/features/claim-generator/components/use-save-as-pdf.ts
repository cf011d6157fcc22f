import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/error-message';
import { saveClaimAsPdf } from '../api/claim-generator';

/** How long the "saved as PDF" confirmation stays (SPEC.md section 9). */
export const SAVED_MESSAGE_MS = 5_000;

/**
 * Save as PDF: files the (edited) draft into the Claim phase and confirms it for 5 s; what the
 * server warns about (references it could not verify) stays until the next save or a new draft.
 */
export function useSaveAsPdf(disputeId: string, onSaved?: () => void) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
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
      setSaved(false);
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
      // The case page shows the new file even if the modal was closed meanwhile.
      onSavedRef.current?.();
      if (!mounted.current) return;
      setSaving(false);
      setSaved(true);
      setWarnings(answer.warnings);
      hideTimer.current = setTimeout(() => setSaved(false), SAVED_MESSAGE_MS);
    },
    [disputeId, t],
  );

  const clear = useCallback(() => {
    clearTimeout(hideTimer.current);
    setSaved(false);
    setError(null);
    setWarnings([]);
  }, []);

  return { saving, saved, error, warnings, save, clear };
}
