import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AwardAftercareView, TribunalMemberView } from '@ratkaisu/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, setLanguage } from '../../../i18n/i18n';
import { useAuthStore } from '../../../stores/auth-store';
import { jsonResponse, mockApi } from '../../../test/mock-api';
import { resetStores, withQueries } from '../../../test/render-app';
import { AwardAftercareCard } from './AwardAftercareCard';

const BASE = '/api/dispute/d1/award/a1';
const members: TribunalMemberView[] = [
  {
    userId: 'arb1',
    name: 'OTT Maija Virtanen',
    title: 'asianajaja',
    role: 'sole',
    status: 'Accepted',
    appointedAt: '2027-03-01T08:00:00Z',
  },
];

function view(extra: Partial<AwardAftercareView> = {}): AwardAftercareView {
  return {
    awardId: 'a1',
    caseNumber: 'RAT-2027-000001',
    issuedAt: '2027-03-03T08:00:00Z',
    deliveries: [
      { side: 'claimant', email: 'k@example.fi', at: '2027-03-03T08:00:00Z', messageId: '<1@x>', attached: true },
      { side: 'respondent', email: 'v@example.fi', at: '2027-03-03T08:00:00Z', messageId: '<2@x>', attached: true },
      { side: 'respondent', email: 'w@example.fi', at: '2027-03-03T08:00:00Z', attached: false, pending: true },
    ],
    receipts: [],
    deadlines: [],
    fromDelivery: [],
    fixesFees: true,
    ownInitiativeUntil: '2099-04-02',
    requests: [],
    documents: [],
    ...extra,
  };
}

function renderCard(side: 'claimant' | 'respondent' | 'tribunal', routes: Parameters<typeof mockApi>[0]) {
  const api = mockApi(routes);
  render(
    withQueries(
      <FluentProvider theme={webLightTheme}>
        <AwardAftercareCard disputeId="d1" awardId="a1" side={side} members={members} />
      </FluentProvider>,
    ),
  );
  return api;
}

/** A dialog opens with an animation: on a busy machine it takes longer than the default second. */
const SLOW = { timeout: 15_000 };

