import type { AwardView, DispositivePart, DisputeView, DraftChapter, PhaseView, SaveAwardDraft } from '@ratkaisu/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { errorMessage } from '../../api/error-message';
import { useJobPoller } from '../../ui/job-progress/use-job-poller';
import {
  getAward,
  getDisputeForReview,
  getJobStatus,
  getPhases,
  keepChapter,
  openChapter,
  regenerateChapter,
  writeChapterFromBlank,
  saveAward,
  staleAward,
} from './api/tribunal';

/** What the tribunal edits: the chapters, the dispositive part and the costs. */
export interface Working {
  chapters: DraftChapter[];
  dispositive?: DispositivePart;
  costs: string;
}

export const workingOf = (award: AwardView): Working => ({
  chapters: award.chapters,
  ...(award.dispositive ? { dispositive: award.dispositive } : {}),
  costs: award.costs ?? '',
});

const sameWorking = (a: Working, b: Working) => JSON.stringify(a) === JSON.stringify(b);

/** The longest wait between two checks of a regenerating chapter's job. */
export const REGENERATE_POLL_MS = 3000;

export type Loaded =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; dispute: DisputeView; phases: PhaseView[] };

export interface Notice {
  intent: 'success' | 'error' | 'warning';
  text: string;
}

export interface Regenerating {
  chapter: number;
  jobId: string;
  fromVersion: number;
}

/**
 * The review screen's draft: the award as saved, the tribunal's working text beside it, the
 * newer version a lost race brought (the user's text stays), the save, and a chapter's regeneration
 * followed by the one job poller. Every answer that arrives later reads what is on screen then.
 */
