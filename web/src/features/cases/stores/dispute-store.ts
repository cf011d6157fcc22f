import type { DisputeView, NewDispute } from '@ratkaisu/core';
import { create } from 'zustand';
import { errorMessage } from '../../../api/error-message';
import { createDispute } from '../api/disputes';

/**
 * The dispute store (docs/product.md section 4): its calls set `loading` while they run and keep the failure's
 * message. The dashboard's lists are server state and live in the query cache (use-dashboard.ts), not here.
 */
interface DisputeState {
  /** True while a call of this store runs. */
  loading: boolean;
  /** The last failure's message (the server's sentence when it sent one), or null. */
  error: string | null;
  /** Creates a case; rethrows so the form can show field messages, after storing the error. */
  create: (dispute: NewDispute, fallbackMessage: string) => Promise<DisputeView>;
  reset: () => void;
}

const initial = { loading: false, error: null };

export const useDisputeStore = create<DisputeState>()((set) => ({
  ...initial,

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
