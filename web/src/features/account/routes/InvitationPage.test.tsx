import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store';
import { jsonResponse, renderApp, resetStores } from '../../../test/render-app';

const TOKEN = 'A'.repeat(43);
const invitation = {
  disputeId: 'case-7',
  caseName: 'Teräspalkkien viivästys',
  caseNumber: 'RAT-2026-000007',
  invitingParty: 'Rakennus Oy',
  invitedBy: { name: 'Maija', email: 'maija@rakennus.fi' },
  invitedEmail: 'vastaaja@teras.fi',
  side: 'respondent',
  expiresAt: '2026-12-25T10:00:00.000Z',
  casePath: '/case-attachment/case-7',
};

let answer: () => Response;
beforeEach(() => {
  resetStores();
  answer = () => jsonResponse(invitation);
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) =>
      Promise.resolve(String(input).includes('/api/invitation/') ? answer() : jsonResponse({ isAdmin: false })),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('invitation page', () => {
  it('names the case, the inviter and the invited address, and signs in back to the case', async () => {
    const { router } = renderApp(`/invitation/${TOKEN}`);
    expect(await screen.findByTestId('invitation-case')).toHaveProperty('textContent', 'Teräspalkkien viivästys');
    expect(screen.getByTestId('invitation-number').textContent).toBe('RAT-2026-000007');
    expect(screen.getByTestId('invitation-inviter').textContent).toBe('Rakennus Oy — Maija (maija@rakennus.fi)');
    expect(screen.getByTestId('invitation-email').textContent).toBe('vastaaja@teras.fi');
    fireEvent.click(screen.getByRole('button', { name: 'Log in to open the case' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?returnTo=%2Fcase-attachment%2Fcase-7');
  });

  it('shows the response deadline and the task, and offers Create an account before Log in', async () => {
    answer = () => jsonResponse({ ...invitation, responseDueDate: '2026-12-11T10:00:00.000Z' });
    renderApp(`/invitation/${TOKEN}`);
    const due = await screen.findByTestId('invitation-due');
    expect(due.textContent).toMatch(/11\.12\.2026/);
    const task = screen.getByTestId('invitation-task');
    expect(task.textContent).toContain('Create an account with the invited address');
    expect(task.textContent).toContain('Save and Send them before the due date');
    expect(screen.getByRole('link', { name: 'How a case works' }).getAttribute('href')).toBe('/how-it-works');
    const create = screen.getByRole('button', { name: 'Create an account with this address' });
    const logIn = screen.getByRole('button', { name: 'Log in to open the case' });
    // Create an account comes first in the reading order, styled apart from Log in (the primary action).
    expect(create.compareDocumentPosition(logIn) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(create.className).not.toBe(logIn.className);
  });

  it('says where the due date is when the invitation has none', async () => {
    renderApp(`/invitation/${TOKEN}`);
    expect(await screen.findByText('The due date is shown on the case page once you open it.')).toBeTruthy();
    expect(screen.queryByTestId('invitation-due')).toBeNull();
  });

  it('a reused invitation to a resolved case says so and offers to open it, asking for no answer', async () => {
    answer = () => jsonResponse({ ...invitation, resolved: true });
    renderApp(`/invitation/${TOKEN}`);
    expect((await screen.findByTestId('invitation-resolved')).textContent).toBe(
      'This case is already resolved: nothing waits for your answer. Open it to read its documents and the outcome.',
    );
    expect(screen.queryByTestId('invitation-task')).toBeNull();
    expect(screen.queryByText(/waits for your response/)).toBeNull();
    expect(screen.queryByText('The due date is shown on the case page once you open it.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Log in to open the case' })).toBeTruthy();
  });

  it('binds sign-up to the invited address', async () => {
    renderApp(`/invitation/${TOKEN}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Create an account with this address' }));
    const email = await screen.findByRole('textbox', { name: /Email/ });
    expect((email as HTMLInputElement).value).toBe('vastaaja@teras.fi');
    expect((email as HTMLInputElement).readOnly).toBe(true);
  });

  it('says an expired invitation has expired, with what to do', async () => {
    answer = () => jsonResponse({ code: 'invitation_expired', message: 'expired' }, 410);
    renderApp(`/invitation/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This invitation has expired' })).toBeTruthy();
    expect(screen.getByTestId('invitation-error').textContent).toContain('Ask the party who invited you');
  });

  it('tells a user signed in with another address that the case is not theirs to open', async () => {
    useAuthStore.getState().signIn('tok', { id: 'u9', email: 'someone@else.fi', agreedTermsOfService: 1 });
    renderApp(`/invitation/${TOKEN}`);
    expect(await screen.findByText(/but the invitation was sent to vastaaja@teras.fi/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open the case' })).toBeNull();
  });

  it('opens in the case’s language when this browser has not chosen one, and keeps a chosen one', async () => {
    const { default: i18n } = await import('i18next');
    try {
      window.localStorage.removeItem('ratkaisu.language');
      answer = () => jsonResponse({ ...invitation, language: 'fi' });
      renderApp(`/invitation/${TOKEN}`);
      expect(await screen.findByRole('button', { name: 'Kirjaudu sisään ja avaa asia' })).toBeTruthy();
      // Shown, not stored: the person's own choice still wins later.
      expect(window.localStorage.getItem('ratkaisu.language')).toBeNull();
      cleanup();

      await i18n.changeLanguage('en');
      window.localStorage.setItem('ratkaisu.language', 'en');
      renderApp(`/invitation/${TOKEN}`);
      expect(await screen.findByRole('button', { name: 'Log in to open the case' })).toBeTruthy();
    } finally {
      window.localStorage.removeItem('ratkaisu.language');
      await i18n.changeLanguage('en');
    }
  });
});
