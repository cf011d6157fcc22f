import type { ActivePhaseDeadline, DisputeSummary, DisputeView, NewDispute } from '@ratkaisu/core';
import { create } from 'zustand';
import { errorMessage } from '../../../api/error-message';
import { createDispute, getActivePhases, getDisputes } from '../api/disputes';

interface DisputeState {
  disputes: DisputeSummary[];
  deadlines: ActivePhaseDeadline[];
  /** True while any call of this store runs (SPEC.md section 4, dispute store). */
  loading: boolean;
  /** The last failure's message (the server's sentence when it sent one), or null. */
  error: string | null;
  /** Loads the case list and the active phases' deadlines together. */
  loadDashboard: (fallbackMessage: string, signal?: AbortSignal) => Promise<void>;
  /** Creates a case; rethrows so the form can show field messages, after storing the error. */
  create: (dispute: NewDispute, fallbackMessage: string) => Promise<DisputeView>;
  reset: () => void;
}

const initial = { disputes: [], deadlines: [], loading: false, error: null };

export const useDisputeStore = create<DisputeState>()((set) => ({
  ...initial,

  async loadDashboard(fallbackMessage, signal) {
    set({ loading: true, error: null });
    try {
      const [disputes, deadlines] = await Promise.all([getDisputes(signal), getActivePhases(signal)]);
      if (signal?.aborted) return;
      set({ disputes, deadlines, loading: false });
    } catch (failure) {
      // An abandoned load (the page was left) changes nothing; the next load sets the state.
      if (signal?.aborted) return;
      set({ loading: false, error: errorMessage(failure, fallbackMessage) });
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

  reset: () => set(initial),
}));
