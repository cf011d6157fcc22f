import type { DisputeView, PhaseView } from '@ratkaisu/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../stores/auth-store';
import { jsonResponse, mockApi } from '../test/mock-api';
import { caseView } from '../test/case-view';
import { renderApp, resetStores } from '../test/render-app';

const DAY = '2026-03-01T10:00:00Z';

function dispute(side: DisputeView['side']): DisputeView {
  return caseView({ side });
}

function serve(view: DisputeView) {
  const claim: PhaseView = { id: 'p1', type: 'Claim', dateCreated: DAY, attachments: [] };
  return mockApi({
    'GET /api/dispute/d1': () => jsonResponse(view),
    'GET /api/dispute/d1/phases': () => jsonResponse([claim]),
    'GET /api/dispute/d1/workfiles': () => jsonResponse([]),
    'GET /api/dispute/d1/claimdraft': () => jsonResponse({ data: null }),
    'POST /user/update-full-name': (body) =>
      jsonResponse({ data: { fullName: (body as { fullName: string }).fullName } }),
  });
}

function signIn(fullName?: string) {
  useAuthStore.getState().signIn('tok', {
    id: 'u1',
    userName: 'alice',
    agreedTermsOfService: 1,
    sessionId: 's1',
    ...(fullName ? { fullName } : {}),
  });
}

async function openCase() {
  renderApp('/case-attachment/d1');
  await screen.findByRole('heading', { level: 1, name: 'Kattoremontti' });
}

// Found by its test id (a role query walks the whole case page, slow in jsdom); its name is checked once.
const nameCard = () => screen.queryByTestId('counsel-name-card');

beforeEach(() => resetStores());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('case page: a representative without a full name', () => {
  it('is asked for it before a document prints "name not given", and the card goes once it is saved', async () => {
    signIn();
    const api = serve(dispute('claimant'));
    await openCase();
    const region = nameCard()!;
    expect(region.getAttribute('role')).toBe('region');
    expect(document.getElementById(region.getAttribute('aria-labelledby')!)?.textContent).toBe(
      'Your name for the case documents',
    );
    const card = within(region);
    expect(card.getByText(/would print “name not given” with your e-mail address/)).toBeTruthy();
    const field = card.getByRole('textbox', { name: /^Full name/ });
    fireEvent.change(field, { target: { value: 'x' } });
    fireEvent.click(card.getByRole('button', { name: 'Save name' }));
    expect(await card.findByText('Enter your full name (2–120 characters, letters only).')).toBeTruthy();
    expect(api.callsTo('POST /user/update-full-name')).toHaveLength(0);
    fireEvent.change(field, { target: { value: '  Anna Asianajaja ' } });
    fireEvent.click(card.getByRole('button', { name: 'Save name' }));
    expect((await card.findByTestId('full-name-saved')).textContent).toContain('Your name was saved.');
    expect(api.callsTo('POST /user/update-full-name')[0]?.body).toEqual({ fullName: 'Anna Asianajaja' });
    await waitFor(() => expect(useAuthStore.getState().fullName).toBe('Anna Asianajaja'));
  });

  it('asks the respondent’s representative too, in Finnish when the screens are Finnish', async () => {
    signIn();
    serve(dispute('respondent'));
    renderApp('/case-attachment/d1');
    const { default: i18n } = await import('i18next');
    await i18n.changeLanguage('fi');
    try {
      expect(
        within(await screen.findByTestId('counsel-name-card')).getByText('Nimesi asian asiakirjoihin'),
      ).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('does not ask an account that has a name, nor an arbitrator', async () => {
    signIn('Alice Example');
    serve(dispute('claimant'));
    await openCase();
    expect(nameCard()).toBeNull();
    cleanup();

    resetStores();
    signIn();
    serve(dispute('tribunal'));
    await openCase();
    expect(nameCard()).toBeNull();
  });
});
