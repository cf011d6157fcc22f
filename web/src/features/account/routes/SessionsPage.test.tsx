import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store';
import { renderApp, resetStores } from '../../../test/render-app';
import { jsonResponse, mockApi } from '../../../test/mock-api';

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const sessionsAnswer = {
  data: {
    sessions: [
      {
        id: 's-old',
        date: '2025-01-15T10:00:00Z',
        ipAddress: '203.0.113.7',
        device: 'curl/8.5.0',
        country: 'SE',
        current: false,
      },
      {
        id: 's-current',
        date: '2025-07-01T10:00:00Z',
        ipAddress: '127.0.0.1',
        device: CHROME_ON_WINDOWS,
        country: 'local',
        current: true,
      },
    ],
  },
};

beforeAll(() => import('./SessionsPage'));
beforeEach(() => {
  resetStores();
  useAuthStore
    .getState()
    .signIn('tok', { id: 'u1', userName: 'alice', agreedTermsOfService: 1, sessionId: 's-current' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

async function rows() {
  await screen.findByRole('table', { name: 'Sessions' });
  return screen.getAllByTestId('session-row');
}

describe('sessions page', () => {
  it('lists sessions newest first with Helsinki dates, marking the current one and disabling its button', async () => {
    mockApi({ 'GET /user/get-sessions': () => jsonResponse(sessionsAnswer) });
    renderApp('/sessions');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Sessions', selected: true })).toBeTruthy();
    const [current, old] = await rows();
    expect(current?.textContent).toMatch(/^1\.7\.2025, 13:00/);
    expect(within(current!).getByText('Current')).toBeTruthy();
    expect(within(current!).getByText('Chrome on Windows')).toBeTruthy();
    expect(current?.textContent).toContain('127.0.0.1');
    expect(current?.textContent).toContain('local');
    expect(within(current!).getByRole('button', { name: 'End session' }).hasAttribute('disabled')).toBe(true);

    expect(old?.textContent).toMatch(/^15\.1\.2025, 12:00/);
    expect(old?.textContent).toContain('curl/8.5.0');
    expect(old?.textContent).toContain('SE');
    expect(within(old!).queryByText('Current')).toBeNull();
    expect(within(old!).getByRole('button', { name: 'End session' }).hasAttribute('disabled')).toBe(false);
  });

  it('ends another session and removes it from the list', async () => {
    const api = mockApi({
      'GET /user/get-sessions': () => jsonResponse(sessionsAnswer),
      'POST /user/logout': () => jsonResponse({ message: 'ok' }),
    });
    renderApp('/sessions');
    const [, old] = await rows();
    fireEvent.click(within(old!).getByRole('button', { name: 'End session' }));
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1));
    expect(api.callsTo('POST /user/logout')[0]?.body).toEqual({ id: 's-old' });
    expect(useAuthStore.getState().loggedIn).toBe(true);
  });

  it("shows the server's message when ending a session fails", async () => {
    mockApi({
      'GET /user/get-sessions': () => jsonResponse(sessionsAnswer),
      'POST /user/logout': () => jsonResponse({ code: 'conflict', message: 'Session already ended.' }, 409),
    });
    renderApp('/sessions');
    const [, old] = await rows();
    fireEvent.click(within(old!).getByRole('button', { name: 'End session' }));
    expect((await screen.findByTestId('sessions-error')).textContent).toBe('Session already ended.');
    expect(screen.getAllByTestId('session-row')).toHaveLength(2);
  });

  it('ends all sessions after confirmation, signs out and goes to /', async () => {
    const api = mockApi({
      'GET /user/get-sessions': () => jsonResponse(sessionsAnswer),
      'POST /user/end-all-sessions': () => jsonResponse({ message: 'ok' }),
    });
    const { router } = renderApp('/sessions');
    await rows();
    fireEvent.click(screen.getByRole('button', { name: 'End all sessions' }));
    const dialog = await screen.findByRole('dialog', { hidden: true, name: 'Confirmation' });
    expect(dialog.textContent).toContain('You will be logged out everywhere');
    expect(api.callsTo('POST /user/end-all-sessions')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'End all sessions' }));

    await screen.findByRole('heading', { level: 1, name: 'Log in to Ratkaisu' });
    expect(api.callsTo('POST /user/end-all-sessions')).toHaveLength(1);
    expect(useAuthStore.getState().loggedIn).toBe(false);
    expect(window.sessionStorage.getItem('ratkaisu.token')).toBeNull();
    // Sent to / — which, signed out, leads on to sign-in.
    expect(router.state.location.state).toMatchObject({ from: '/' });
  });

  it('does nothing when end all is cancelled', async () => {
    const api = mockApi({ 'GET /user/get-sessions': () => jsonResponse(sessionsAnswer) });
    renderApp('/sessions');
    await rows();
    fireEvent.click(screen.getByRole('button', { name: 'End all sessions' }));
    const dialog = await screen.findByRole('dialog', { hidden: true, name: 'Confirmation' });
    fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
    expect(api.callsTo('POST /user/end-all-sessions')).toHaveLength(0);
    expect(useAuthStore.getState().loggedIn).toBe(true);
  });

  it("shows the server's message when the list cannot be loaded", async () => {
    mockApi({ 'GET /user/get-sessions': () => new Response('', { status: 500 }) });
    renderApp('/sessions');
    expect((await screen.findByTestId('sessions-error')).textContent).toBe(
      'An error occurred. Please try again later.',
    );
  });
});
