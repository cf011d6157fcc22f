import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../stores/auth-store';
import { useIdentityStore } from '../stores/identity-store';
import { jsonResponse, renderApp, resetStores } from '../test/render-app';

const alice = { id: 'u1', userName: 'alice', email: 'alice@example.fi', agreedTermsOfService: 1, sessionId: 's1' };

function signInAs(user: object, isAdmin?: boolean) {
  useAuthStore.getState().signIn('tok', user);
  if (isAdmin !== undefined) useIdentityStore.getState().setAdmin(isAdmin);
}

beforeEach(() => {
  resetStores();
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(jsonResponse({ code: 'not_found', message: 'Not found' }, 404))),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('route guards', () => {
  it.each(['/', '/app.html', '/new-dispute-form', '/case-attachment/d1', '/case-approved', '/sessions', '/security'])(
    'sends a signed-out user from %s to sign-in',
    async (path) => {
      const { router } = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Log in to Ratkaisu' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/login');
    },
  );

  it('keeps an admin deep link through sign-in: /admin?tab=appointments returns there', async () => {
    const { router } = renderApp('/admin?tab=appointments');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in to Ratkaisu' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe('/admin?tab=appointments');
  });

  it('sends a signed-in user away from /login and /logout to home', async () => {
    signInAs(alice);
    const { router } = renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('redirects /home to /', async () => {
    signInAs(alice);
    const { router } = renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('lets an administrator into /admin inside the app shell: account menu, logout and a way back', async () => {
    signInAs(alice, true);
    const { router } = renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Panel' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByTestId('shell-title').textContent).toBe('Admin Panel');
    fireEvent.click(screen.getByRole('button', { name: /^Account menu/ }));
    expect(await screen.findByRole('menuitem', { name: 'Logout' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Back to the app' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends a non-administrator from /admin to home', async () => {
    signInAs(alice, false);
    const { router } = renderApp('/admin');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('treats a failed admin check as not admin', async () => {
    signInAs(alice);
    const { router } = renderApp('/admin');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(router.state.location.pathname).toBe('/');
    expect(useIdentityStore.getState()).toMatchObject({ adminChecked: true, isAdmin: false });
  });

  it('/checkauth sends a user with undecided terms to the terms', async () => {
    signInAs({ ...alice, agreedTermsOfService: 0 });
    const { router } = renderApp('/checkauth');
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
    expect(router.state.location.pathname).toBe('/terms-of-service');
  });

  it('/checkauth sends a user who agreed to the terms home', async () => {
    signInAs(alice);
    const { router } = renderApp('/checkauth');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('public routes', () => {
  // The legal pages and the account pages have their own tests beside them.
  it('/generate-decision opens the anonymous generator without sign-in', async () => {
    renderApp('/generate-decision');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create a Decision' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Upload PDF files for the decision\b/ })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Create a Decision – Ratkaisu'));
  });

  it.each([
    ['/terms-of-service', 'Terms of Service'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/reset-password?email=a@b.fi&token=t', 'Reset Password'],
  ])('%s opens without sign-in', async (path, title) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.queryByText('This screen is not available yet.')).toBeNull();
  });

  it('shows not found for an unknown route', async () => {
    renderApp('/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});

describe('shell', () => {
  it('shows the title, account, and the six legal links when signed in', async () => {
    signInAs(alice, false);
    renderApp('/new-dispute-form');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create New Case' })).toBeTruthy();
    expect(screen.getByTestId('shell-title').textContent).toBe('Create New Case');
    expect(screen.getByRole('button', { name: 'Account menu for alice' })).toBeTruthy();
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    expect(legal.querySelectorAll('a')).toHaveLength(6);
  });

  it('switches the UI to Finnish from the account menu, remembers it and sets <html lang>', async () => {
    signInAs(alice, false);
    renderApp('/new-dispute-form');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create New Case' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Account menu for alice' }));
    fireEvent.click(await screen.findByRole('menuitemradio', { name: 'Suomi' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Uusi asia' })).toBeTruthy();
    expect(screen.getByLabelText('Asian nimi', { exact: false })).toBeTruthy();
    expect(document.documentElement.lang).toBe('fi');
    expect(window.localStorage.getItem('ratkaisu.language')).toBe('fi');
    fireEvent.click(screen.getByRole('button', { name: 'Tilivalikko: alice' }));
    fireEvent.click(await screen.findByRole('menuitemradio', { name: 'English' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create New Case' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
  });

  it('links the glossary from the footer; it lists each term with its Finnish equivalent', async () => {
    signInAs(alice, false);
    renderApp('/');
    const help = await screen.findByRole('navigation', { name: 'Help' });
    fireEvent.click(within(help).getByRole('link', { name: 'Glossary' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Glossary' })).toBeTruthy();
    // The Finnish catalogue loads on demand; until then nothing but English is at hand.
    expect(await screen.findByText('Kantaja')).toBeTruthy();
    const claimant = screen.getByText('Claimant').closest('dt');
    expect(claimant?.textContent).toContain('In Finnish: Kantaja');
    expect(screen.getByText('Välitystuomio').getAttribute('lang')).toBe('fi');
    // The glossary's one word for the claim and its pair of verbs for upload and download (core glossary.ts).
    expect(screen.getByText('Claim application').closest('dt')?.textContent).toContain('In Finnish: Kanne');
    expect(screen.getByText('Upload').closest('dt')?.textContent).toContain('In Finnish: Lisää');
    expect(screen.getByText('Download').closest('dt')?.textContent).toContain('In Finnish: Lataa');
  });

  it('logs out: ends the server session, forgets the token and lands on the signed-out page', async () => {
    signInAs(alice, true);
    const { router } = renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu for alice' }));
    expect(await screen.findByRole('menuitem', { name: 'Admin Panel' })).toBeTruthy();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You have logged out' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/logout');
    expect(useAuthStore.getState().loggedIn).toBe(false);
    expect(window.sessionStorage.getItem('ratkaisu.token')).toBeNull();
    const logoutCall = vi.mocked(fetch).mock.calls.find(([input]) => String(input).endsWith('/user/logout'));
    expect(JSON.parse(String(logoutCall?.[1]?.body))).toEqual({ id: 's1' });
  });

  it('is absent when signed out', async () => {
    renderApp('/terms-of-service');
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
    expect(screen.queryByTestId('shell-title')).toBeNull();
  });
});
