import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import type { StoreApi } from 'zustand';
import { queryClient } from '../app/query-client';
import { useAnonymousDecisionStore } from '../features/anonymous-decision/stores/anonymous-decision-store';
import { useDisputeStore } from '../features/cases/stores/dispute-store';
import { useClaimGeneratorStore } from '../features/claim-generator/stores/claim-generator-store';
import { useUnreadStore } from '../features/notices/unread-store';
import { initI18n } from '../i18n/i18n';
import { useAuthStore } from '../stores/auth-store';
import { useIdentityStore } from '../stores/identity-store';

/** Puts a zustand store back to the state it was created with. */
function resetToInitial<T>(store: StoreApi<T>): void {
  store.setState(store.getInitialState(), true);
}

/**
 * The web project's files share their worker's jsdom and modules (vitest.config.ts, `isolate: false`), so
 * whatever one file leaves behind — a rendered tree, a signed-in store, a cached query, Finnish, a stubbed
 * fetch, fake timers — would meet the next file. This setup file runs before every file and starts it as a
 * fresh page load would; a file's own frame (useScreenTestFrame) still resets between its tests.
 */
beforeAll(async () => {
  document.body.replaceChildren();
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  // Every zustand store of the app.
  resetToInitial(useAuthStore);
  resetToInitial(useIdentityStore);
  resetToInitial(useDisputeStore);
  resetToInitial(useUnreadStore);
  resetToInitial(useClaimGeneratorStore);
  resetToInitial(useAnonymousDecisionStore);
  queryClient.clear();
  await initI18n().changeLanguage('en');
});

// Testing Library unmounts after each test only where vitest's globals are on; these files import them.
afterEach(() => cleanup());

afterAll(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
