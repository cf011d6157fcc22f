import type { JobProgress, JobStatusView } from '@ratkaisu/core';
import i18next from 'i18next';
import { create } from 'zustand';
import { GenerationRun } from '../../../stores/generation-run';
import { getJobResultText, getJobStatus, startClaimGeneration } from '../api/claim-generator';
import {
  COMPLETED_PROGRESS,
  MAX_STATUS_FAILURES,
  PROGRESS_FREEZE_MS,
  PROGRESS_TICK_MS,
  type SimulatedProgress,
  simulatedProgress,
  statusCheckDelay,
} from '../claim-timing';
import { failureReason, generationErrorMessage } from '../generation-error';

/** select: choosing files (and any error of the last attempt); generating: waiting for the job; result: the draft. */
export type ClaimStage = 'select' | 'generating' | 'result';

export interface GenerateClaimInput {
  disputeId: string;
  fileIds: readonly string[];
  /** The dispute's name; 'Dispute' when it has none (SPEC.md section 3). */
  caseName: string;
  claimant: { name: string; address: string };
}

interface ClaimGeneratorState {
  stage: ClaimStage;
  jobId: string | null;
  progress: SimulatedProgress;
  /** What the server says the job is doing, when it can count it (scanned pages read by OCR). */
  jobProgress: JobProgress | null;
  /** The drafted claim application as markdown; the edit view changes it in place. */
  markdown: string;
  /** Why the last attempt did not produce a draft; shown over the file selection. */
  error: string | null;
  /** Submits the selected files, then follows the job until the draft arrives or the job ends. */
  generate: (input: GenerateClaimInput) => Promise<void>;
  setMarkdown: (markdown: string) => void;
  /** Stops following the job (the modal closed); the server finishes it regardless. */
  cancel: () => void;
  /** Back to a fresh file selection: Generate New Claim, and each opening of the modal. */
  reset: () => void;
}

const initial = {
  stage: 'select' as ClaimStage,
  jobId: null,
  progress: simulatedProgress(0),
  jobProgress: null as JobProgress | null,
  markdown: '',
  error: null,
};

const t = i18next.t.bind(i18next);

export const useClaimGeneratorStore = create<ClaimGeneratorState>()((set, get) => {
  let current: GenerationRun | null = null;

  const end = (run: GenerationRun) => {
    run.stop();
    if (current === run) current = null;
  };

  const fail = (run: GenerationRun, message: string) => {
    end(run);
    set({ stage: 'select', jobId: null, error: message });
  };

  const startProgress = (run: GenerationRun) => {
    const startedAt = Date.now();
    set({ progress: simulatedProgress(0) });
    run.tick(PROGRESS_TICK_MS, () => {
      const elapsed = Date.now() - startedAt;
      const next = simulatedProgress(elapsed);
      const shown = get().progress;
      if (next.percent !== shown.percent || next.textKey !== shown.textKey) set({ progress: next });
      // Past the last band nothing changes any more; the bar waits at its cap for the real end.
      if (elapsed >= PROGRESS_FREEZE_MS) run.stopProgress();
    });
  };

  const fetchResult = async (run: GenerationRun, jobId: string) => {
    let markdown: string;
    try {
      markdown = await getJobResultText(jobId, run.signal);
      if (markdown.trim() === '') throw new Error(t('claimGenerator.emptyDocument'));
    } catch (failure) {
      if (!run.stopped) fail(run, t('claimGenerator.retrieveFailed', { reason: failureReason(failure, t) }));
      return;
    }
    if (run.stopped) return;
    end(run);
    set({ stage: 'result', markdown, progress: COMPLETED_PROGRESS, error: null });
  };

  const poll = async (run: GenerationRun, jobId: string, failures: number) => {
    let status: JobStatusView;
    try {
      status = await getJobStatus(jobId, run.signal);
    } catch {
      if (run.stopped) return;
      const failed = failures + 1;
      if (failed >= MAX_STATUS_FAILURES) fail(run, t('claimGenerator.statusCheckFailed'));
      else followJob(run, jobId, failed);
      return;
    }
    if (run.stopped) return;
    if ((status.progress ?? null) !== get().jobProgress) set({ jobProgress: status.progress ?? null });
    if (status.status === 'Completed') await fetchResult(run, jobId);
    else if (status.status === 'Failed' || status.status === 'Deleted') {
      fail(run, status.errorMessage || t('claimGenerator.jobFailed'));
    } else followJob(run, jobId, 0);
  };

  /** The next status check: every 15 s, later after failed checks (SPEC.md section 9). */
  const followJob = (run: GenerationRun, jobId: string, failures: number) => {
    run.schedule(statusCheckDelay(failures), () => {
      poll(run, jobId, failures).catch(() => {
        // Only a defect in the code above lands here; the store's own default text says so.
        if (!run.stopped) fail(run, t('claimGenerator.storeDefaultError'));
      });
    });
  };

  return {
    ...initial,

    async generate(input) {
      get().cancel();
      if (!input.disputeId) {
        set({ error: t('claimGenerator.missingDisputeId') });
        return;
      }
      if (input.fileIds.length === 0) {
        set({ error: t('claimGenerator.selectAtLeastOneFile') });
        return;
      }
      const run = new GenerationRun();
      current = run;
      set({ stage: 'generating', jobId: null, markdown: '', error: null, jobProgress: null });
      startProgress(run);

      let jobId: string;
      try {
        jobId = await startClaimGeneration(
          input.disputeId,
          {
            fileIds: [...input.fileIds],
            settings: { language: 'fi' },
            case_name: input.caseName.trim() || 'Dispute',
            claimant_info: { name: input.claimant.name, contact_info: input.claimant.address },
            process_type: 'claim',
          },
          run.signal,
        );
      } catch (failure) {
        if (!run.stopped) fail(run, generationErrorMessage(failure, t));
        return;
      }
      if (run.stopped) return;
      set({ jobId });
      followJob(run, jobId, 0);
    },

    setMarkdown: (markdown) => set({ markdown }),

    cancel() {
      if (current) end(current);
    },

    reset() {
      get().cancel();
      set({ ...initial });
    },
  };
});
