import { ANONYMOUS_DECISION_MESSAGES, type JobProgress, type JobStatusView } from '@ratkaisu/core';
import i18next from 'i18next';
import { create } from 'zustand';
import { GenerationRun } from '../../../stores/generation-run';
import { ApiError } from '../../../api/client';
import { saveBlob } from '../../../ui/save-blob';
import { getDecisionPdf, getJobStatus, MissingJobIdError, startAnonymousDecision } from '../api/anonymous-decision';
import {
  COMPLETED_PROGRESS,
  MAX_STATUS_FAILURES,
  PROGRESS_TICK_MS,
  type SimulatedProgress,
  simulatedProgress,
  statusCheckDelay,
} from '../anonymous-timing';
import { storedDecisionSettingsJson } from '../../../stores/decision-settings';
import { isPdfFile, sameFile, withinTotalLimit } from '../file-rules';

/** select: choosing files; uploading: sending them; generating: waiting for the job; done: the decision is ready. */
export type AnonymousStage = 'select' | 'uploading' | 'generating' | 'done';

export const DECISION_FILE_NAME = 'decision.pdf';

interface AnonymousDecisionState {
  stage: AnonymousStage;
  files: File[];
  /** Fraction of the upload sent (0..1) while uploading. */
  uploaded: number;
  jobId: string | null;
  progress: SimulatedProgress;
  /** What the server says the job is doing, when it can count it (scanned pages read by OCR). */
  jobProgress: JobProgress | null;
  /** The finished decision, once fetched. */
  pdf: Blob | null;
  /** Notes the server made about the run (unverified citations, skipped pages). */
  details: string[];
  /** What went wrong last, in SPEC.md section 8's words. */
  error: string | null;
  /** The server's own reason for a failed job, shown under the error. */
  errorDetail: string | null;
  /** Adds chosen or dropped files; refuses non-PDFs and a total over 20 MB with the spec's texts. */
  addFiles: (files: readonly File[]) => void;
  removeFile: (index: number) => void;
  /** Uploads the files, then follows the job until the decision arrives or the job ends. */
  generate: () => Promise<void>;
  /** Saves the decision as decision.pdf (fetching it again if the first fetch failed). */
  download: () => Promise<void>;
  /** Stops following the job (the page was left); the server finishes it regardless. */
  cancel: () => void;
  /** Start New Decision: an empty page again. */
  reset: () => void;
}

const initial = {
  stage: 'select' as AnonymousStage,
  files: [] as File[],
  uploaded: 0,
  jobId: null,
  progress: simulatedProgress(0),
  jobProgress: null as JobProgress | null,
  pdf: null,
  details: [] as string[],
  error: null,
  errorDetail: null,
};

const t = i18next.t.bind(i18next);

/** The text for a failed Generate (SPEC.md section 8, anonymous generator). */
function startErrorMessage(failure: unknown): string {
  if (failure instanceof MissingJobIdError) return t('anonymousDecision.noJobId');
  if (failure instanceof ApiError) {
    // The server's 20 MB text is replaced by the client's own (SPEC.md section 8).
    if (failure.status === 413 || failure.serverMessage === ANONYMOUS_DECISION_MESSAGES.tooLarge) {
      return t('anonymousDecision.serverSizeExceeded');
    }
    // No answer at all (offline, the server unreachable): the client's own sentence says which.
    if (failure.status === 0) return failure.message || t('anonymousDecision.generationError');
    return failure.serverMessage ?? t('anonymousDecision.generationError');
  }
  if (failure instanceof Error && failure.message) return failure.message;
  return t('anonymousDecision.generationError');
}

function downloadErrorMessage(failure: unknown): string {
  if (failure instanceof ApiError) return failure.serverMessage ?? t('anonymousDecision.downloadError');
  if (failure instanceof Error && failure.message) return failure.message;
  return t('anonymousDecision.downloadError');
}

