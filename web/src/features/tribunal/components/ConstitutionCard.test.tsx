import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ARBITRATION_AGREEMENT, type DisputeView } from '@ratkaisu/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { jsonResponse, mockApi } from '../../../test/mock-api';
import { resetStores } from '../../../test/render-app';
import { ConstitutionCard } from './ConstitutionCard';

const AT = '2027-03-01T08:00:00Z';

const dispute = {
  id: 'd1',
  side: 'claimant',
  constitution: {
    agreement: { version: ARBITRATION_AGREEMENT.version },
    challengePeriods: [{ arbitratorId: 'arb1', until: '2099-03-16' }],
    waivers: [],
    challenges: [],
    newMatters: [],
  },
  tribunal: {
    size: 1,
    members: [
      {
        userId: 'arb1',
        name: 'OTT Maija Virtanen',
        title: 'asianajaja',
        role: 'sole',
        status: 'Accepted',
        appointedAt: AT,
      },
    ],
  },
} as unknown as DisputeView;

function renderCard(view: DisputeView = dispute) {
  const onChanged = vi.fn(async () => undefined);
  const api = mockApi({
    'POST /api/dispute/d1/agreement': () => jsonResponse({ data: dispute.constitution }),
    'POST /api/dispute/d1/tribunal/waive-challenge': () => jsonResponse({ data: dispute.constitution }),
  });
  render(
    <FluentProvider theme={webLightTheme}>
      <ConstitutionCard dispute={view} onChanged={onChanged} />
    </FluentProvider>,
  );
  return { api, onChanged };
}

/** A dialog opens with an animation: on a busy machine it takes longer than the default second. */
const SLOW = { timeout: 5000 };

beforeEach(() => {
  initI18n();
  resetStores();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/**
 * Binding steps with a safeguard: accepting the arbitration agreement and waiving the challenge
 * period are each confirmed in a dialog saying what the step means and that it cannot be undone.
 */
describe('constitution card: binding steps confirm first', () => {
  it('accepts the arbitration agreement only after the dialog is confirmed', async () => {
    const { api, onChanged } = renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Accept the arbitration agreement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept the arbitration agreement?' }, SLOW);
    expect(dialog.textContent).toContain('decided by arbitration under the agreement shown, not by a court');
    expect(dialog.textContent).toContain('cannot be withdrawn');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Cancel' }, SLOW));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST /api/dispute/d1/agreement')).toHaveLength(0);

    fireEvent.click(await screen.findByRole('button', { name: 'Accept the arbitration agreement' }, SLOW));
    const again = await screen.findByRole('dialog', { name: 'Accept the arbitration agreement?' }, SLOW);
    fireEvent.click(await within(again).findByRole('button', { name: 'Accept the arbitration agreement' }, SLOW));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(api.callsTo('POST /api/dispute/d1/agreement')[0]!.body).toEqual({
      version: ARBITRATION_AGREEMENT.version,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('waives challenging only after the dialog names the arbitrators and says it cannot be undone', async () => {
    const { api } = renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Waive challenges' }));
    const dialog = await screen.findByRole('dialog', { name: 'Waive challenging the arbitrators?' }, SLOW);
    expect(within(dialog).getByText(/^Your side gives up challenging OTT Maija Virtanen/)).toBeTruthy();
    expect(dialog.textContent).toContain('This cannot be undone.');
    expect(api.callsTo('POST /api/dispute/d1/tribunal/waive-challenge')).toHaveLength(0);
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Waive challenges' }, SLOW));
    await waitFor(() => expect(api.callsTo('POST /api/dispute/d1/tribunal/waive-challenge')).toHaveLength(1));
  });

  it('says the same in Finnish', async () => {
    const { default: i18n } = await import('i18next');
    await i18n.changeLanguage('fi');
    try {
      renderCard();
      fireEvent.click(screen.getByRole('button', { name: 'Hyväksy välityssopimus' }));
      const dialog = await screen.findByRole('dialog', { name: 'Hyväksytäänkö välityssopimus?' }, SLOW);
      expect(dialog.textContent).toContain('eikä sitä voi perua');
      fireEvent.click(await within(dialog).findByRole('button', { name: 'Peruuta' }, SLOW));
      fireEvent.click(await screen.findByRole('button', { name: 'Luovu vastustamisesta' }, SLOW));
      expect(
        (await screen.findByRole('dialog', { name: 'Luovutaanko välimiesten vastustamisesta?' }, SLOW)).textContent,
      ).toContain('Tätä ei voi perua.');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('offers none of these steps on a final case, and no longer says a challenge is possible', async () => {
    renderCard();
    expect(screen.getByRole('button', { name: 'Challenge OTT Maija Virtanen' })).toBeTruthy();
    expect(screen.getByText(/you may challenge until/)).toBeTruthy();
    cleanup();
    renderCard({ ...dispute, outcome: { kind: 'award', decisionId: 'aw1', at: AT } } as DisputeView);
    expect(screen.getByTestId('constitution-card')).toBeTruthy();
    for (const name of ['Accept the arbitration agreement', 'Waive challenges', 'Challenge OTT Maija Virtanen']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.queryByText(/you may challenge until/)).toBeNull();
  });
});
