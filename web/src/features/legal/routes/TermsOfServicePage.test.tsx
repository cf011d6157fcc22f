import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TermsAgreement, useAuthStore } from '../../../stores/auth-store';
import { TOKEN_STORAGE_KEY } from '../../../stores/token-storage';
import { jsonResponse, renderApp, resetStores } from '../../../test/render-app';

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];

const TERMS_URL = '/user/update-agreed-terms';

let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;

/** Answers the terms call with `termsAnswer`, everything else (admin check, logout) with a plain success. */
function answerTermsWith(termsAnswer: () => Response) {
  fetchMock.mockImplementation((input) =>
    Promise.resolve(String(input).endsWith(TERMS_URL) ? termsAnswer() : jsonResponse({ isAdmin: false })),
  );
}

function callsTo(path: string) {
  return fetchMock.mock.calls.filter(([input]) => String(input).endsWith(path));
}

function signInWithTerms(agreedTermsOfService: number) {
  useAuthStore
    .getState()
    .signIn('tok-1', { id: 'u1', userName: 'alice', email: 'alice@example.fi', sessionId: 's1', agreedTermsOfService });
}

beforeEach(() => {
  resetStores();
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();
  answerTermsWith(() => jsonResponse({ ok: true }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('terms decision', () => {
  it('offers Accept and Decline to a signed-in user who has not decided', async () => {
    signInWithTerms(TermsAgreement.Undefined);
    renderApp('/terms-of-service');
    expect(await screen.findByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeTruthy();
    expect(screen.getByTestId('terms-decision').textContent).toMatch(/Please review the Terms of Service/);
  });

  it('accepting goes on to the page a mail link pointed to before the terms were asked', async () => {
    signInWithTerms(TermsAgreement.Undefined);
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        String(input).endsWith(TERMS_URL)
          ? jsonResponse({ ok: true })
          : String(input).includes('/api/dispute')
            ? jsonResponse({ code: 'not_found', message: 'x' }, 404)
            : jsonResponse({ isAdmin: false }),
      ),
    );
    const { router } = renderApp('/terms-of-service?returnTo=%2Fcase-attachment%2Fcase-7');
    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/case-attachment/case-7'));
  });

  it('offers them again to a user who declined before', async () => {
    signInWithTerms(TermsAgreement.Declined);
    renderApp('/terms-of-service');
    expect(await screen.findByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(screen.getByTestId('terms-decision').textContent).toMatch(/You have declined the Terms of Service/);
  });

  it('tells a user who agreed which version and when, and still offers Decline with its consequence', async () => {
    useAuthStore.getState().signIn('tok-1', {
      id: 'u1',
      userName: 'alice',
      email: 'alice@example.fi',
      sessionId: 's1',
      agreedTermsOfService: TermsAgreement.Agreed,
      // As the api client hands it on: ISO timestamps become Dates.
      agreedTermsAt: new Date('2026-03-02T10:00:00.000Z'),
      agreedTermsVersion: '2025-01-15',
    });
    const { router } = renderApp('/terms-of-service');
    const decision = await screen.findByTestId('terms-decision');
    expect(decision.textContent).toContain('You accepted the Terms of Service effective 15.1.2025 on 2.3.2026.');
    expect(decision.textContent).toMatch(/logged out, your account and cases are kept, and you are asked again/);
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in to Ratkaisu' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(JSON.parse(String(callsTo(TERMS_URL)[0]?.[1]?.body))).toEqual({ AgreedTermsOfService: 2 });
  });

  it('offers nothing but the text to a visitor who is signed out', async () => {
    renderApp('/terms-of-service');
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
  });

  it('Accept records the agreement and goes home', async () => {
    signInWithTerms(TermsAgreement.Undefined);
    const { router } = renderApp('/terms-of-service');
    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    const [call] = callsTo(TERMS_URL);
    expect(call?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ AgreedTermsOfService: 1 });
    expect(new Headers(call?.[1]?.headers).get('Authorization')).toBe('Bearer tok-1');
    expect(useAuthStore.getState()).toMatchObject({ loggedIn: true, agreedTermsOfService: TermsAgreement.Agreed });
  });

  it('Decline records it, signs out and leaves for /', async () => {
    signInWithTerms(TermsAgreement.Undefined);
    const { router } = renderApp('/terms-of-service');
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    // '/' belongs to signed-in users, so a signed-out visitor lands on sign-in.
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in to Ratkaisu' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(JSON.parse(String(callsTo(TERMS_URL)[0]?.[1]?.body))).toEqual({ AgreedTermsOfService: 2 });
    // The server session is ended and the token forgotten, as the shell's logout does.
    expect(JSON.parse(String(callsTo('/user/logout')[0]?.[1]?.body))).toEqual({ id: 's1' });
    expect(useAuthStore.getState()).toMatchObject({ loggedIn: false, hasToken: false });
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it("shows the server's message when the call fails, and stays signed in on the page", async () => {
    answerTermsWith(() =>
      jsonResponse({ code: 'validation_failed', message: 'AgreedTermsOfService must be 1 or 2.' }, 400),
    );
    signInWithTerms(TermsAgreement.Undefined);
    const { router } = renderApp('/terms-of-service');
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    expect((await screen.findByTestId('terms-decision-error')).textContent).toBe(
      'AgreedTermsOfService must be 1 or 2.',
    );
    expect(router.state.location.pathname).toBe('/terms-of-service');
    expect(useAuthStore.getState()).toMatchObject({ loggedIn: true, agreedTermsOfService: TermsAgreement.Undefined });
    expect(callsTo('/user/logout')).toHaveLength(0);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Decline' }).hasAttribute('disabled')).toBe(false));
  });

  it('shows ErrorTryAgainText when the server sends no message', async () => {
    answerTermsWith(() => new Response('upstream failure', { status: 502, headers: { 'Content-Type': 'text/plain' } }));
    signInWithTerms(TermsAgreement.Undefined);
    const { router } = renderApp('/terms-of-service');
    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    expect((await screen.findByTestId('terms-decision-error')).textContent).toBe(
      'An error occurred. Please try again later.',
    );
    expect(router.state.location.pathname).toBe('/terms-of-service');
    expect(useAuthStore.getState().agreedTermsOfService).toBe(TermsAgreement.Undefined);
  });
});
