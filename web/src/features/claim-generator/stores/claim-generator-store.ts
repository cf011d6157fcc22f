import type { ClaimDraftView, JobStatusView } from '@ratkaisu/core';
import i18next from 'i18next';
import { create } from 'zustand';
import { errorMessage } from '../../../api/error-message';
import {
  discardClaimDraft,
  getClaimDraft,
  newerDraftOf,
  saveClaimDraft,
  startClaimGeneration,
  stopClaimJob,
} from '../api/claim-generator';
import { generationErrorMessage } from '../generation-error';

/**
 * loading: reading the user's draft; select: choosing files (and any error of the last attempt);
 * generating: the job runs (the one job poller follows it); result: the draft.
 */
export type ClaimStage = 'loading' | 'select' | 'generating' | 'result';

/** Whether the text on screen is the server's: saved, being saved, waiting to be saved, or not saved (why in `saveError`). */
export type SaveState = 'saved' | 'pending' | 'saving' | 'failed';

export interface GenerateClaimInput {
  disputeId: string;
  fileIds: readonly string[];
  /** The dispute's name; 'Dispute' when it has none (docs/product.md section 3). */
  caseName: string;
  claimant: { name: string; address: string };
}

/** How long after the last keystroke an edit is saved. */
export const AUTOSAVE_DELAY_MS = 800;

interface ClaimGeneratorState {
  disputeId: string | null;
  stage: ClaimStage;
  jobId: string | null;
  /** The draft as the server last answered it (its version is the one the next save is conditional on). */
  draft: ClaimDraftView | null;
  /** The drafted claim application as markdown, as on screen (the edit view changes it). */
  markdown: string;
  saveState: SaveState;
  saveError: string | null;
  /** A newer version from elsewhere replaced the text on screen. */
  replacedByNewer: boolean;
  /** Why the last attempt did not produce a draft; shown over the file selection. */
  error: string | null;
  stopping: boolean;
  /** Reads the user's draft of the case: a finished one opens, a running job is followed again. */
  load: (disputeId: string) => Promise<void>;
  /** Submits the selected files; the draft that follows replaces the one before. */
  generate: (input: GenerateClaimInput) => Promise<void>;
  /** The poller saw the job end. */
  jobEnded: (status: JobStatusView) => Promise<void>;
  /** The poller gave up (the server could not be reached). */
  jobLost: () => void;
  /** Stop: asks the server to stop the job; back to the file selection. */
  stop: () => Promise<void>;
  setMarkdown: (markdown: string) => void;
  /** Saves an edit still waiting for its delay now; resolves when the text on screen is saved (or failed). */
  flush: () => Promise<void>;
  /** Throws the draft away on the server. */
  discard: () => Promise<void>;
  /** Generate New Claim: the file selection, the draft kept until a new one is generated. */
  chooseFiles: () => void;
  /** Back from the file selection to the kept draft. */
  backToDraft: () => void;
  /** The filing answered: the draft now names its filing. */
  markFiled: (filed: NonNullable<ClaimDraftView['filed']>) => void;
  /** The modal closed: saves what waits, forgets the rest. */
  close: () => void;
}

const initial = {
  disputeId: null as string | null,
  stage: 'loading' as ClaimStage,
  jobId: null as string | null,
  draft: null as ClaimDraftView | null,
  markdown: '',
  saveState: 'saved' as SaveState,
  saveError: null as string | null,
  replacedByNewer: false,
  error: null as string | null,
  stopping: false,
};

const t = i18next.t.bind(i18next);

