import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ARBITRATION_AGREEMENT, type DisputeView } from '@ratkaisu/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from 'i18next';
import { initI18n } from '../../../i18n/i18n';
import { useAuthStore } from '../../../stores/auth-store';
import { jsonResponse, mockApi } from '../../../test/mock-api';
import { caseScope } from '../../../api/query-scopes';
import { resetStores, spiedQueries } from '../../../test/render-app';
import { HearingCard } from './HearingCard';

const AT = '2027-03-03T08:00:00Z';

function dispute(extra: Partial<DisputeView> = {}): DisputeView {
  return {
    id: 'd1',
    name: 'Toimitusviivästys',
    description: 'Kauppa',
    dateCreated: AT,
    createdBy: { id: 'u1', email: 'k@example.fi' },
    claimant: { name: 'Kantaja Oy', email: 'k@example.fi' } as DisputeView['claimant'],
    respondent: { name: 'Vastaaja Oy', email: 'v@example.fi' } as DisputeView['respondent'],
    status: 'InProgress',
    activePhaseId: 'p1',
    side: 'tribunal',
    caseNumber: 'RAT-2027-000001',
    constitution: {
      agreement: { version: ARBITRATION_AGREEMENT.version },
      challengePeriods: [],
      waivers: [],
      challenges: [],
      newMatters: [],
    },
    ...extra,
  };
}

/** Renders the card; what it returns records the query invalidations (a record made refreshes the case). */
function renderCard(view: DisputeView) {
  const queries = spiedQueries();
  render(
    queries.wrap(
      <FluentProvider theme={webLightTheme}>
        <HearingCard dispute={view} />
      </FluentProvider>,
    ),
  );
  return queries.invalidated;
}

beforeEach(() => {
  initI18n();
  resetStores();
  useAuthStore.getState().signIn('tok', { id: 'arb1', userName: 'maija', agreedTermsOfService: 1, sessionId: 's1' });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

describe('the hearing card', () => {
  it('the tribunal records an oral hearing: date and note required, then sent and reloaded', async () => {
    const api = mockApi({ 'POST /api/dispute/d1/tribunal/hearing': () => jsonResponse({ data: { recorded: true } }) });
    const caseRefreshed = renderCard(dispute());
    expect(screen.getByTestId('hearing-status').textContent).toContain('decided on the documents, as the agreement');

    fireEvent.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByText('Give the hearing’s date.')).toBeTruthy();
    expect(screen.getByText('Say where and how the hearing was held.')).toBeTruthy();
    expect(api.callsTo('POST /api/dispute/d1/tribunal/hearing')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/^Date of the hearing/), { target: { value: '2027-03-10' } });
    fireEvent.change(screen.getByLabelText(/^Where and how the hearing was held/), {
      target: { value: 'Etäyhteydellä; molemmat asianosaiset ja asiamiehet läsnä.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(caseRefreshed).toHaveBeenCalledWith({ queryKey: caseScope('d1') }));
    expect(api.callsTo('POST /api/dispute/d1/tribunal/hearing')[0]!.body).toEqual({
      procedure: 'hearing',
      date: '2027-03-10',
      note: 'Etäyhteydellä; molemmat asianosaiset ja asiamiehet läsnä.',
    });
    expect(await screen.findByText('Recorded. The award’s history states it.')).toBeTruthy();
  });

  it('the tribunal records its decision to decide on the documents, the grounds optional', async () => {
    const api = mockApi({ 'POST /api/dispute/d1/tribunal/hearing': () => jsonResponse({ data: { recorded: true } }) });
    const caseRefreshed = renderCard(dispute());
    fireEvent.click(screen.getByRole('radio', { name: /decided on the documents/ }));
    expect(screen.queryByLabelText(/^Date of the hearing/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(caseRefreshed).toHaveBeenCalledWith({ queryKey: caseScope('d1') }));
    expect(api.callsTo('POST /api/dispute/d1/tribunal/hearing')[0]!.body).toEqual({ procedure: 'documents', note: '' });
  });

  it('a party reads what was recorded, in Finnish too, and cannot record', async () => {
    mockApi({});
    const recorded = dispute({
      side: 'respondent',
      constitution: {
        ...dispute().constitution!,
        hearing: {
          procedure: 'hearing',
          date: '2027-03-10',
          note: 'Helsingissä',
          recordedAt: '2027-03-10T14:00:00Z',
          name: 'OTT Maija Virtanen',
        },
      },
    });
    renderCard(recorded);
    expect(screen.getByTestId('hearing-status').textContent).toBe(
      'Oral hearing held on 10.3.2027: Helsingissä (recorded by OTT Maija Virtanen)',
    );
    expect(screen.queryByRole('button', { name: 'Record' })).toBeNull();
    cleanup();
    await i18n.changeLanguage('fi');
    renderCard({
      ...recorded,
      constitution: {
        ...recorded.constitution!,
        hearing: { ...recorded.constitution!.hearing!, procedure: 'documents', note: 'Kukaan ei pyytänyt.' },
      },
    });
    expect(screen.getByTestId('hearing-status').textContent).toBe(
      'Ratkaistaan kirjallisen aineiston perusteella ilman suullista käsittelyä (kirjasi OTT Maija Virtanen 10.3.2027)',
    );
    expect(screen.getByText('Perusteet: Kukaan ei pyytänyt.')).toBeTruthy();
  });

  it('takes no record once the case is final', () => {
    mockApi({});
    renderCard(dispute({ outcome: { kind: 'award', decisionId: 'a1', at: AT } }));
    expect(screen.queryByRole('button', { name: 'Record' })).toBeNull();
  });
});
