import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { RetentionOverview, TenantView } from '@ratkaisu/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { jsonResponse, mockApi } from '../../../test/mock-api';
import { resetStores } from '../../../test/render-app';
import { RetentionTab } from './RetentionTab';

/** The Retention tab (docs/data-lifecycle.md) against fixture answers of the retention routes. */

const tenants: TenantView[] = [
  {
    id: 't-acme',
    name: 'Acme Oy',
    domain: 'acme.fi',
    azureTenantId: 'd-2',
    isActive: true,
    isDefault: false,
    createdAt: '2025-02-01T10:00:00Z',
    caseRetentionYears: 15,
  },
];

const overview = (held: boolean): RetentionOverview => ({
  cases: [
    {
      disputeId: 'case-1',
      caseNumber: 'RAT-2026-000001',
      name: 'Teräspalkit',
      tenantId: 't-acme',
      finishedAt: '2026-03-01T10:00:00Z',
      deleteAfter: '2041-03-01T10:00:00Z',
      ...(held
        ? {
            legalHold: { reason: 'Nullity claimed under § 40.', setAt: '2026-04-01T10:00:00Z', setBy: 'admin@acme.fi' },
          }
        : {}),
    },
  ],
  tombstones: [
    {
      disputeId: 'case-0',
      caseNumber: 'RAT-2010-000009',
      name: 'Vanha riita',
      tenantId: 't-acme',
      claimant: { name: 'Kantaja Oy', businessId: '1234567-8' },
      respondent: { name: 'Vastaaja Oy' },
      outcome: 'award',
      dateCreated: '2010-01-01T10:00:00Z',
      finishedAt: '2010-06-01T10:00:00Z',
      deletedAt: '2025-06-02T03:10:00Z',
      awardSha256: ['ab'.repeat(32)],
    },
  ],
});

beforeEach(() => resetStores());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderTab() {
  initI18n();
  return render(
    <FluentProvider theme={webLightTheme}>
      <RetentionTab tenants={tenants} isSuperAdmin={false} />
    </FluentProvider>,
  );
}

describe('Retention tab', () => {
  it('saves a tenant period, shows the deletion date and tombstones, and sets a legal hold with its reason', async () => {
    let held = false;
    const api = mockApi({
      'GET /api/superadmin/retention': () => jsonResponse(overview(held)),
      'PUT /api/superadmin/tenants/t-acme/case-retention': (body) =>
        jsonResponse({ ...tenants[0], caseRetentionYears: (body as { years: number }).years }),
      'POST /api/superadmin/disputes/case-1/legal-hold': () => {
        held = true;
        return jsonResponse(overview(true).cases[0]);
      },
    });
    renderTab();

    const row = await screen.findByTestId('retention-case-row');
    expect(row.textContent).toContain('RAT-2026-000001');
    expect(row.textContent).toContain('1.3.2041');
    const tombstone = screen.getByTestId('retention-tombstone-row');
    expect(tombstone.textContent).toContain('Kantaja Oy – Vastaaja Oy');
    expect(tombstone.textContent).toContain('ab'.repeat(32));

    fireEvent.change(screen.getByRole('spinbutton', { name: /Acme Oy: Years/ }), { target: { value: '20' } });
    fireEvent.click(within(screen.getByTestId('retention-tenant')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Acme Oy: finished cases are kept 20 years.')).toBeTruthy();
    expect(api.callsTo('PUT /api/superadmin/tenants/t-acme/case-retention')[0]?.body).toEqual({ years: 20 });

    fireEvent.click(within(row).getByRole('button', { name: 'Set legal hold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Legal hold on RAT-2026-000001' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Nullity claimed under § 40.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set legal hold' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST /api/superadmin/disputes/case-1/legal-hold')[0]?.body).toEqual({
      reason: 'Nullity claimed under § 40.',
    });
    await waitFor(() =>
      expect(screen.getByTestId('retention-case-row').textContent).toContain(
        'Nullity claimed under § 40. — admin@acme.fi',
      ),
    );
    expect(
      within(screen.getByTestId('retention-case-row')).getByRole('button', { name: 'Lift legal hold' }),
    ).toBeTruthy();
  });
});