export const useClaimGeneratorStore = create<ClaimGeneratorState>()((set, get) => {
  let autosave: ReturnType<typeof setTimeout> | undefined;
  let saving: Promise<void> | null = null;
  /** Bumped on each load, Generate and close: answers of an earlier one are dropped. */
  let generation = 0;

  /** What a draft read from the server means for the screen. */
  const showDraft = (draft: ClaimDraftView | null) => {
    if (!draft) {
      set({ stage: 'select', draft: null, jobId: null, markdown: '' });
      return;
    }
    if (draft.jobStatus === 'Queued' || draft.jobStatus === 'Running') {
      set({ stage: 'generating', draft, jobId: draft.jobId ?? null, markdown: '' });
    } else if (draft.jobStatus) {
      set({
        stage: 'select',
        draft: null,
        jobId: null,
        markdown: '',
        error: draft.errorMessage || t('claimGenerator.jobFailed'),
      });
    } else {
      set({
        stage: 'result',
        draft,
        jobId: null,
        markdown: draft.markdown,
        saveState: 'saved',
        saveError: null,
      });
    }
  };

  const save = async (): Promise<void> => {
    const { disputeId, draft, markdown } = get();
    if (!disputeId || !draft || get().saveState === 'saved') return;
    const mine = generation;
    set({ saveState: 'saving', saveError: null });
    try {
      const saved = await saveClaimDraft(disputeId, markdown, draft.version);
      if (mine !== generation) return;
      // Typing went on while the save was under way: that text waits for the next save.
      const unchanged = get().markdown === markdown;
      set({ draft: saved, saveState: unchanged ? 'saved' : 'pending' });
      if (!unchanged) schedule();
    } catch (failure) {
      if (mine !== generation) return;
      const newer = newerDraftOf(failure);
      if (newer) {
        set({ draft: newer, markdown: newer.markdown, saveState: 'saved', replacedByNewer: true });
        return;
      }
      set({ saveState: 'failed', saveError: errorMessage(failure, t('claimGenerator.draftSaveFailed')) });
    }
  };

  const runSave = (): Promise<void> => {
    if (!saving) {
      saving = save().finally(() => {
        saving = null;
      });
    }
    return saving;
  };

  const schedule = () => {
    clearTimeout(autosave);
    autosave = setTimeout(() => void runSave(), AUTOSAVE_DELAY_MS);
  };

  return {
    ...initial,

    async load(disputeId) {
      clearTimeout(autosave);
      generation += 1;
      const mine = generation;
      set({ ...initial, disputeId });
      // Without a case there is no draft to read; the file list says what is missing.
      if (!disputeId) {
        set({ stage: 'select' });
        return;
      }
      try {
        const draft = await getClaimDraft(disputeId);
        if (mine !== generation) return;
        showDraft(draft);
      } catch (failure) {
        if (mine !== generation) return;
        set({ stage: 'select', error: errorMessage(failure, t('claimGenerator.draftLoadFailed')) });
      }
    },

    async generate(input) {
      if (!input.disputeId) {
        set({ error: t('claimGenerator.missingDisputeId') });
        return;
      }
      if (input.fileIds.length === 0) {
        set({ error: t('claimGenerator.selectAtLeastOneFile') });
        return;
      }
      await get().flush();
      clearTimeout(autosave);
      generation += 1;
      const mine = generation;
      set({ stage: 'generating', jobId: null, error: null, replacedByNewer: false, stopping: false });
      let jobId: string;
      try {
        jobId = await startClaimGeneration(input.disputeId, {
          fileIds: [...input.fileIds],
          settings: { language: 'fi' },
          case_name: input.caseName.trim() || 'Dispute',
          claimant_info: { name: input.claimant.name, contact_info: input.claimant.address },
          process_type: 'claim',
        });
      } catch (failure) {
        if (mine === generation) set({ stage: 'select', error: generationErrorMessage(failure, t) });
        return;
      }
      if (mine !== generation) return;
      set({ jobId, draft: null, markdown: '' });
    },

    async jobEnded(status) {
      const { disputeId } = get();
      if (!disputeId) return;
      if (status.status !== 'Completed') {
        set({
          stage: 'select',
          jobId: null,
          error: status.errorMessage || t('claimGenerator.jobFailed'),
        });
        return;
      }
      const mine = generation;
      try {
        const draft = await getClaimDraft(disputeId);
        if (mine !== generation) return;
        if (!draft || (!draft.jobStatus && draft.markdown.trim() === '')) {
          set({
            stage: 'select',
            jobId: null,
            error: t('claimGenerator.retrieveFailed', { reason: t('claimGenerator.emptyDocument') }),
          });
          return;
        }
        showDraft(draft);
      } catch (failure) {
        if (mine === generation) {
          set({
            stage: 'select',
            jobId: null,
            error: t('claimGenerator.retrieveFailed', {
              reason: errorMessage(failure, t('claimGenerator.unexpectedError')),
            }),
          });
        }
      }
    },

    jobLost() {
      set({ stage: 'select', jobId: null, error: t('claimGenerator.statusCheckFailed') });
    },

    async stop() {
      const { jobId } = get();
      generation += 1;
      set({ stopping: true });
      try {
        if (jobId) await stopClaimJob(jobId);
        set({ stage: 'select', jobId: null, draft: null, stopping: false, error: null });
      } catch (failure) {
        set({ stopping: false, error: errorMessage(failure, t('claimGenerator.stopFailed')) });
      }
    },

    setMarkdown(markdown) {
      if (markdown === get().markdown) return;
      set({ markdown, saveState: 'pending', replacedByNewer: false });
      schedule();
    },

    async flush() {
      clearTimeout(autosave);
      if (saving) await saving;
      if (get().saveState === 'pending' || get().saveState === 'failed') await runSave();
    },

    async discard() {
      const { disputeId, draft } = get();
      if (!disputeId || !draft) return;
      clearTimeout(autosave);
      if (saving) await saving;
      try {
        await discardClaimDraft(disputeId, get().draft?.version ?? draft.version);
      } catch (failure) {
        const newer = newerDraftOf(failure);
        if (newer) {
          set({ draft: newer, markdown: newer.markdown, saveState: 'saved', replacedByNewer: true });
          return;
        }
        set({ saveError: errorMessage(failure, t('claimGenerator.discardFailed')), saveState: get().saveState });
        return;
      }
      set({ stage: 'select', draft: null, markdown: '', saveState: 'saved', saveError: null, error: null });
    },

    chooseFiles() {
      void get().flush();
      set({ stage: 'select', error: null });
    },

    backToDraft() {
      if (get().draft) set({ stage: 'result', error: null });
    },

    markFiled(filed) {
      const { draft } = get();
      if (draft) set({ draft: { ...draft, filed } });
    },

    close() {
      // The edit waiting for its delay is saved still; nothing else of this opening goes on.
      if (get().saveState === 'pending') {
        clearTimeout(autosave);
        void runSave();
      }
      generation += 1;
    },
  };
});
