import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { refusal, type ActivePhaseDeadline, type DisputeSummary } from '@ratkaisu/core';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store';
import { clearQueryCache, renderApp, resetStores } from '../../../test/render-app';
import { jsonResponse, mockApi } from '../../../test/mock-api';
import { useDisputeStore } from '../stores/dispute-store';

function summary(overrides: Partial<DisputeSummary> & Pick<DisputeSummary, 'id' | 'name' | 'status'>): DisputeSummary {
  return {
    dateCreated: '2025-03-01T10:00:00Z',
    createdBy: { id: 'u1', email: 'alice@example.fi' },
    activePhaseType: 'Claim',
    side: 'claimant',
    ...overrides,
  };
}

const disputes: DisputeSummary[] = [
  summary({ id: 'd-old', name: 'Old roof', status: 'InProgress', dateCreated: '2025-01-15T10:00:00Z' }),
  summary({
    id: 'd-new',
    name: 'New pending case',
    status: 'Pending',
    dateCreated: '2025-06-01T10:00:00Z',
    createdBy: { id: 'u2', email: 'bob@example.fi' },
  }),
  summary({ id: 'd-done', name: 'Settled fence', status: 'Resolved', activePhaseType: 'Resolution' }),
  summary({ id: 'd-closed', name: 'Closed case', status: 'Closed' }),
];

const deadlines: ActivePhaseDeadline[] = [
  { disputeId: 'd-old', phaseId: 'p1', type: 'Response', dueDate: '2025-02-01T10:00:00Z' },
  { disputeId: 'd-new', phaseId: 'p2', type: 'Claim' },
];

