import { MAX_ANONYMOUS_TOTAL_BYTES, type JobStatusView } from '@ratkaisu/core';
import i18next from 'i18next';
import { create } from 'zustand';
import { ApiError } from '../../../api/client';
import { cataloguedRefusal } from '../../../api/error-message';
import { saveBlob } from '../../../ui/save-blob';
import { getDecisionPdf, MissingJobIdError, startAnonymousDecision, stopAnonymousJob } from '../api/anonymous-decision';
import { storedDecisionSettingsJson } from '../../../stores/decision-settings';
import { isPdfFile, sameFile, withinTotalLimit } from '../file-rules';
import { tooLargeText } from '../../../ui/upload-limits';

/**
 * select: choosing files; uploading: sending them; generating: the job runs (the page's one job poller
 * follows it); done: the decision is ready.
 */
export type AnonymousStage = 'select' | 'uploading' | 'generating' | 'done';

export const DECISION_FILE_NAME = 'decision.pdf';

interface AnonymousDecisionState {
  stage: AnonymousStage;
  files: File[];
  /** Fraction of the upload sent (0..1) while uploading. */
  uploaded: number;
  jobId: string | null;
  /** The finished decision, once fetched. */
  pdf: Blob | null;
  /** Notes the server made about the run (unverified citations, skipped pages). */
  details: string[];
  /** What went wrong last, in docs/product.md section 8's words. */
  error: string | null;
  /** The server's own reason for a failed job, shown under the error. */
  errorDetail: string | null;
  /** Adds chosen or dropped files; refuses non-PDFs and a total over 20 MB with the spec's texts. */
  addFiles: (files: readonly File[]) => void;
  removeFile: (index: number) => void;
  /** Uploads the files; the page's poller follows the job it answers. */
  generate: () => Promise<void>;
  /** The poller saw the job end: fetches the decision, or says why there is none. */
  jobEnded: (status: JobStatusView) => Promise<void>;
  /** The poller gave up: the job is gone (`gone`) or the server could not be reached. */
  jobLost: (gone: boolean) => void;
  /** Saves the decision as decision.pdf (fetching it again if the first fetch failed). */
  download: () => Promise<void>;
  /** Cancel: stops the upload or asks the server to stop the job; back to the chosen files. */
  cancel: () => Promise<void>;
  /** The page was left: nothing more is asked or shown. */
  leave: () => void;
  /** Start New Decision: an empty page again. */
  reset: () => void;
}

const initial = {
  stage: 'select' as AnonymousStage,
  files: [] as File[],
  uploaded: 0,
  jobId: null as string | null,
  pdf: null,
  details: [] as string[],
  error: null,
  errorDetail: null,
};

const t = i18next.t.bind(i18next);

/** The server refused the documents' total size: by status, or by the catalogue's reason. */
function isTooLarge(failure: ApiError): boolean {
  return failure.status === 413 || failure.reason === 'uploads.anonymousTooLarge';
}

/** The text for a failed Generate (docs/product.md section 8, anonymous generator). */
function startErrorMessage(failure: unknown): string {
  if (failure instanceof MissingJobIdError) return t('anonymousDecision.noJobId');
  if (failure instanceof ApiError) {
    // The server's 20 MB text is replaced by the client's own (docs/product.md section 8).
    if (isTooLarge(failure)) {
      return t('anonymousDecision.serverSizeExceeded');
    }
    // No answer at all (offline, the server unreachable): said in the screens' language, not the client's English.
    if (failure.status === 0) return t('anonymousDecision.noConnection');
    return cataloguedRefusal(failure) ?? failure.serverMessage ?? t('anonymousDecision.generationError');
  }
  // Any other failure is the page's own, never a sentence to show: the generic text in the screens' language.
  return t('anonymousDecision.generationError');
}

/**
 * What names the files of a refusal: the files and their size against the 20 MB limit, the files
 * the server did not take as PDFs. docs/product.md's sentence stays the message; this is its detail.
 */
function sizeDetail(files: readonly File[]): string | null {
  return tooLargeText(t, i18next.language, files, MAX_ANONYMOUS_TOTAL_BYTES);
}

function notPdfDetail(names: readonly string[]): string {
  return t('firstUse.upload.notPdf', { count: names.length, names: names.join(', ') });
}

