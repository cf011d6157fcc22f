import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { TRIBUNAL_MESSAGES, type DisputeView, type TribunalView } from '@ratkaisu/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { useAuthStore } from '../../../stores/auth-store';
import { jsonResponse, mockApi, type MockHandler } from '../../../test/mock-api';
import { caseScope } from '../../../api/query-scopes';
import { resetStores, spiedQueries } from '../../../test/render-app';
import { TribunalPanel } from './TribunalPanel';

const AT = '2026-11-20T10:00:00Z';
const REQUEST = 'POST /api/dispute/d1/tribunal/request';
const RESPOND = 'POST /api/dispute/d1/tribunal/respond';

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
    ...overrides,
  };
}

const appointed: TribunalView = {
  status: 'Appointed',
  size: 3,
  requestedAt: AT,
  requestedBySide: 'respondent',
  members: [
    { userId: 'arb1', name: 'Maija Virtanen', title: 'OTT', role: 'chair', status: 'Invited', appointedAt: AT },
    {
      userId: 'arb2',
      name: 'Pekka Kallio',
      title: 'asianajaja',
      role: 'member',
      status: 'Accepted',
      appointedAt: AT,
      respondedAt: AT,
      statement: 'disclosed',
      disclosure: 'Olen toiminut vastaajan asiamiehenä 2019.',
    },
    {
      userId: 'arb3',
      name: 'Liisa Laine',
      title: 'OTK',
      role: 'member',
      status: 'Accepted',
      appointedAt: AT,
      statement: 'none',
    },
  ],
};

function renderPanel(initial: DisputeView, routes: Record<string, MockHandler> = {}) {
  const api = mockApi(routes);
  const queries = spiedQueries();
  render(
    queries.wrap(
      <FluentProvider theme={webLightTheme}>
        <TribunalPanel dispute={initial} />
      </FluentProvider>,
    ),
  );
  // A request or an answer made refreshes the case: its scope is invalidated.
  return { api, caseRefreshed: queries.invalidated };
}

beforeEach(() => {
  initI18n();
  resetStores();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('tribunal panel', () => {
  it('a party requests three arbitrators with a note; a refusal shows the server’s text', async () => {
    useAuthStore.getState().signIn('tok', { id: 'u1', userName: 'alice', agreedTermsOfService: 1, sessionId: 's1' });
    let answers = 0;
    const { api, caseRefreshed } = renderPanel(dispute(), {
      [REQUEST]: () =>
        ++answers === 1
          ? jsonResponse({ code: 'conflict', message: TRIBUNAL_MESSAGES.alreadyRequested }, 409)
          : jsonResponse({ data: { ...appointed, status: 'Requested', members: [] } }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Request an arbitrator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request an arbitrator' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Three arbitrators (a chair and two members)' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Note to the administrator (optional)' }), {
      target: { value: 'Asia on laaja.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(TRIBUNAL_MESSAGES.alreadyRequested);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(caseRefreshed).toHaveBeenCalledWith({ queryKey: caseScope('d1') }));
    expect(api.callsTo(REQUEST).map((call) => call.body)).toEqual([
      { size: 3, note: 'Asia on laaja.' },
      { size: 3, note: 'Asia on laaja.' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the members with their role and each accepted member’s statement', () => {
    useAuthStore.getState().signIn('tok', { id: 'u1', userName: 'alice', agreedTermsOfService: 1, sessionId: 's1' });
    renderPanel(dispute({ tribunal: appointed }));
    const members = screen.getAllByTestId('tribunal-member');
    expect(members).toHaveLength(3);
    expect(members[0]!.textContent).toContain('Chair');
    expect(members[0]!.textContent).toContain('Invited');
    expect(members[1]!.textContent).toContain('circumstances disclosed: Olen toiminut vastaajan asiamiehenä 2019.');
    expect(members[2]!.textContent).toContain('no circumstances');
    expect(screen.queryByRole('button', { name: 'Request an arbitrator' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accept appointment' })).toBeNull();
  });

  it('accepting with disclosed circumstances requires their description', async () => {
    useAuthStore.getState().signIn('tok', { id: 'arb1', userName: 'maija', agreedTermsOfService: 1, sessionId: 's1' });
    const { api, caseRefreshed } = renderPanel(dispute({ side: 'tribunal', tribunal: appointed }), {
      [RESPOND]: () => jsonResponse({ data: appointed }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Accept appointment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept the appointment' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'I disclose the following circumstances:' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await within(dialog).findByText('Describe the circumstances you disclose.')).toBeTruthy();
    expect(api.callsTo(RESPOND)).toHaveLength(0);
    // The dialog has no single form: focus still moves to its first invalid field.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: /Circumstances disclosed/u })),
    );

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Circumstances disclosed/u }), {
      target: { value: '  Olin kantajan yhtiön hallituksessa 2018.  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(caseRefreshed).toHaveBeenCalledWith({ queryKey: caseScope('d1') }));
    expect(api.callsTo(RESPOND)[0]!.body).toEqual({
      accept: true,
      statement: 'disclosed',
      disclosure: 'Olin kantajan yhtiön hallituksessa 2018.',
    });
  });

  it('an invited arbitrator may decline with a reason', async () => {
    useAuthStore.getState().signIn('tok', { id: 'arb1', userName: 'maija', agreedTermsOfService: 1, sessionId: 's1' });
    const { api } = renderPanel(dispute({ side: 'tribunal', tribunal: appointed }), {
      [RESPOND]: () => jsonResponse({ data: appointed }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline the appointment' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), {
      target: { value: 'Esteellinen.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(api.callsTo(RESPOND)).toHaveLength(1));
    expect(api.callsTo(RESPOND)[0]!.body).toEqual({ accept: false, reason: 'Esteellinen.' });
  });
});
