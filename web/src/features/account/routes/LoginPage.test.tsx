import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store';
import { TOKEN_STORAGE_KEY } from '../../../stores/token-storage';
import { jsonResponse, renderApp, resetStores } from '../../../test/render-app';

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];

let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;

function answerLoginWith(response: () => Response) {
  fetchMock.mockImplementation((input) =>
    Promise.resolve(String(input).endsWith('/user/login') ? response() : jsonResponse({ isAdmin: false })),
  );
}

async function fillAndSubmit(username = 'alice', password = 'secret-pass') {
  const usernameInput = await screen.findByRole('textbox', { name: /Username or email/ });
  fireEvent.change(usernameInput, { target: { value: username } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
}

function loginCall() {
  return fetchMock.mock.calls.find(([input]) => String(input).endsWith('/user/login'));
}

beforeEach(() => {
  resetStores();
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('sign-in screen', () => {
  it('posts the credentials and goes to the terms while they are undecided', async () => {
    answerLoginWith(() =>
      jsonResponse({ token: 'tok-1', user: { id: 'u1', userName: 'alice', agreedTermsOfService: 0 } }),
    );
    const { router } = renderApp('/login');
    await fillAndSubmit();
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
    expect(router.state.location.pathname).toBe('/terms-of-service');
    expect(JSON.parse(String(loginCall()?.[1]?.body))).toEqual({
      username: 'alice',
      password: 'secret-pass',
      tfaCode: '',
    });
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok-1');
    expect(useAuthStore.getState()).toMatchObject({ loggedIn: true, userName: 'alice', id: 'u1' });
  });

  it('says in three lines what Ratkaisu does and links How it works, which opens without an account', async () => {
    const { router } = renderApp('/login');
    const about = await screen.findByTestId('login-about');
    expect([...about.querySelectorAll('p')].map((line) => line.textContent)).toEqual([
      'Ratkaisu resolves commercial disputes between companies under Finnish law, online and in writing.',
      'The parties send their documents in turn; an AI drafts a reasoned decision, which binds when both accept it.',
      'Either party can instead request a human arbitrator, whose award is final under the Arbitration Act.',
    ]);
    fireEvent.click(within(about).getByRole('link', { name: 'How it works' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/how-it-works'));
    expect(await screen.findByRole('heading', { level: 1, name: 'How Ratkaisu works' })).toBeTruthy();
    // The seven phases in order, each with who acts; both outcomes explained.
    const phases = within(screen.getByTestId('how-phases')).getAllByRole('listitem');
    expect(phases).toHaveLength(7);
    expect(phases[0]!.textContent).toContain('Claimant');
    expect(phases[1]!.textContent).toContain('Respondent');
    expect(screen.getByTestId('how-award').textContent).toContain('Arbitration Act (967/1992)');
    expect(screen.getByTestId('how-accepted').textContent).toContain('It is not an arbitral award');
  });

  it('links to the public decision generator, which needs no account', async () => {
    const { router } = renderApp('/login');
    fireEvent.click(await screen.findByRole('link', { name: 'Try a draft decision without an account' }));
    expect(router.state.location.pathname).toBe('/generate-decision');
  });

  it('goes home when the terms were agreed', async () => {
    answerLoginWith(() => jsonResponse({ token: 'tok-1', user: { id: 'u1', agreedTermsOfService: 1 } }));
    const { router } = renderApp('/login');
    await fillAndSubmit();
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends the two-factor code once the field is shown', async () => {
    answerLoginWith(() => jsonResponse({ token: 'tok-1', user: { id: 'u1', agreedTermsOfService: 1 } }));
    renderApp('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'I have a two-factor code' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Two-factor code/ }), { target: { value: '123456' } });
    await fillAndSubmit();
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(JSON.parse(String(loginCall()?.[1]?.body))).toMatchObject({ tfaCode: '123456' });
  });

  it('returns to the page a mail link pointed to, after a two-factor sign-in too', async () => {
    let attempts = 0;
    fetchMock.mockImplementation((input) => {
      const url = String(input);
      if (url.endsWith('/user/login')) {
        attempts += 1;
        return Promise.resolve(
          attempts === 1
            ? jsonResponse(
                {
                  code: 'unauthorized',
                  message: 'Enter the six-digit code from your authenticator app.',
                  fields: { tfaCode: 'Enter the six-digit code from your authenticator app.' },
                },
                401,
              )
            : jsonResponse({ token: 'tok-1', user: { id: 'u1', agreedTermsOfService: 1 } }),
        );
      }
      if (url.includes('/api/dispute')) return Promise.resolve(jsonResponse({ code: 'not_found', message: 'x' }, 404));
      return Promise.resolve(jsonResponse({ isAdmin: false }));
    });
    const { router } = renderApp('/login?returnTo=%2Fcase-attachment%2Fcase-7');
    expect(await screen.findByTestId('login-return-notice')).toBeTruthy();
    await fillAndSubmit();
    const code = await screen.findByRole('textbox', { name: /Two-factor code/ });
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/case-attachment/case-7'));
  });

  it('ignores a return target off the site', async () => {
    answerLoginWith(() => jsonResponse({ token: 'tok-1', user: { id: 'u1', agreedTermsOfService: 1 } }));
    const { router } = renderApp('/login?returnTo=%2F%2Fevil.example%2Fphish');
    expect(screen.queryByTestId('login-return-notice')).toBeNull();
    await fillAndSubmit();
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('asks the server to remember the device when "Keep me signed in" is ticked', async () => {
    answerLoginWith(() =>
      jsonResponse({ token: 'tok-1', remembered: true, user: { id: 'u1', agreedTermsOfService: 1 } }),
    );
    renderApp('/login');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Keep me logged in' }));
    await fillAndSubmit();
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(JSON.parse(String(loginCall()?.[1]?.body))).toMatchObject({ remember: true });
    expect(window.localStorage.getItem('ratkaisu.remembered')).toBe('1');
  });

  it("shows the server's message on failure and stays signed out", async () => {
    answerLoginWith(() => jsonResponse({ code: 'unauthorized', message: 'Invalid username or password.' }, 401));
    const { router } = renderApp('/login');
    await fillAndSubmit();
    expect((await screen.findByTestId('login-error')).textContent).toBe('Invalid username or password.');
    expect(router.state.location.pathname).toBe('/login');
    expect(useAuthStore.getState().loggedIn).toBe(false);
  });

  it('shows "Login failed" when the server has no login (404 without a message)', async () => {
    answerLoginWith(() => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } }));
    renderApp('/login');
    await fillAndSubmit();
    expect((await screen.findByTestId('login-error')).textContent).toBe('Login failed');
  });

  it('shows "Login failed" when the answer has no token', async () => {
    answerLoginWith(() => jsonResponse({ ok: true }));
    renderApp('/login');
    await fillAndSubmit();
    expect((await screen.findByTestId('login-error')).textContent).toBe('Login failed');
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('asks for the missing fields instead of calling the server', async () => {
    renderApp('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Enter your username or email.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('moves focus to the first invalid field, which is described by its error', async () => {
    renderApp('/login');
    fireEvent.change(await screen.findByRole('textbox', { name: /Username or email/ }), {
      target: { value: 'alice' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    const password = screen.getByLabelText(/^Password/);
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { name: /Username or email/ }).getAttribute('aria-invalid')).toBeNull();
    const described = password.getAttribute('aria-describedby') ?? '';
    expect(described.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain(
      'Enter your password.',
    );
  });

  it('shows the ?error= text', async () => {
    renderApp('/login?error=Your%20tenant%20is%20not%20registered');
    expect(await screen.findByText('Your tenant is not registered')).toBeTruthy();
  });

  it('offers no Microsoft sign-in when Entra is not configured', async () => {
    renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Log in to Ratkaisu' });
    expect(screen.queryByRole('button', { name: 'Login with Microsoft' })).toBeNull();
  });
});
