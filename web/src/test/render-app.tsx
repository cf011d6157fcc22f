import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { createQueryClient, queryClient } from '../app/query-client';
import { routes } from '../app/routes';
import { initI18n, LANGUAGE_STORAGE_KEY } from '../i18n/i18n';
import { useAuthStore } from '../stores/auth-store';
import { useIdentityStore } from '../stores/identity-store';

/** Renders the real route table at `path`, signed out unless the test sets the stores first. */
export function renderApp(path: string) {
  initI18n();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <FluentProvider theme={webLightTheme}>
      <RouterProvider router={router} />
    </FluentProvider>,
  );
  return { ...view, router };
}

export function resetStores(): void {
  useAuthStore.getState().clear();
  useIdentityStore.getState().reset();
  clearQueryCache();
  // Each test starts in English, whatever language an earlier one switched to.
  window.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  void initI18n().changeLanguage('en');
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A component rendered outside the app's shell gets a query cache of its own (the shell provides the app's). */
export function withQueries(node: ReactNode) {
  return <QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>;
}

/**
 * A query cache of its own for a component rendered outside the shell, with its invalidations recorded: an action
 * that changed a case shows as `invalidated` called with the case's scope (`caseScope(id)` as `queryKey`).
 */
export function spiedQueries() {
  const client = createQueryClient();
  const invalidated = vi.spyOn(client, 'invalidateQueries');
  const wrap = (node: ReactNode) => <QueryClientProvider client={client}>{node}</QueryClientProvider>;
  return { client, invalidated, wrap };
}

/** The app's query cache outlives a render: a test (or a fresh page load within one) starts with nothing cached. */
export function clearQueryCache(): void {
  queryClient.clear();
}

/**
 * The usual frame of a screen test file: fresh stores before each test; after it the render cleaned up, stubbed
 * globals (fetch) restored and the screens back in English for the next test.
 */
export function useScreenTestFrame(): void {
  beforeEach(() => resetStores());
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    const { default: i18n } = await import('i18next');
    await i18n.changeLanguage('en');
  });
}