export const useAnonymousDecisionStore = create<AnonymousDecisionState>()((set, get) => {
  let current: GenerationRun | null = null;

  const end = (run: GenerationRun) => {
    run.stop();
    if (current === run) current = null;
  };

  const fail = (run: GenerationRun, error: string, errorDetail: string | null = null) => {
    end(run);
    set({ stage: 'select', jobId: null, uploaded: 0, error, errorDetail });
  };

  const startProgress = (run: GenerationRun) => {
    const startedAt = Date.now();
    set({ progress: simulatedProgress(0) });
    run.tick(PROGRESS_TICK_MS, () => {
      const next = simulatedProgress(Date.now() - startedAt);
      const shown = get().progress;
      if (next.percent !== shown.percent || next.textKey !== shown.textKey) set({ progress: next });
    });
  };

  const fetchDecision = async (run: GenerationRun, jobId: string, details: string[]) => {
    let pdf: Blob | null = null;
    let error: string | null = null;
    try {
      pdf = await getDecisionPdf(jobId, run.signal);
    } catch (failure) {
      if (run.stopped) return;
      error = downloadErrorMessage(failure);
    }
    if (run.stopped) return;
    end(run);
    // Done either way: the job has finished, and Download fetches the decision again when this fetch failed.
    set({ stage: 'done', pdf, details, progress: COMPLETED_PROGRESS, error, errorDetail: null });
  };

  const poll = async (run: GenerationRun, jobId: string, failures: number) => {
    let status: JobStatusView;
    try {
      status = await getJobStatus(jobId, run.signal);
    } catch (failure) {
      if (run.stopped) return;
      // Gone: the job expired or its id is unknown; asking again will not bring it back.
      if (failure instanceof ApiError && (failure.status === 404 || failure.status === 401)) {
        fail(run, t('anonymousDecision.jobFailed'));
        return;
      }
      const failed = failures + 1;
      if (failed >= MAX_STATUS_FAILURES) fail(run, t('anonymousDecision.connectionLost'));
      else followJob(run, jobId, failed);
      return;
    }
    if (run.stopped) return;
    if ((status.progress ?? null) !== get().jobProgress) set({ jobProgress: status.progress ?? null });
    if (status.status === 'Completed') await fetchDecision(run, jobId, status.details ?? []);
    else if (status.status === 'Failed' || status.status === 'Deleted') {
      fail(run, t('anonymousDecision.jobFailed'), status.errorMessage ?? null);
    } else followJob(run, jobId, 0);
  };

  /** The next status check: every 15 s, later after failed checks (SPEC.md section 9). */
  const followJob = (run: GenerationRun, jobId: string, failures: number) => {
    run.schedule(statusCheckDelay(failures), () => {
      poll(run, jobId, failures).catch(() => {
        // Only a defect in the code above lands here.
        if (!run.stopped) fail(run, t('anonymousDecision.generationError'));
      });
    });
  };

  return {
    ...initial,

    addFiles(chosen) {
      if (get().stage !== 'select') return;
      const pdfs = chosen.filter(isPdfFile);
      const files = [...get().files];
      for (const file of pdfs) if (!files.some((listed) => sameFile(listed, file))) files.push(file);
      if (!withinTotalLimit(files)) {
        set({ error: t('anonymousDecision.totalSizeExceeded'), errorDetail: null });
        return;
      }
      const refused = pdfs.length < chosen.length;
      set({ files, error: refused ? t('anonymousDecision.onlyPdfAllowed') : null, errorDetail: null });
    },

    removeFile(index) {
      if (get().stage !== 'select') return;
      set({ files: get().files.filter((_, position) => position !== index), error: null, errorDetail: null });
    },

    async generate() {
      const { files, stage } = get();
      if (stage !== 'select') return;
      if (files.length === 0) {
        set({ error: t('anonymousDecision.uploadAtLeastOneFile'), errorDetail: null });
        return;
      }
      if (!withinTotalLimit(files)) {
        set({ error: t('anonymousDecision.totalSizeExceeded'), errorDetail: null });
        return;
      }
      const run = new GenerationRun();
      current = run;
      set({
        stage: 'uploading',
        uploaded: 0,
        jobId: null,
        pdf: null,
        details: [],
        error: null,
        errorDetail: null,
        jobProgress: null,
      });
      startProgress(run);

      let jobId: string;
      try {
        jobId = await startAnonymousDecision(files, {
          settings: storedDecisionSettingsJson(),
          onProgress: (fraction) => {
            if (!run.stopped) set({ uploaded: fraction });
          },
          signal: run.signal,
        });
      } catch (failure) {
        if (!run.stopped) fail(run, startErrorMessage(failure));
        return;
      }
      if (run.stopped) return;
      set({ stage: 'generating', jobId, uploaded: 1 });
      followJob(run, jobId, 0);
    },

    async download() {
      const { jobId, pdf } = get();
      if (pdf) {
        saveBlob(pdf, DECISION_FILE_NAME);
        return;
      }
      if (!jobId) return;
      try {
        const fetched = await getDecisionPdf(jobId);
        set({ pdf: fetched, error: null });
        saveBlob(fetched, DECISION_FILE_NAME);
      } catch (failure) {
        set({ error: downloadErrorMessage(failure) });
      }
    },

    cancel() {
      if (current) end(current);
    },

    reset() {
      get().cancel();
      set({ ...initial, files: [] });
    },
  };
});
