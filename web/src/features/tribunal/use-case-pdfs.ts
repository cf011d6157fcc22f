import type { PhaseView } from '@ratkaisu/core';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchAttachment } from './api/tribunal';

/**
 * The case's documents for the review screen's side panel: each fetched once while the page is open, however
 * often its references are opened; a failed fetch is forgotten so that the next opening asks again.
 */
export function useCasePdfs(disputeId: string, phases: PhaseView[] | undefined) {
  const { t } = useTranslation();
  const pdfs = useRef(new Map<string, Promise<Blob>>());
  return useCallback(
    (fileId: string) => {
      const cached = pdfs.current.get(fileId);
      if (cached) return cached;
      const phase = phases?.find((entry) => entry.attachments.some((file) => file.id === fileId));
      const loading = phase
        ? fetchAttachment(disputeId, phase.id, fileId)
        : Promise.reject(new Error(t('tribunal.openFailed')));
      loading.catch(() => pdfs.current.delete(fileId));
      pdfs.current.set(fileId, loading);
      return loading;
    },
    [phases, disputeId, t],
  );
}