function startErrorDetail(failure: unknown, files: readonly File[]): string | null {
  if (!(failure instanceof ApiError)) return null;
  if (isTooLarge(failure)) return sizeDetail(files);
  if (failure.code === 'not_pdf' && failure.fields?.file) return notPdfDetail(failure.fields.file.split(', '));
  return null;
}

function downloadErrorMessage(failure: unknown): string {
  if (failure instanceof ApiError) {
    if (failure.status === 0) return t('anonymousDecision.noConnection');
    return cataloguedRefusal(failure) ?? failure.serverMessage ?? t('anonymousDecision.downloadError');
  }
  return t('anonymousDecision.downloadError');
}

export const useAnonymousDecisionStore = create<AnonymousDecisionState>()((set, get) => {
  /** The upload in flight (Cancel and leaving abort it). */
  let upload: AbortController | null = null;
  /** Bumped by Generate, Cancel and leaving: answers of an earlier one are dropped. */
  let generation = 0;

  const fail = (error: string, errorDetail: string | null = null) => {
    set({ stage: 'select', jobId: null, uploaded: 0, error, errorDetail });
  };

  return {
    ...initial,

    addFiles(chosen) {
      if (get().stage !== 'select') return;
      const pdfs = chosen.filter(isPdfFile);
      const files = [...get().files];
      for (const file of pdfs) if (!files.some((listed) => sameFile(listed, file))) files.push(file);
      if (!withinTotalLimit(files)) {
        set({ error: t('anonymousDecision.totalSizeExceeded'), errorDetail: sizeDetail(files) });
        return;
      }
      const refused = chosen.filter((file) => !isPdfFile(file)).map((file) => file.name);
      set({
        files,
        error: refused.length > 0 ? t('anonymousDecision.onlyPdfAllowed') : null,
        errorDetail: refused.length > 0 ? notPdfDetail(refused) : null,
      });
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
        set({ error: t('anonymousDecision.totalSizeExceeded'), errorDetail: sizeDetail(files) });
        return;
      }
      generation += 1;
      const mine = generation;
      const controller = new AbortController();
      upload = controller;
      set({ stage: 'uploading', uploaded: 0, jobId: null, pdf: null, details: [], error: null, errorDetail: null });

      let jobId: string;
      try {
        jobId = await startAnonymousDecision(files, {
          settings: storedDecisionSettingsJson(),
          onProgress: (fraction) => {
            if (mine === generation) set({ uploaded: fraction });
          },
          signal: controller.signal,
        });
      } catch (failure) {
        if (mine === generation) fail(startErrorMessage(failure), startErrorDetail(failure, files));
        return;
      } finally {
        if (upload === controller) upload = null;
      }
      if (mine !== generation) {
        // Cancelled while the answer was on its way: the job it started is stopped too.
        void stopAnonymousJob(jobId).catch(() => undefined);
        return;
      }
      set({ stage: 'generating', jobId, uploaded: 1 });
    },

    async jobEnded(status) {
      const { jobId } = get();
      if (!jobId || get().stage !== 'generating') return;
      if (status.status !== 'Completed') {
        fail(t('anonymousDecision.jobFailed'), status.errorMessage ?? null);
        return;
      }
      const mine = generation;
      let pdf: Blob | null = null;
      let error: string | null = null;
      try {
        pdf = await getDecisionPdf(jobId);
      } catch (failure) {
        error = downloadErrorMessage(failure);
      }
      if (mine !== generation) return;
      // Done either way: the job has finished, and Download fetches the decision again when this fetch failed.
      set({ stage: 'done', pdf, details: status.details ?? [], error, errorDetail: null });
    },

    jobLost(gone) {
      // Gone: the job expired or its id is unknown; asking again will not bring it back.
      fail(gone ? t('anonymousDecision.jobFailed') : t('anonymousDecision.connectionLost'));
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

    async cancel() {
      const { stage, jobId } = get();
      if (stage !== 'uploading' && stage !== 'generating') return;
      generation += 1;
      upload?.abort();
      upload = null;
      // The files stay chosen, so Generate can start again at once.
      set({ stage: 'select', jobId: null, uploaded: 0, error: null, errorDetail: null });
      if (jobId) {
        try {
          await stopAnonymousJob(jobId);
        } catch {
          // The job may have ended meanwhile; its result expires on its own.
        }
      }
    },

    leave() {
      generation += 1;
      upload?.abort();
      upload = null;
    },

    reset() {
      get().leave();
      set({ ...initial, files: [] });
    },
  };
});
