import type { Deps } from '../../deps.js';
import type { Stored } from '../../ports/store.js';
import { changeRecord } from '../../records/change-record.js';
import type { JobChapterCheckpoint, JobDocument } from './job-document.js';

/**
 * Saves one finished chapter in the job record, conditionally (etag) and only
 * while the job is still this run's (Running, the same attempt): a run that
 * lost its job writes nothing. A chapter saved twice keeps the later one.
 * Answers false when the job is no longer this run's.
 */
export function saveJobCheckpoint(
  deps: Pick<Deps, 'store' | 'clock'>,
  run: Pick<Stored<JobDocument>, 'id' | 'attempts'>,
  chapter: JobChapterCheckpoint,
): Promise<boolean> {
  return saveJobWork(deps, run, (current) => {
    const checkpoints = (current.checkpoints ?? []).filter((saved) => saved.index !== chapter.index);
    checkpoints.push(chapter);
    checkpoints.sort((a, b) => a.index - b.index);
    return { checkpoints };
  });
}

/** Saves the dossier a decision's chapters are written from (a large case, condensed), likewise. */
export function saveJobDossier(
  deps: Pick<Deps, 'store' | 'clock'>,
  run: Pick<Stored<JobDocument>, 'id' | 'attempts'>,
  dossier: string,
): Promise<boolean> {
  return saveJobWork(deps, run, () => ({ dossier }));
}

async function saveJobWork(
  deps: Pick<Deps, 'store' | 'clock'>,
  run: Pick<Stored<JobDocument>, 'id' | 'attempts'>,
  change: (current: Stored<JobDocument>) => Partial<Pick<JobDocument, 'checkpoints' | 'dossier'>>,
): Promise<boolean> {
  let lost = false;
  const result = await changeRecord(
    deps.store.collection<JobDocument>('jobs'),
    { pk: run.id, id: run.id },
    (current) => {
      lost = current.status !== 'Running' || current.attempts !== run.attempts;
      return lost ? undefined : { ...current, ...change(current), updatedAt: deps.clock.now().toISOString() };
    },
    { attempts: 8, busy: () => new Error(`Saving a checkpoint of job ${run.id} kept conflicting with other writes.`) },
  );
  return result.outcome === 'written' && !lost;
}
