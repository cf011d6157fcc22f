import type { DisputeView } from '@ratkaisu/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getClaimPhaseFiles, getDispute, getWorkFiles, type SourceFile } from '../api/claim-generator';
import { failureReason } from '../generation-error';

export type SourceListing =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | {
      status: 'ready';
      dispute: DisputeView;
      /** Which list is offered: the Claim phase's files, or the caller's work files when that phase has none. */
      source: 'claim' | 'work';
      files: SourceFile[];
    };

/**
 * The case and the files a claim can be drafted from: the Claim phase's files, falling back to the
 * caller's work files (docs/product.md section 7). Loaded afresh on each opening, so files added or deleted
 * on the case page since are seen.
 */
export function useSourceFiles(disputeId: string): SourceListing {
  const { t } = useTranslation();
  const [listing, setListing] = useState<SourceListing>(() =>
    disputeId ? { status: 'loading' } : { status: 'error', message: t('claimGenerator.missingDisputeId') },
  );

  useEffect(() => {
    if (!disputeId) return;
    const controller = new AbortController();
    const { signal } = controller;
    const load = async (): Promise<SourceListing> => {
      const [dispute, claimFiles] = await Promise.allSettled([
        getDispute(disputeId, signal),
        getClaimPhaseFiles(disputeId, signal),
      ]);
      if (claimFiles.status === 'rejected') {
        return {
          status: 'error',
          message: t('claimGenerator.loadFilesFailed', { reason: failureReason(claimFiles.reason, t) }),
        };
      }
      if (dispute.status === 'rejected') {
        return {
          status: 'error',
          message: t('claimGenerator.initializeFailed', { reason: failureReason(dispute.reason, t) }),
        };
      }
      if (claimFiles.value.length > 0) {
        return { status: 'ready', dispute: dispute.value, source: 'claim', files: claimFiles.value };
      }
      try {
        return {
          status: 'ready',
          dispute: dispute.value,
          source: 'work',
          files: await getWorkFiles(disputeId, signal),
        };
      } catch (failure) {
        return { status: 'error', message: t('claimGenerator.loadFilesFailed', { reason: failureReason(failure, t) }) };
      }
    };
    void load().then((next) => {
      if (!signal.aborted) setListing(next);
    });
    return () => controller.abort();
  }, [disputeId, t]);

  return listing;
}
