import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  defaultDecisionSettings,
  type AttachmentView,
  type DisputeView,
  type PhaseView,
  type TribunalView,
} from '@ratkaisu/core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { useAuthStore } from '../../../stores/auth-store';
import { jsonResponse, mockApi, type MockHandler } from '../../../test/mock-api';
import { caseScope } from '../../../api/query-scopes';
import { resetStores, spiedQueries } from '../../../test/render-app';
import { DecisionCard } from './DecisionCard';

const AT = '2026-11-22T08:00:00Z';
const ACCEPT = 'POST /api/dispute/d1/award/dec/accept';

function decision(extra: Partial<AttachmentView> = {}): AttachmentView {
  return {
    id: 'dec',
    fileName: 'Ratkaisuehdotus.pdf',
    dateCreated: AT,
    status: 'Completed',
    decisionKind: 'aiDecision',
    ...extra,
  };
}

/** The decision's record as a party reads it (the accept dialog's verification summary). */
const DECISION_RECORD = {
  id: 'dec',
  checkedReferences: 4,
  flagged: [],
  settings: {
    settings: defaultDecisionSettings(),
    setBy: { userId: 'u2', name: 'Alice Oy', side: 'claimant' },
    setAt: AT,
    sha256: 'c0ffee',
  },
};

const tribunal: TribunalView = {
  status: 'Constituted',
  size: 1,
  requestedAt: AT,
  requestedBySide: 'claimant',
  members: [
    {
      userId: 'arb1',
      name: 'Maija Virtanen',
      title: 'OTT',
      role: 'sole',
      status: 'Accepted',
      appointedAt: AT,
      statement: 'none',
    },
  ],
};

function renderCard(
  attachments: AttachmentView[],
  props: { side?: DisputeView['side']; tribunal?: TribunalView } = {},
  routes: Record<string, MockHandler> = {},
) {
  const api = mockApi(routes);
  const queries = spiedQueries();
  const resolution: PhaseView = { id: 'p7', type: 'Resolution', dateCreated: AT, attachments };
  const router = createMemoryRouter(
    [{ path: '*', element: <DecisionCard disputeId="d1" resolution={resolution} {...props} /> }],
    { initialEntries: ['/case-attachment/d1'] },
  );
  render(
    queries.wrap(
      <FluentProvider theme={webLightTheme}>
        <RouterProvider router={router} />
      </FluentProvider>,
    ),
  );
  // An action taken refreshes the case: its scope is invalidated.
  return { api, caseRefreshed: queries.invalidated, region: () => screen.getByRole('region', { name: 'Decision' }) };
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

describe('decision card: AI decision and award', () => {
  it('an AI decision says it is not an award; a party who has not accepted it accepts it', async () => {
    const { api, caseRefreshed, region } = renderCard(
      [
        decision({
          version: 1,
          acceptedBy: ['respondent'],
          receipts: [
            { side: 'respondent', at: '2026-11-23T09:30:00Z' },
            { side: 'claimant', at: '2026-11-23T10:30:00Z' },
          ],
        }),
      ],
      { side: 'claimant' },
      {
        [ACCEPT]: () => jsonResponse({ data: { acceptedBy: ['respondent', 'claimant'], resolved: true } }),
        'GET /api/dispute/d1/award/dec': () => jsonResponse({ data: DECISION_RECORD }),
      },
    );
    expect(within(region()).getByText('AI decision (not an arbitral award)')).toBeTruthy();
    expect(within(region()).getByText('Accepted by: respondent')).toBeTruthy();
    expect(within(region()).getAllByTestId('decision-receipt')[0]!.textContent).toContain(
      'Received by the respondent on 23.11.2026',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Accept decision' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept version 1 of the AI decision' });
    await within(dialog).findByText(/references to the case documents were checked/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept version 1' }));
    await waitFor(() => expect(api.callsTo(ACCEPT)).toHaveLength(1));
    await waitFor(() => expect(caseRefreshed).toHaveBeenCalledWith({ queryKey: caseScope('d1') }));
  });

  it('once both parties accepted: says so and offers no Accept decision', () => {
    renderCard([decision({ acceptedBy: ['claimant', 'respondent'] })], { side: 'respondent' });
    expect(screen.getByText('Both parties have accepted the decision: the case is resolved.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept decision' })).toBeNull();
  });

  it('View settings shows the settings the decision was generated with', async () => {
    renderCard(
      [decision()],
      { side: 'respondent' },
      {
        'GET /api/dispute/d1/award/dec/settings': () =>
          jsonResponse({
            data: {
              settings: { ...defaultDecisionSettings(), temperature: 0.15 },
              setBy: { userId: 'u1', name: 'Alice Oy', side: 'claimant' },
              setAt: AT,
              sha256: 'c0ffee',
            },
          }),
      },
    );
    fireEvent.click(screen.getByRole('button', { name: 'View settings' }));
    const record = await screen.findByTestId('settings-record');
    expect(record.textContent).toContain('Set by Alice Oy (claimant)');
    expect(record.textContent).toContain('Temperature: 0.15');
    expect(record.textContent).toContain('Chapter 7 prompt');
    expect(record.textContent).toContain('c0ffee');
  });

  it('on a tribunal case a party waits for the award and cannot generate', () => {
    renderCard([decision({ decisionKind: 'award', status: 'Draft' })], { side: 'claimant', tribunal });
    expect(screen.getByText('The tribunal is preparing the award.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create decision' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accept decision' })).toBeNull();
    expect(screen.queryByTestId('ai-system-notice')).toBeNull();
  });

  it('an issued award reaches the parties with its receipts', () => {
    renderCard([decision({ decisionKind: 'award', receipts: [{ side: 'claimant', at: '2026-11-24T10:00:00Z' }] })], {
      side: 'claimant',
      tribunal,
    });
    expect(screen.getByText('Issued award')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download award' })).toBeTruthy();
    expect(screen.getByTestId('decision-receipt').textContent).toContain('Received by the claimant');
  });

  it('a member sees the draft with Review draft and may generate', () => {
    renderCard([decision({ decisionKind: 'award', status: 'Draft' })], { side: 'tribunal', tribunal });
    expect(screen.getByRole('link', { name: 'Review draft' }).getAttribute('href')).toBe(
      '/case-attachment/d1/award/dec',
    );
    expect(screen.getByRole('button', { name: 'Create decision' })).toBeTruthy();
    // Told before use: the model drafts the award's reasons for the tribunal to review.
    expect(screen.getByTestId('ai-system-notice').textContent).toContain('for the tribunal to review');
  });
});
