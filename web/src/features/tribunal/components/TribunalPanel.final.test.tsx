import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render, screen } from '@testing-library/react';
import type { DisputeView } from '@ratkaisu/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { useAuthStore } from '../../../stores/auth-store';
import { resetStores, withQueries } from '../../../test/render-app';
import { TribunalPanel } from './TribunalPanel';

const AT = '2026-11-20T10:00:00Z';

function dispute(overrides: Partial<DisputeView> = {}): DisputeView {
  return {
    id: 'd1',
    name: 'Roof repair',
    description: '',
    dateCreated: AT,
    createdBy: { id: 'u1', email: 'alice@example.fi' },
    claimant: { name: 'Alice Oy', identificationNumber: '', email: 'alice@example.fi', address: '' },
    respondent: { name: 'Bob Oy', identificationNumber: '', email: 'bob@example.fi', address: '' },
    status: 'Resolved',
    activePhaseId: 'p7',
    side: 'claimant',
    ...overrides,
  };
}

function renderPanel(view: DisputeView) {
  render(
    withQueries(
      <FluentProvider theme={webLightTheme}>
        <TribunalPanel dispute={view} />
      </FluentProvider>,
    ),
  );
}

beforeEach(() => {
  initI18n();
  resetStores();
  useAuthStore.getState().signIn('tok', { id: 'arb1', userName: 'maija', agreedTermsOfService: 1, sessionId: 's1' });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('tribunal panel on a final case', () => {
  it('offers no Request an arbitrator once both parties accepted a version, and says why', () => {
    renderPanel(dispute({ outcome: { kind: 'accepted', decisionId: 'v2', version: 2, sha256: 'ab', at: AT } }));
    expect(screen.queryByRole('button', { name: 'Request an arbitrator' })).toBeNull();
    expect(
      screen.getByText('No arbitrator was requested. The case is final, so none can be requested now.'),
    ).toBeTruthy();
  });

  it('an open case still offers it', () => {
    renderPanel(dispute({ status: 'InProgress' }));
    expect(screen.getByRole('button', { name: 'Request an arbitrator' })).toBeTruthy();
  });

  it('an invitation left on a final case cannot be answered', () => {
    renderPanel(
      dispute({
        side: 'tribunal',
        outcome: { kind: 'accepted', decisionId: 'v2', version: 2, sha256: 'ab', at: AT },
        tribunal: {
          status: 'Appointed',
          size: 1,
          requestedAt: AT,
          requestedBySide: 'respondent',
          members: [
            { userId: 'arb1', name: 'Maija Virtanen', title: 'OTT', role: 'sole', status: 'Invited', appointedAt: AT },
          ],
        },
      }),
    );
    expect(screen.queryByRole('button', { name: 'Accept appointment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
  });
});
