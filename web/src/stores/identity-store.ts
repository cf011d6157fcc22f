import type { AccountInfo } from '@azure/msal-browser';
import { create } from 'zustand';

/** Work-account (Entra ID) sign-in state, docs/product.md section 3 "Identity state". */
export interface IdentityState {
  account: AccountInfo | null;
  loggedIn: boolean;
  authorized: boolean;
  isAdmin: boolean;
  error: string | null;
  loading: boolean;
  authChecked: boolean;
  authorizationChecked: boolean;
  adminChecked: boolean;
}

export interface IdentityActions {
  setAccount: (account: AccountInfo | null) => void;
  setAuthorized: (authorized: boolean) => void;
  setAdmin: (isAdmin: boolean) => void;
  setAuthChecked: () => void;
  setLoading: (loading: boolean) => void;
  setError: (error: string | null) => void;
  /** Clears every flag: signed out, nothing checked. */
  reset: () => void;
}

const initial: IdentityState = {
  account: null,
  loggedIn: false,
  authorized: false,
  isAdmin: false,
  error: null,
  loading: false,
  authChecked: false,
  authorizationChecked: false,
  adminChecked: false,
};

export const useIdentityStore = create<IdentityState & IdentityActions>()((set) => ({
  ...initial,
  setAccount: (account) => set({ account, loggedIn: account !== null }),
  setAuthorized: (authorized) => set({ authorized, authorizationChecked: true }),
  setAdmin: (isAdmin) => set({ isAdmin, adminChecked: true }),
  setAuthChecked: () => set({ authChecked: true }),
  setLoading: (loading) => set({ loading }),
  setError: (error) => set({ error }),
  reset: () => set({ ...initial, authChecked: true }),
}));
