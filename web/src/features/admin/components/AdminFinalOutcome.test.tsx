import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render, screen } from '@testing-library/react';
import type { AiOversightView, TenantView } from '@ratkaisu/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { jsonResponse, mockApi } from '../../../test/mock-api';
import { resetStores, withQueries } from '../../../test/render-app';
import { AiOversightTab } from './AiOversightTab';
import { ChallengesSection } from './ChallengesSection';

/** Wherever an admin screen names a case, a final case shows its outcome as final. */

const tenant: TenantView = {
  id: 't1',
  name: 'Ratkaisu',
  domain: 'ratkaisu.fi',
  azureTenantId: '00000000-0000-0000-0000-000000000000',
  isActive: true,
  createdAt: '2027-01-01T00:00:00Z',
  isDefault: true,
};

function oversight(): AiOversightView {
  return {
    tenantId: 't1',
    tenantName: 'Ratkaisu',
    month: '2027-03',
    retentionMonths: 6,
    aiUses: { total: 2, claimDrafts: 0, decisions: 2, chapterRegenerations: 0 },
    references: { checked: 10, flagged: 1, flaggedPer100: 10 },
    chapters: { generated: 14, regenerated: 0 },
    tribunalChanges: { awardsAdopted: 1, averageChangedPercent: 12 },
    outcomes: { aiDecisions: 1, acceptedByBoth: 1, tribunalRequests: 1 },
    problemReports: [
      {
        id: 'r1',
        reportedAt: '2027-03-05T10:00:00Z',
        output: 'aiDecision',
        outputId: 'a1',
        disputeId: 'd1',
        caseNumber: 'RAT-2027-000001',
        outcome: {
          kind: 'accepted',
          decisionId: 'a1',
          version: 2,
          sha256: 'ab'.repeat(32),
          at: '2027-03-04T10:00:00Z',
        },
        kind: 'reference',
        location: 'Luku 3',
        description: 'Viittaus väärään sivuun.',
        reporter: { role: 'claimant', email: 'k@example.fi' },
      },
      {
        id: 'r2',
        reportedAt: '2027-03-06T10:00:00Z',
        output: 'award',
        outputId: 'a2',
        disputeId: 'd2',
        caseNumber: 'RAT-2027-000002',
        outcome: { kind: 'award', decisionId: 'a2', at: '2027-03-06T08:00:00Z' },
        kind: 'other',
        location: '',
        description: 'Muu huomio.',
        reporter: { role: 'respondent' },
      },
      {
        id: 'r3',
        reportedAt: '2027-03-07T10:00:00Z',
        output: 'aiDecision',
        outputId: 'a3',
        disputeId: 'd3',
        caseNumber: 'RAT-2027-000003',
        kind: 'other',
        location: '',
        description: 'Avoin asia.',
        reporter: { role: 'respondent' },
      },
    ],
  };
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

describe('a final case on the admin screens', () => {
  it('the AI oversight’s problem reports name the case by number and show a final outcome', async () => {
    mockApi({ 'GET /api/superadmin/ai-oversight': () => jsonResponse(oversight()) });
    render(<FluentProvider theme={webLightTheme}>{withQueries(<AiOversightTab tenants={[tenant]} />)}</FluentProvider>);
    const rows = await screen.findAllByTestId('ai-problem-report');
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('RAT-2027-000001');
    const outcomes = screen.getAllByTestId('ai-problem-report-outcome').map((node) => node.textContent);
    expect(outcomes).toEqual(['Final: both parties accepted version 2 on 4.3.2027', 'Final: award issued on 6.3.2027']);
    expect(rows[2]!.textContent).not.toContain('Final');
  });

  it('a challenge row shows its case’s outcome once the case is final', async () => {
    mockApi({
      'GET /api/admin/tribunal/challenges': () =>
        jsonResponse({
          data: [
            {
              dispute: {
                id: 'd1',
                name: 'Toimitusviivästys',
                dateCreated: '2027-03-01T08:00:00Z',
                createdBy: { id: 'u1', email: 'k@example.fi' },
                status: 'Resolved',
                activePhaseType: 'Resolution',
                side: 'claimant',
                outcome: { kind: 'award', decisionId: 'a1', at: '2027-03-06T08:00:00Z' },
              },
              caseNumber: 'RAT-2027-000001',
              challenge: {
                id: 'c1',
                arbitratorId: 'arb1',
                arbitratorName: 'OTT Maija Virtanen',
                side: 'respondent',
                name: 'Vastaaja',
                grounds: 'Esteellisyys.',
                at: '2027-03-02T08:00:00Z',
                status: 'Open',
              },
            },
          ],
        }),
    });
    render(<FluentProvider theme={webLightTheme}>{withQueries(<ChallengesSection />)}</FluentProvider>);
    expect((await screen.findByTestId('challenge-outcome')).textContent).toBe('Final: award issued on 6.3.2027');
  });
});