beforeEach(() => {
  initI18n();
  resetStores();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the issued award’s delivery, deadlines and corrections', () => {
  it('a party sees the deliveries, confirms receipt and then sees the deadlines as dates', async () => {
    useAuthStore.getState().signIn('tok', { id: 'u1', userName: 'v', agreedTermsOfService: 1, sessionId: 's1' });
    const received = view({
      receipts: [{ side: 'respondent', at: '2027-03-03T08:00:00Z', how: 'acknowledged' }],
      deadlines: [
        {
          side: 'respondent',
          receivedAt: '2027-03-03T08:00:00Z',
          deadlines: [
            { kind: 'correction', section: '38–39 §', date: '2027-04-02' },
            { kind: 'feeChallenge', section: '47 §', date: '2027-05-03', movedFrom: '2027-05-02' },
            { kind: 'setAside', section: '41 §', date: '2027-06-03' },
          ],
        },
      ],
    });
    const delivered = view({
      fromDelivery: [
        {
          side: 'respondent',
          deliveredAt: '2027-03-03T08:00:00Z',
          deadlines: [
            { kind: 'correction', section: '38–39 §', date: '2027-04-02' },
            { kind: 'setAside', section: '41 §', date: '2027-06-03' },
          ],
        },
      ],
    });
    const api = renderCard('respondent', {
      [`GET ${BASE}/delivery`]: () => jsonResponse({ data: delivered }),
      [`POST ${BASE}/receipt`]: () => jsonResponse({ data: received }),
    });
    const deliveries = (await screen.findByTestId('award-deliveries')).textContent;
    expect(deliveries).toContain('Mailed to v@example.fi (respondent) on 3.3.2027, 10:00');
    // A § 37 mail in the outbox that has not gone out yet says so.
    expect(deliveries).toContain(
      'Mail to w@example.fi (respondent) not sent yet: being tried again since 3.3.2027, 10:00',
    );
    // Before the receipt: never an empty heading; what starts the periods, and the dates from the delivery mail.
    const before = screen.getByTestId('deadlines-respondent').textContent;
    expect(before).toContain(
      'No period runs yet for the respondent: each starts when the respondent receives the award, by pressing “I have received the award” or by first opening the award on this page. Counted from the delivery by e-mail on 3.3.2027, 10:00, they would end:',
    );
    expect(before).toContain('A request for correction, interpretation or an additional award (§§ 38–39): by 2.4.2027');
    expect(before).toContain('An action to set the award aside (§ 41): by 3.6.2027');
    // No fees order in this view's dates: no § 47 row.
    expect(before).not.toContain('§ 47');
    expect(screen.queryByTestId('deadlines-claimant')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'I have received the award' }));
    await waitFor(() =>
      expect(screen.getByTestId('deadlines-respondent').textContent).toContain('From the respondent’s receipt on'),
    );
    const deadlines = screen.getByTestId('deadlines-respondent');
    expect(deadlines.textContent).toContain('(§§ 38–39): by 2.4.2027');
    expect(deadlines.textContent).toContain(
      '(§ 47): by 3.5.2027 (the period ends on a weekend or public holiday, 2.5.2027',
    );
    expect(deadlines.textContent).toContain('(§ 41): by 3.6.2027');
    expect(api.callsTo(`POST ${BASE}/receipt`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'I have received the award' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Request a correction…' })).toBeTruthy();
  });

  it('the sole arbitrator sees the request, sets the period, and may correct on its own initiative', async () => {
    useAuthStore.getState().signIn('tok', { id: 'arb1', userName: 'm', agreedTermsOfService: 1, sessionId: 's1' });
    renderCard('tribunal', {
      [`GET ${BASE}/delivery`]: () =>
        jsonResponse({
          data: view({
            requests: [
              {
                id: 'r1',
                kind: 'correction',
                side: 'respondent',
                name: 'v@example.fi',
                text: 'Summa on väärin.',
                requestedAt: '2027-03-03T08:00:00Z',
                commentUntil: '2099-03-17',
                comments: [],
                status: 'Open',
              },
            ],
          }),
        }),
    });
    const request = await screen.findByTestId('correction-request');
    expect(within(request).getByRole('button', { name: 'Grant and adopt' })).toBeTruthy();
    expect(within(request).getByRole('button', { name: 'Set period' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Adopt correction' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request a correction…' })).toBeNull();
    await waitFor(() =>
      expect(screen.getByText(/may correct the award on its own initiative until 2\.4\.2099/)).toBeTruthy(),
    );
  });

  it('asks before granting and adopting, says it cannot be undone, and sends only when confirmed', async () => {
    useAuthStore.getState().signIn('tok', { id: 'arb1', userName: 'm', agreedTermsOfService: 1, sessionId: 's1' });
    const open = view({
      requests: [
        {
          id: 'r1',
          kind: 'correction',
          side: 'respondent',
          name: 'v@example.fi',
          text: 'Summa on väärin.',
          requestedAt: '2027-03-03T08:00:00Z',
          commentUntil: '2099-03-17',
          comments: [],
          status: 'Open',
        },
      ],
    });
    const api = renderCard('tribunal', {
      [`GET ${BASE}/delivery`]: () => jsonResponse({ data: open }),
      [`POST ${BASE}/corrections/r1/decision`]: () => jsonResponse({ data: open }),
    });
    const request = await screen.findByTestId('correction-request');
    fireEvent.change(within(request).getByRole('textbox', { name: /Text of the correction/ }), {
      target: { value: 'Tuomiolauselman summa korjataan.' },
    });
    fireEvent.click(within(request).getByRole('button', { name: 'Grant and adopt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grant the request and adopt the decision?' }, SLOW);
    expect(dialog.textContent).toContain('Once adopted it cannot be undone or edited.');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Cancel' }, SLOW));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo(`POST ${BASE}/corrections/r1/decision`)).toHaveLength(0);

    fireEvent.click(await within(request).findByRole('button', { name: 'Grant and adopt' }, SLOW));
    const again = await screen.findByRole('dialog', { name: 'Grant the request and adopt the decision?' }, SLOW);
    fireEvent.click(await within(again).findByRole('button', { name: 'Grant and adopt' }, SLOW));
    await waitFor(() => expect(api.callsTo(`POST ${BASE}/corrections/r1/decision`)).toHaveLength(1));
    expect(api.callsTo(`POST ${BASE}/corrections/r1/decision`)[0]!.body).toEqual({
      outcome: 'grant',
      text: 'Tuomiolauselman summa korjataan.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
  it('in Finnish: lines start with a capital, the same words as the mails, and no empty heading for either side', async () => {
    await setLanguage('fi');
    try {
      useAuthStore.getState().signIn('tok', { id: 'arb1', userName: 'm', agreedTermsOfService: 1, sessionId: 's1' });
      renderCard('tribunal', {
        [`GET ${BASE}/delivery`]: () =>
          jsonResponse({
            data: view({
              deliveries: [],
              receipts: [{ side: 'claimant', at: '2027-03-03T08:00:00Z', how: 'acknowledged' }],
              deadlines: [
                {
                  side: 'claimant',
                  receivedAt: '2027-03-03T08:00:00Z',
                  deadlines: [
                    { kind: 'correction', section: '38–39 §', date: '2027-04-02' },
                    { kind: 'feeChallenge', section: '47 §', date: '2027-05-03' },
                    { kind: 'setAside', section: '41 §', date: '2027-06-03' },
                  ],
                },
              ],
            }),
          }),
      });
      const receipts = (await screen.findByTestId('award-receipts')).textContent;
      expect(receipts).toContain('Kantaja vahvisti vastaanottaneensa 3.3.2027');
      expect(receipts).toContain('Vastaaja ei ole vielä vahvistanut vastaanottoa.');
      const claimant = screen.getByTestId('deadlines-claimant').textContent;
      expect(claimant).toContain('Kantaja vastaanotti tuomion 3.3.2027');
      expect(claimant).toContain(
        'Pyyntö tuomion korjaamisesta, tulkitsemisesta tai lisätuomiosta (38–39 §): viimeistään 2.4.2027',
      );
      expect(claimant).toContain('Hakemus välimiesten palkkiosta käräjäoikeudelle (47 §): viimeistään 3.5.2027');
      expect(claimant).toContain('Kanne välitystuomion kumoamiseksi (41 §): viimeistään 3.6.2027');
      expect(screen.getByTestId('deadlines-respondent').textContent).toBe(
        'Määräajat eivät vielä kulu: ne alkavat, kun vastaaja vastaanottaa tuomion painamalla ”Olen vastaanottanut tuomion” tai avaamalla tuomion ensimmäisen kerran tällä sivulla. Tuomiota ei ole vielä lähetetty sähköpostitse.',
      );
    } finally {
      await setLanguage('en');
    }
  });
});