export function useAwardDraft(disputeId: string, awardId: string) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [award, setAward] = useState<AwardView | null>(null);
  const [working, setWorking] = useState<Working | null>(null);
  const [newer, setNewer] = useState<AwardView | null>(null);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [regenerating, setRegenerating] = useState<Regenerating | null>(null);
  const current = useRef({ award, working, regenerating });
  current.current = { award, working, regenerating };
  const unmounted = useRef(false);
  useEffect(() => {
    unmounted.current = false;
    return () => {
      unmounted.current = true;
    };
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    Promise.all([
      getAward(disputeId, awardId, controller.signal),
      getDisputeForReview(disputeId, controller.signal),
      getPhases(disputeId, controller.signal).catch(() => [] as PhaseView[]),
    ])
      .then(([loadedAward, dispute, phases]) => {
        setAward(loadedAward);
        setWorking(workingOf(loadedAward));
        setLoaded({ status: 'ready', dispute, phases });
      })
      .catch((failure: unknown) => {
        if (!controller.signal.aborted)
          setLoaded({ status: 'error', message: errorMessage(failure, t('tribunal.loadFailed')) });
      });
    return () => controller.abort();
  }, [disputeId, awardId, t]);

  const dirty = award !== null && working !== null && !sameWorking(working, workingOf(award));

  /** A newer version arrived from the server: shown at once unless the user typed meanwhile. */
  const arrived = useCallback((next: AwardView): 'shown' | 'beside' => {
    const { award: shown, working: edited } = current.current;
    const typedMeanwhile = !!shown && !!edited && !sameWorking(edited, workingOf(shown));
    setAward(next);
    if (typedMeanwhile) {
      setNewer(next);
      return 'beside';
    }
    setWorking(workingOf(next));
    setNewer(null);
    return 'shown';
  }, []);

  const finishRegeneration = useCallback(
    async (errorText?: string) => {
      const job = current.current.regenerating;
      if (!job) return;
      const next = errorText ? null : await getAward(disputeId, awardId).catch(() => null);
      if (unmounted.current) return;
      setRegenerating(null);
      if (!next || next.version <= job.fromVersion) {
        setNotice({ intent: 'error', text: errorText || t('tribunal.regenerateFailed') });
        return;
      }
      const values = { number: job.chapter, version: next.version };
      setNotice(
        arrived(next) === 'beside'
          ? { intent: 'warning', text: t('tribunal.regeneratedBeside', values) }
          : { intent: 'success', text: t('tribunal.regenerated', values) },
      );
    },
    [disputeId, awardId, arrived, t],
  );

  const regeneration = useJobPoller({
    jobId: regenerating?.jobId ?? null,
    fetchStatus: getJobStatus,
    ceilingMs: REGENERATE_POLL_MS,
    onEnd: (status) =>
      void finishRegeneration(
        status.status === 'Completed' ? undefined : status.errorMessage || t('tribunal.regenerateFailed'),
      ),
    onGiveUp: (error) => void finishRegeneration(errorMessage(error, t('tribunal.regenerateFailed'))),
  });

  // Leaving with unsaved text asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  /** A 409's newer version: the user's text stays, the next save builds on what they now see beside it. */
  const keepBeside = (stale: AwardView) => {
    setAward(stale);
    setNewer(stale);
  };

  const save = async () => {
    if (saving || !award || !working) return;
    setSaving(true);
    setNotice(null);
    const draft: SaveAwardDraft = {
      baseVersion: award.version,
      chapters: working.chapters,
      ...(working.dispositive && working.dispositive.orders.length > 0 ? { dispositive: working.dispositive } : {}),
      costs: working.costs,
    };
    try {
      const saved = await saveAward(disputeId, awardId, draft);
      setAward(saved);
      setWorking(workingOf(saved));
      setNewer(null);
      setNotice({ intent: 'success', text: t('tribunal.saved', { version: saved.version }) });
    } catch (failure) {
      let stale = staleAward(failure);
      if (!stale && failure instanceof ApiError && failure.status === 409) {
        stale = await getAward(disputeId, awardId).catch(() => undefined);
      }
      if (stale) keepBeside(stale);
      setNotice({ intent: 'error', text: errorMessage(failure, t('tribunal.saveFailed')) });
    } finally {
      setSaving(false);
    }
  };

  /** Starts writing chapter `chapter` (1-based) again; resolves false when it did not start (the notice says why). */
  const regenerate = async (chapter: number, instruction: string): Promise<boolean> => {
    if (!award) return false;
    try {
      const { jobId } = await regenerateChapter(disputeId, awardId, {
        baseVersion: award.version,
        chapter,
        instruction,
      });
      setNotice(null);
      setRegenerating({ chapter, jobId, fromVersion: award.version });
      return true;
    } catch (failure) {
      const stale = staleAward(failure);
      if (stale) keepBeside(stale);
      setNotice({ intent: 'error', text: errorMessage(failure, t('tribunal.regenerateFailed')) });
      return false;
    }
  };

  const takeNewer = () => {
    if (!newer) return;
    setWorking(workingOf(newer));
    setNewer(null);
    setNotice(null);
  };

  /** The server's answer to an action on the whole award (adopt, sign): it replaces what is shown. */
  const replace = (next: AwardView) => {
    setAward(next);
    setWorking(workingOf(next));
  };

  /**
   * A member put the chapter before their eyes: recorded on the server once per chapter and change (the
   * page asks once per change too). Only the oversight record is taken from the answer: the text on screen
   * stays as it is.
   */
  const asked = useRef(new Set<string>());
  const markOpened = useCallback(
    (chapter: number, myId: string | null) => {
      const shown = current.current.award;
      const review = shown?.chapterReview?.[chapter - 1];
      if (!shown || shown.status !== 'Draft' || !review || !myId) return;
      if (review.openedBy.some((open) => open.userId === myId)) return;
      const key = `${chapter}@${review.changedAt}`;
      if (asked.current.has(key)) return;
      asked.current.add(key);
      openChapter(disputeId, awardId, chapter)
        .then((next) => {
          if (unmounted.current) return;
          setAward((value) =>
            value && value.version === next.version ? { ...value, chapterReview: next.chapterReview } : value,
          );
        })
        // Not recorded: the next look at the chapter asks again.
        .catch(() => asked.current.delete(key));
    },
    [disputeId, awardId],
  );

  /** Keep a stale chapter as it is, or discard its AI text: acts on the saved version the member sees. */
  const chapterAction = async (kind: 'keep' | 'blank', chapter: number): Promise<boolean> => {
    if (!award) return false;
    try {
      const next = await (kind === 'keep' ? keepChapter : writeChapterFromBlank)(
        disputeId,
        awardId,
        chapter,
        award.version,
      );
      setAward(next);
      setWorking(workingOf(next));
      setNewer(null);
      setNotice({
        intent: 'success',
        text:
          kind === 'keep'
            ? t('tribunal.staleKept', { number: chapter })
            : t('tribunal.writeFromBlankDone', { number: chapter, version: next.version }),
      });
      return true;
    } catch (failure) {
      const stale = staleAward(failure);
      if (stale) keepBeside(stale);
      setNotice({ intent: 'error', text: errorMessage(failure, t('tribunal.chapterActionFailed')) });
      return false;
    }
  };

  const edit = (change: (working: Working) => Working) => setWorking((value) => (value ? change(value) : value));

  return {
    loaded,
    award,
    working,
    newer,
    dirty,
    saving,
    notice,
    setNotice,
    regenerating,
    /** The regeneration job's last status: its place in line, its wait for capacity, or that it writes. */
    regenerationStatus: regeneration.status,
    save,
    regenerate,
    markOpened,
    chapterAction,
    takeNewer,
    replace,
    edit,
  };
}

export type AwardDraft = ReturnType<typeof useAwardDraft>;
