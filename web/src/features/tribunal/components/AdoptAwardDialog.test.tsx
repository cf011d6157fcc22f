import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { defaultDecisionSettings, type AwardView } from '@ratkaisu/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { jsonResponse, mockApi, type MockHandler } from '../../../test/mock-api';
import { AdoptAwardDialog } from './AdoptAwardDialog';

const AT = '2026-11-20T10:00:00Z';
const CHECK = 'GET /api/dispute/d1/award/aw1/dispositive-check';
const ADOPT = 'POST /api/dispute/d1/award/aw1/adopt';

const award: AwardView = {
  id: 'aw1',
  disputeId: 'd1',
  status: 'Draft',
  caseNumber: 'RAT-2026-000001',
  version: 3,
  chapters: [],
  aiChapters: [],
  versions: [],
  flagged: [],
  checkedReferences: 0,
  injections: [],
  settings: {
    settings: defaultDecisionSettings(),
    setBy: { userId: 'arb1', name: 'Maija Virtanen', side: 'tribunal' },
    setAt: AT,
    sha256: 'ab',
  },
  notSigning: [],
  signatures: [],
  requiredSignatures: 1,
  documents: [],
};

function renderDialog(routes: Record<string, MockHandler>) {
  const api = mockApi(routes);
  const onAdopted = vi.fn();
  render(
    <FluentProvider theme={webLightTheme}>
      <AdoptAwardDialog open disputeId="d1" award={award} otherMembers={[]} onClose={() => {}} onAdopted={onAdopted} />
    </FluentProvider>,
  );
  return { api, onAdopted };
}

describe('AdoptAwardDialog: the tuomiolauselma against chapter 6', () => {
  beforeEach(() => {
    initI18n();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists each difference and adopts only once the chair confirms them', async () => {
    const { api, onAdopted } = renderDialog({
      [CHECK]: () =>
        jsonResponse({
          data: {
            version: 3,
            mismatches: [
              { code: 'interestOnlyInReasons', order: 2, amountCents: 200_000 },
              { code: 'partyDiffers', order: 1, amountCents: 37_200, inReasons: 'claimant' },
              { code: 'noFeesOrder' },
            ],
          },
        }),
      [ADOPT]: () => jsonResponse({ data: { ...award, status: 'Adopted', adoptedAt: AT } }),
    });
    const dialog = await screen.findByRole('dialog', { hidden: true, name: 'Adopt the award' });
    expect(await within(dialog).findByText('The dispositive part and chapter 6 differ in 3 respects:')).toBeTruthy();
    const items = within(dialog)
      .getAllByRole('listitem', { hidden: true })
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Order 2 (€2,000.00): chapter 6 awards interest, the order does not.',
      'Order 1 (€372.00): chapter 6 has the Claimant pay.',
      'No order fixes the arbitrators’ fees and costs, so the award can give no instructions on bringing the fee before the district court (§ 47).',
    ]);
    fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'Adopt' }));
    expect(
      await within(dialog).findByText('Confirm the differences, or close this and correct the draft first.'),
    ).toBeTruthy();
    expect(api.callsTo(ADOPT)).toHaveLength(0);
    fireEvent.click(
      within(dialog).getByRole('checkbox', {
        hidden: true,
        name: 'I have compared them and adopt the award as it stands',
      }),
    );
    fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'Adopt' }));
    await waitFor(() => expect(api.callsTo(ADOPT)).toHaveLength(1));
    expect(api.callsTo(ADOPT)[0]!.body).toEqual({ version: 3, notSigning: [], confirmMismatches: true });
    await waitFor(() => expect(onAdopted).toHaveBeenCalled());
  });

  it('says so when both agree, and adopts without a confirmation', async () => {
    const { api } = renderDialog({
      [CHECK]: () => jsonResponse({ data: { version: 3, mismatches: [] } }),
      [ADOPT]: () => jsonResponse({ data: { ...award, status: 'Adopted', adoptedAt: AT } }),
    });
    const dialog = await screen.findByRole('dialog', { hidden: true, name: 'Adopt the award' });
    expect(
      await within(dialog).findByText(
        'The dispositive part and chapter 6 state the same orders, and the arbitrators’ fees are fixed.',
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('checkbox', { hidden: true })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'Adopt' }));
    await waitFor(() => expect(api.callsTo(ADOPT)).toHaveLength(1));
    expect(api.callsTo(ADOPT)[0]!.body).toEqual({ version: 3, notSigning: [], confirmMismatches: false });
  });
});