beforeAll(() => import('./HomePage'));
beforeEach(() => {
  resetStores();
  useDisputeStore.getState().reset();
  useAuthStore.getState().signIn('tok', { id: 'u1', userName: 'alice', agreedTermsOfService: 1, sessionId: 's1' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('home dashboard', () => {
  it('shows the first page of a section with its count and adds the next page on Show more', async () => {
    const page = (ids: string[], extra: Record<string, unknown> = {}) =>
      jsonResponse({
        items: ids.map((id) => summary({ id, name: `Case ${id}`, status: 'InProgress' })),
        ...extra,
      });
    const sections: (string | null)[] = [];
    mockApi({
      'GET /api/dispute': (_body, url) => {
        expect(url.searchParams.get('limit')).toBe('50');
        sections.push(url.searchParams.get('section'));
        if (url.searchParams.get('section') !== 'yourTurn') return jsonResponse({ items: [], total: 0 });
        if (url.searchParams.get('continuation') === 'next-1') return page(['c']);
        return page(['a', 'b'], { continuation: 'next-1', total: 3 });
      },
      'GET /api/dispute/activephases': () => jsonResponse([]),
    });
    renderApp('/');
    const yourTurn = await screen.findByRole('region', { name: 'Your turn' });
    await waitFor(() => expect(within(yourTurn).getAllByTestId('case-row')).toHaveLength(2));
    expect(yourTurn.textContent).toContain('Showing 2 of 3');
    fireEvent.click(within(yourTurn).getByRole('button', { name: /Show more/ }));
    await waitFor(() => expect(within(yourTurn).getAllByTestId('case-row')).toHaveLength(3));
    expect(within(yourTurn).queryByRole('button', { name: /Show more/ })).toBeNull();
    expect(new Set(sections)).toEqual(new Set(['yourTurn', 'waiting', 'resolved']));
    expect(within(screen.getByRole('region', { name: 'Resolved Cases' })).queryByRole('button')).toBeNull();
    expect(screen.getByText('No case is waiting for others.')).toBeTruthy();
  });

  it('groups the cases in progress as Your turn before Waiting for the other party, each row with the side', async () => {
    const turnOf = (whose: 'you' | 'otherParty' | 'tribunal', holder: 'claimant' | 'respondent' | 'tribunal') => ({
      stage: whose === 'tribunal' ? ('processEnded' as const) : ('exchange' as const),
      holder,
      next: whose === 'tribunal' ? ('tribunalDecides' as const) : ('uploadAndSend' as const),
      whose,
    });
    const rows: DisputeSummary[] = [
      summary({
        id: 'w1',
        name: 'Sent to the respondent',
        status: 'InProgress',
        activePhaseType: 'Response',
        dateCreated: '2025-06-03T10:00:00Z',
        turn: turnOf('otherParty', 'respondent'),
      }),
      summary({
        id: 'y1',
        name: 'Answer due',
        status: 'InProgress',
        side: 'respondent',
        activePhaseType: 'Response',
        dateCreated: '2025-06-02T10:00:00Z',
        turn: turnOf('you', 'respondent'),
      }),
      summary({
        id: 't1',
        name: 'With the tribunal',
        status: 'InProgress',
        activePhaseType: 'Resolution',
        dateCreated: '2025-06-01T10:00:00Z',
        turn: turnOf('tribunal', 'tribunal'),
      }),
    ];
    mockApi({
      'GET /api/dispute': (_body, url) => {
        const section = url.searchParams.get('section');
        const items =
          section === 'yourTurn'
            ? rows.filter((row) => row.turn?.whose === 'you')
            : section === 'waiting'
              ? rows.filter((row) => row.turn?.whose !== 'you')
              : [];
        return jsonResponse({ items, total: items.length });
      },
      'GET /api/dispute/activephases': () => jsonResponse([]),
    });
    renderApp('/');
    const inProgress = await screen.findByRole('region', { name: 'In Progress Cases' });
    const groups = within(inProgress)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(groups).toEqual(['Your turn', 'Waiting for the other party']);
    const yourTurn = within(inProgress).getByRole('region', { name: 'Your turn' });
    await waitFor(() => expect(within(yourTurn).getAllByTestId('case-row')).toHaveLength(1));
    const [answer] = within(yourTurn).getAllByTestId('case-row');
    expect(within(answer!).getByTestId('case-row-side').textContent).toBe('You represent the respondent');
    expect(within(answer!).getByTestId('case-row-turn').textContent).toBe('Your turn');

    const waiting = within(inProgress).getByRole('region', { name: 'Waiting for the other party' });
    const waitingRows = within(waiting).getAllByTestId('case-row');
    expect(waitingRows.map((row) => within(row).getByRole('link').textContent)).toEqual([
      'Sent to the respondent',
      'With the tribunal',
    ]);
    expect(waitingRows.map((row) => within(row).getByTestId('case-row-turn').textContent)).toEqual([
      'Waiting for the other party',
      'Waiting for the tribunal',
    ]);
    expect(within(waitingRows[0]!).getByTestId('case-row-side').textContent).toBe('You represent the claimant');
    // Everything in progress comes before the resolved cases.
    const order = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(order.indexOf('In Progress Cases')).toBeLessThan(order.indexOf('Resolved Cases'));
  });

  it('sorts cases into In Progress (Pending and InProgress) and Resolved, hiding Closed', async () => {
    mockApi({
      'GET /api/dispute': () => jsonResponse(disputes),
      'GET /api/dispute/activephases': () => jsonResponse(deadlines),
    });
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    const inProgress = await screen.findByRole('region', { name: 'In Progress Cases' });
    await waitFor(() => expect(within(inProgress).getAllByTestId('case-row')).toHaveLength(2));
    const [first, second] = within(inProgress).getAllByTestId('case-row');

    // Newest first; the link goes to the case page.
    const newLink = within(first!).getByRole('link', { name: 'New pending case' });
    expect(newLink.getAttribute('href')).toBe('/case-attachment/d-new');
    expect(first?.textContent).toContain('1.6.2025');
    expect(first?.textContent).toContain('bob@example.fi');
    expect(within(first!).queryByTestId('case-due')).toBeNull();

    expect(within(second!).getByRole('link', { name: 'Old roof' })).toBeTruthy();
    expect(within(second!).getByTestId('case-due').textContent).toBe('Due 1.2.2025');
    expect(second?.textContent).toContain('15.1.2025');
    expect(second?.textContent).toContain('alice@example.fi');
    expect(second?.textContent).toContain('A');

    const resolved = screen.getByRole('region', { name: 'Resolved Cases' });
    const [done] = within(resolved).getAllByTestId('case-row');
    expect(within(resolved).getAllByTestId('case-row')).toHaveLength(1);
    expect(within(done!).getByRole('link', { name: 'Settled fence' })).toBeTruthy();
    expect(within(done!).getByText('Resolved')).toBeTruthy();
    expect(screen.queryByText('Closed case')).toBeNull();
  });

  it('shows the empty texts when there are no cases', async () => {
    mockApi({
      'GET /api/dispute': () => jsonResponse([]),
      'GET /api/dispute/activephases': () => jsonResponse([]),
    });
    renderApp('/');
    expect(await screen.findByText('No cases in progress')).toBeTruthy();
    expect(screen.getByText('No resolved cases')).toBeTruthy();
  });

  it('offers Start a case and the steps on an empty dashboard, beside the empty text', async () => {
    mockApi({
      'GET /api/dispute': () => jsonResponse([]),
      'GET /api/dispute/activephases': () => jsonResponse([]),
    });
    const { router } = renderApp('/');
    const guide = await screen.findByTestId('first-case-guide');
    expect(screen.getByText('No cases in progress')).toBeTruthy();
    expect(within(guide).getByRole('heading', { name: 'Start your first case' })).toBeTruthy();
    expect(within(guide).getAllByRole('listitem')).toHaveLength(4);
    expect(within(guide).getByRole('link', { name: 'How it works' }).getAttribute('href')).toBe('/how-it-works');
    fireEvent.click(within(guide).getByRole('button', { name: 'Start a case' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/new-dispute-form'));
  });

  it('does not show the first-case guide once there are cases', async () => {
    mockApi({
      'GET /api/dispute': () => jsonResponse(disputes),
      'GET /api/dispute/activephases': () => jsonResponse(deadlines),
    });
    renderApp('/');
    expect(await screen.findByText('Old roof')).toBeTruthy();
    expect(screen.queryByTestId('first-case-guide')).toBeNull();
  });

  it('links to the public decision generator', async () => {
    mockApi({
      'GET /api/dispute': () => jsonResponse([]),
      'GET /api/dispute/activephases': () => jsonResponse([]),
    });
    const { router } = renderApp('/');
    fireEvent.click(await screen.findByRole('link', { name: 'Generate a decision' }));
    expect(router.state.location.pathname).toBe('/generate-decision');
  });

  it('shows a loading state while the lists load and clears it afterwards', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    mockApi({
      'GET /api/dispute': async () => {
        await gate;
        return jsonResponse([]);
      },
      'GET /api/dispute/activephases': () => jsonResponse([]),
    });
    renderApp('/');
    expect(await screen.findByText('Loading cases…')).toBeTruthy();
    release();
    expect(await screen.findByText('No cases in progress')).toBeTruthy();
    expect(screen.queryByText('Loading cases…')).toBeNull();
  });

  it('shows the server message when loading fails, and ErrorTryAgainText when there is none', async () => {
    mockApi({
      'GET /api/dispute': () => jsonResponse({ code: 'unavailable', message: 'The store is unavailable.' }, 503),
      'GET /api/dispute/activephases': () => jsonResponse([]),
    });
    renderApp('/');
    expect(await screen.findByText('The store is unavailable.')).toBeTruthy();
    expect(screen.queryByText('Loading cases…')).toBeNull();
    cleanup();
    clearQueryCache();

    mockApi({
      'GET /api/dispute': () => new Response('boom', { status: 500 }),
      'GET /api/dispute/activephases': () => jsonResponse([]),
    });
    renderApp('/');
    expect(await screen.findByText('An error occurred. Please try again later.')).toBeTruthy();
  });

  it('shows a dependency’s outage (503) as the catalogue’s text: try again in a moment', async () => {
    mockApi({
      'GET /api/dispute': () =>
        jsonResponse({ code: 'unavailable', ...refusal('general.unavailable'), message: 'Server English.' }, 503),
      'GET /api/dispute/activephases': () => jsonResponse([]),
    });
    renderApp('/');
    expect(await screen.findByText('The service is unavailable just now. Please try again in a moment.')).toBeTruthy();
  });

  it('Create New Case opens the new dispute form', async () => {
    mockApi({
      'GET /api/dispute': () => jsonResponse([]),
      'GET /api/dispute/activephases': () => jsonResponse([]),
    });
    const { router } = renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Create New Case' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/new-dispute-form'));
  });
});
