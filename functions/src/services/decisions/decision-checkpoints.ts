import type { Deps } from '../../deps.js';
import type { Stored } from '../../ports/store.js';
import { saveJobCheckpoint, saveJobDossier } from '../jobs/job-checkpoints.js';
import type { JobDocument } from '../jobs/job-document.js';
import type { ChapterCheckpoint, DecisionCheckpoints } from './decision-draft.js';

/**
 * A decision job's checkpoints: the chapters and the dossier an earlier run of the same job saved, and where
 * this run saves each as it is finished (the job document, conditionally), so a host killed mid-decision
 * resumes where it stopped. `keep` chooses which finished chapters are saved (a regeneration saves only its
 * own chapter); by default every one.
 */
export function decisionCheckpoints(
  deps: Pick<Deps, 'store' | 'clock'>,
  job: Stored<JobDocument>,
  options: { saved?: readonly ChapterCheckpoint[]; keep?: (chapter: ChapterCheckpoint) => boolean } = {},
): DecisionCheckpoints {
  return {
    saved: options.saved ?? job.checkpoints ?? [],
    save: async (chapter) => {
      if (options.keep && !options.keep(chapter)) return;
      await saveJobCheckpoint(deps, job, chapter);
    },
    ...(job.dossier ? { dossier: job.dossier } : {}),
    saveDossier: async (dossier) => {
      await saveJobDossier(deps, job, dossier);
    },
  };
}
