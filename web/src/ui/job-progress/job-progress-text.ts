import type { JobStatusView } from '@ratkaisu/core';
import type { TFunction } from 'i18next';

/** A wait in words: "40 seconds" (to 5 s) under a minute and a half, else "4 minutes". */
export function waitText(seconds: number, t: TFunction): string {
  const rounded = Math.max(1, Math.round(seconds));
  if (rounded < 90) {
    const count = rounded < 10 ? rounded : Math.round(rounded / 5) * 5;
    return t('jobProgress.waitSeconds', { count });
  }
  return t('jobProgress.waitMinutes', { count: Math.round(rounded / 60) });
}

/** What a job writes when it is not a whole decision. */
export interface JobScope {
  /** The one chapter (1-based) a regeneration writes again: its count of the decision's chapters is not its own. */
  chapter?: number;
}

/**
 * What the job is doing, in words, from what the server reports: its place in the queue, the stage it is
 * in with its count (scanned pages n/m, chapter n of m), or that it has not said yet. Nothing simulated.
 * Waiting for the model's capacity is said as such — before it starts (its place in line) and while it runs
 * (its next call waits for room in the deployment's quota) — never as "writing". A regeneration (`scope.chapter`)
 * says the chapter it writes ("Writing chapter 3"), not the decision's count the server reports.
 */
export function stageText(status: JobStatusView | null, t: TFunction, scope: JobScope = {}): string {
  if (!status) return t('jobProgress.waiting');
  if (status.status === 'Completed') return t('jobProgress.completed');
  if (status.status === 'Queued') {
    const queue = status.queue;
    if (!queue) return t('jobProgress.waiting');
    const wait = waitText(queue.etaSeconds, t);
    if (queue.position <= 1) return t('jobProgress.nextInLine', { wait });
    return t('jobProgress.queued', {
      position: t('jobProgress.place', { count: queue.position, ordinal: true }),
      wait,
    });
  }
  const progress = status.progress;
  if (status.queue?.capacity) {
    const { position, etaSeconds } = status.queue;
    const wait = waitText(etaSeconds, t);
    const place = t('jobProgress.place', { count: position, ordinal: true });
    if (scope.chapter !== undefined) {
      return position <= 1
        ? t('jobProgress.capacityNextOneChapter', { number: scope.chapter, wait })
        : t('jobProgress.capacityOneChapter', { number: scope.chapter, position: place, wait });
    }
    if (progress?.stage === 'drafting' && progress.total !== undefined && progress.total > 0) {
      const current = Math.min((progress.done ?? 0) + 1, progress.total);
      return position <= 1
        ? t('jobProgress.capacityNextChapter', { current, total: progress.total, wait })
        : t('jobProgress.capacityChapter', { current, total: progress.total, position: place, wait });
    }
    return position <= 1
      ? t('jobProgress.capacityNext', { wait })
      : t('jobProgress.capacity', { position: place, wait });
  }
  if (!progress) return t('jobProgress.starting');
  switch (progress.stage) {
    case 'extracting':
      return t('jobProgress.extracting');
    case 'ocr':
      return t('jobProgress.ocr', { done: progress.done, total: progress.total, fileName: progress.fileName });
    case 'drafting':
      if (scope.chapter !== undefined) return t('jobProgress.draftingOneChapter', { number: scope.chapter });
      if (progress.total !== undefined && progress.total > 0) {
        return t('jobProgress.draftingChapter', {
          current: Math.min((progress.done ?? 0) + 1, progress.total),
          total: progress.total,
        });
      }
      return t('jobProgress.drafting');
    case 'citations':
      return t('jobProgress.citations');
    case 'rendering':
      return t('jobProgress.rendering');
  }
}

/**
 * The fraction the bar can honestly show: a count the server reports (pages read, chapters written), else none.
 * A regeneration's chapter count is the decision's (the other chapters count as done), so it shows none.
 */
export function countedFraction(status: JobStatusView | null, scope: JobScope = {}): number | undefined {
  const progress = status?.status === 'Running' ? status.progress : undefined;
  if (scope.chapter !== undefined && progress?.stage === 'drafting') return undefined;
  if (progress?.stage === 'ocr' && progress.total > 0) return progress.done / progress.total;
  if (progress?.stage === 'drafting' && progress.total && progress.done !== undefined) {
    return progress.done / progress.total;
  }
  return undefined;
}
