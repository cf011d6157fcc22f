import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ClaimsSummaryView, DisputeView, TribunalView } from '@ratkaisu/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { useAuthStore } from '../../../stores/auth-store';
import { jsonResponse, mockApi, type MockHandler } from '../../../test/mock-api';
import { caseScope } from '../../../api/query-scopes';
import { resetStores, spiedQueries } from '../../../test/render-app';
import { ClaimsSummaryCard } from './ClaimsSummaryCard';

const AT = '2026-11-20T10:00:00Z';
const CLAIMANT = 'PUT /api/dispute/d1/tribunal/claims-summary/claimant';
const COMMENT = 'POST /api/dispute/d1/tribunal/claims-summary/comments';

const tribunal: TribunalView = {
  status: 'Constituted',
  size: 1,
  requestedAt: AT,
  requestedBySide: 'claimant',
  members: [
    { userId: 'arb1', name: 'Maija Virtanen', title: 'OTT', role: 'sole', status: 'Accepted', appointedAt: AT },
  ],
};

const summary: ClaimsSummaryView = {
  version: 1,
  extractedAt: AT,
  sides: {
    claimant: { text: 'Vaatimus: 12 400 € [K1 s.1].', status: 'Proposed' },
    respondent: { text: 'Kanne hylätään [V1 s.1].', status: 'Proposed' },
  },
  comments: [],
};

function dispute(overrides: Partial<DisputeView> = {}): DisputeView {
  return {
    id: 'd1',
    name: 'Roof repair',
    description: '',
    dateCreated: AT,
    createdBy: { id: 'u1', email: 'alice@example.fi' },
    claimant: { name: 'Alice Oy', identificationNumber: '', email: 'alice@example.fi', address: '' },
    respondent: { name: 'Bob Oy', identificationNumber: '', email: 'bob@example.fi', address: '' },
    status: 'InProgress',
    activePhaseId: 'p2',
    side: 'claimant',
    tribunal,
    claimsSummary: summary,
    ...overrides,
  };
}

function renderCard(initial: DisputeView, routes: Record<string, MockHandler> = {}) {
  const api = mockApi(routes);
  const queries = spiedQueries();
  render(
    queries.wrap(
      <FluentProvider theme={webLightTheme}>
        <ClaimsSummaryCard dispute={initial} />
      </FluentProvider>,
    ),
  );
  // A change made here refreshes the case: its scope is invalidated.
  return { api, caseRefreshed: queries.invalidated };
}

beforeEach(() => {
  initI18n();
  resetStores();
  useAuthStore.getState().signIn('tok', { id: 'u1', userName: 'alice', agreedTermsOfService: 1, sessionId: 's1' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('summary of the claims', () => {
  it('shows the model’s Markdown formatted: no raw **, > or _ marks, and no heading of its own', () => {
    const marked: ClaimsSummaryView = {
      ...summary,
      sides: {
        claimant: {
          text: '## Vaatimukset\n\n**Pääsuoritus** 12 400 € _viivästyskorkoineen_.\n\n> Sopimus 3.2 [K1 s.1]',
          status: 'Proposed',
        },
        respondent: { text: '- Kanne hylätään\n- Kulut korvataan', status: 'Proposed' },
      },
    };
    renderCard(dispute({ claimsSummary: marked }));
    const claimant = screen.getByTestId('claims-claimant-text');
    expect(claimant.textContent).not.toMatch(/\*\*|^>|_|##/m);
    expect(within(claimant).getByText('Pääsuoritus').tagName).toBe('STRONG');
    expect(within(claimant).getByText('viivästyskorkoineen').tagName).toBe('EM');
    expect(claimant.querySelector('blockquote')?.textContent).toContain('Sopimus 3.2 [K1 s.1]');
    expect(within(claimant).queryByRole('heading')).toBeNull();
    expect(within(claimant).getByText('Vaatimukset').tagName).toBe('STRONG');
    expect(within(screen.getByTestId('claims-respondent-text')).getAllByRole('listitem')).toHaveLength(2);
  });

  it('a party confirms its own side only, and sees both', async () => {
    const { api, caseRefreshed } = renderCard(dispute(), {
      [CLAIMANT]: () =>
        jsonResponse({
          data: {
            ...summary,
            sides: { ...summary.sides, claimant: { ...summary.sides.claimant, status: 'Confirmed', answeredAt: AT } },
          },
        }),
    });
    const claimant = screen.getByTestId('claims-claimant');
    const respondent = screen.getByTestId('claims-respondent');
    expect(respondent.textContent).toContain('Kanne hylätään [V1 s.1].');
    expect(within(respondent).queryByRole('button', { name: 'Confirm' })).toBeNull();
    fireEvent.click(within(claimant).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByTestId('claims-claimant').textContent).toContain('Confirmed on'));
    expect(api.callsTo(CLAIMANT)[0]!.body).toEqual({});
    expect(caseRefreshed).toHaveBeenCalledWith({ queryKey: caseScope('d1') });
  });

  it('a party corrects its side with its own text, and comments', async () => {
    const corrected = 'Vaatimus: 12 400 € ja viivästyskorko [K1 s.2].';
    const { api } = renderCard(dispute(), {
      [CLAIMANT]: () =>
        jsonResponse({
          data: {
            ...summary,
            sides: { ...summary.sides, claimant: { text: corrected, status: 'Corrected', answeredAt: AT } },
          },
        }),
      [COMMENT]: () =>
        jsonResponse({
          data: {
            ...summary,
            comments: [{ by: 'claimant', userId: 'u1', name: 'alice', text: 'Korko puuttui.', at: AT }],
          },
        }),
    });
    const claimant = screen.getByTestId('claims-claimant');
    fireEvent.click(within(claimant).getByRole('button', { name: 'Correct' }));
    fireEvent.change(within(claimant).getByRole('textbox'), { target: { value: corrected } });
    fireEvent.click(within(claimant).getByRole('button', { name: 'Save correction' }));
    await waitFor(() => expect(screen.getByTestId('claims-claimant').textContent).toContain('Corrected on'));
    expect(api.callsTo(CLAIMANT)[0]!.body).toEqual({ text: corrected });

    fireEvent.change(screen.getByRole('textbox', { name: 'Add a comment' }), { target: { value: 'Korko puuttui.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send comment' }));
    expect(await screen.findByText('Korko puuttui.')).toBeTruthy();
    expect(api.callsTo(COMMENT)[0]!.body).toEqual({ text: 'Korko puuttui.' });
  });

  it('a member sees Extract, not Confirm', () => {
    useAuthStore.getState().signIn('tok', { id: 'arb1', userName: 'maija', agreedTermsOfService: 1, sessionId: 's1' });
    renderCard(dispute({ side: 'tribunal', claimsSummary: undefined }));
    expect(screen.getByRole('button', { name: 'Extract the parties’ claims' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
  });

  it('offers nothing on a final case, to a party or to the tribunal, and still shows the summary', () => {
    const outcome = { kind: 'award' as const, decisionId: 'aw1', at: AT };
    renderCard(dispute({ outcome }));
    expect(screen.getByTestId('claims-claimant').textContent).toContain('Vaatimus: 12 400 €');
    for (const name of ['Confirm', 'Correct', 'Send comment'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    cleanup();
    renderCard(dispute({ outcome, side: 'tribunal', tribunal: { ...tribunal, status: 'Constituted' } }));
    expect(screen.queryByRole('button')).toBeNull();
  });
});
