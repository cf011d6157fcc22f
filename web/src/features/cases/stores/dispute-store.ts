import type { ActivePhaseDeadline, DisputeListSection, DisputeSummary, DisputeView, NewDispute } from '@ratkaisu/core';
import { create } from 'zustand';
import { errorMessage } from '../../../api/error-message';
import { createDispute, getActivePhases, getDisputePage } from '../api/disputes';

/** What a dashboard section has loaded: where its next page starts, how many it holds, whether more is loading. */
export interface SectionPaging {
  continuation?: string;
  total?: number;
  loadingMore: boolean;
}

/** The dashboard's sections: cases in progress as two groups (your turn, waiting), each paged by the server. */
export type DashboardSection = Extract<DisputeListSection, 'yourTurn' | 'waiting' | 'resolved'>;
const SECTIONS: DashboardSection[] = ['yourTurn', 'waiting', 'resolved'];
const noPaging = (): Record<DashboardSection, SectionPaging> => ({
  yourTurn: { loadingMore: false },
  waiting: { loadingMore: false },
  resolved: { loadingMore: false },
});

/** The union of pages, each case once (a server without paging answers every section with the whole list). */
function merged(current: DisputeSummary[], added: DisputeSummary[]): DisputeSummary[] {
  const seen = new Set(current.map((dispute) => dispute.id));
  return [...current, ...added.filter((dispute) => !seen.has(dispute.id) && seen.add(dispute.id))];
}

interface DisputeState {
  /** The cases the dashboard's sections have loaded so far (first pages, then each "Show more"). */
  disputes: DisputeSummary[];
  deadlines: ActivePhaseDeadline[];
  paging: Record<DashboardSection, SectionPaging>;
  /** True while any call of this store runs (docs/product.md section 4, dispute store). */
  loading: boolean;
  /** Whether the dashboard has been loaded once (until then it shows its spinner, not empty lists). */
  loaded: boolean;
  /** The last failure's message (the server's sentence when it sent one), or null. */
  error: string | null;
  /** Loads the first page of each section and the active phases' deadlines together. */
  /**
   * Loads every section's first page and the deadlines. `quiet` (a live refresh after a change elsewhere)
   * keeps the lists on screen while it loads and keeps them if the refresh fails.
   */
  loadDashboard: (fallbackMessage: string, signal?: AbortSignal, options?: { quiet?: boolean }) => Promise<void>;
  /** Adds the next page of one section. */
  loadMore: (section: DashboardSection, fallbackMessage: string) => Promise<void>;
  /** Creates a case; rethrows so the form can show field messages, after storing the error. */
  create: (dispute: NewDispute, fallbackMessage: string) => Promise<DisputeView>;
  reset: () => void;
}

const initial = { disputes: [], deadlines: [], paging: noPaging(), loading: false, loaded: false, error: null };

export const useDisputeStore = create<DisputeState>()((set, get) => ({
  ...initial,

  async loadDashboard(fallbackMessage, signal, options = {}) {
    if (!options.quiet) set({ loading: true, error: null });
    try {
      const [pages, deadlines] = await Promise.all([
        Promise.all(SECTIONS.map((section) => getDisputePage(section, undefined, signal))),
        getActivePhases(signal),
      ]);
      if (signal?.aborted) return;
      const paging = noPaging();
      SECTIONS.forEach((section, index) => {
        const page = pages[index]!;
        paging[section] = { continuation: page.continuation, total: page.total, loadingMore: false };
      });
      set({
        disputes: pages.reduce<DisputeSummary[]>((all, page) => merged(all, page.items), []),
        deadlines,
        paging,
        loading: false,
        loaded: true,
      });
    } catch (failure) {
      // An abandoned load (the page was left) changes nothing; the next load sets the state.
      if (signal?.aborted || options.quiet) return;
      set({ loading: false, loaded: true, error: errorMessage(failure, fallbackMessage) });
    }
  },

  async loadMore(section, fallbackMessage) {
    const current = get().paging[section];
    if (!current.continuation || current.loadingMore) return;
    const setSection = (change: Partial<SectionPaging>) =>
      set((state) => ({ paging: { ...state.paging, [section]: { ...state.paging[section], ...change } } }));
    setSection({ loadingMore: true });
    set({ error: null });
    try {
      const page = await getDisputePage(section, current.continuation);
      set((state) => ({ disputes: merged(state.disputes, page.items) }));
      setSection({ continuation: page.continuation, loadingMore: false });
    } catch (failure) {
      setSection({ loadingMore: false });
      set({ error: errorMessage(failure, fallbackMessage) });
    }
  },

  async create(dispute, fallbackMessage) {
    set({ loading: true, error: null });
    try {
      const created = await createDispute(dispute);
      set({ loading: false });
      return created;
    } catch (failure) {
      set({ loading: false, error: errorMessage(failure, fallbackMessage) });
      throw failure;
    }
  },

  reset: () => set({ ...initial, paging: noPaging() }),
}));
