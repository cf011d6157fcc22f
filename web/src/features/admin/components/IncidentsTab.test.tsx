import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { IncidentDetail, IncidentStatus, IncidentSummary } from '@ratkaisu/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { jsonResponse, mockApi } from '../../../test/mock-api';
import { resetStores, withQueries } from '../../../test/render-app';
import { IncidentsTab } from './IncidentsTab';

/** The Incidents tab (docs/operations.md "Incidents") against fixture answers of the incident routes. */

const summary = (overrides: Partial<IncidentSummary> = {}): IncidentSummary => ({
  id: 'inc-1',
  signal: 'sign-in-failures',
  severity: 'medium',
  status: 'open',
  detectedAt: '2026-11-27T10:00:00Z',
  deadlineAt: '2026-11-30T10:00:00Z',
  remainingMs: 90 * 60_000,
  affectedUsers: 2,
  repeats: 0,
  ...overrides,
});

const detail = (overrides: Partial<IncidentDetail> = {}): IncidentDetail => ({
  ...summary(),
  evidence: {
    windowStart: '2026-11-27T09:45:00Z',
    windowEnd: '2026-11-27T10:00:00Z',
    counts: { failedSignIns: 51, accounts: 2, addresses: 1 },
    auditEntryIds: ['a-1', 'a-2'],
  },
  affectedUserIds: ['u-1', 'u-2'],
  notes: [],
  statusHistory: [],
  notices: [],
  ombudsman: {
    natureOfBreach: 'A burst of failed sign-ins.',
    dataSubjectCategories: 'Users.',
    approxDataSubjects: 2,
    recordCategories: 'Account data.',
    approxRecords: 51,
    likelyConsequences: 'None known.',
    measuresTaken: 'Detected automatically.',
    contactPoint: '',
  },
  ...overrides,
});

beforeEach(() => resetStores());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderTab() {
  initI18n();
  const onError = vi.fn();
  render(<FluentProvider theme={webLightTheme}>{withQueries(<IncidentsTab onError={onError} />)}</FluentProvider>);
  return onError;
}

describe('Incidents tab', () => {
  it('lists incidents with the time left on each clock, and records notes, status and notices on one', async () => {
    let current = detail();
    const api = mockApi({
      'GET /api/superadmin/incidents': () =>
        jsonResponse({
          items: [
            summary(),
            summary({
              id: 'inc-0',
              signal: 'bulk-export',
              severity: 'high',
              remainingMs: -(2 * 3600_000 + 5 * 60_000),
            }),
          ],
        }),
      'GET /api/superadmin/incidents/inc-1': () => jsonResponse(current),
      'POST /api/superadmin/incidents/inc-1/notes': (body) => {
        const text = (body as { text: string }).text;
        current = detail({
          notes: [{ id: 'n-1', at: '2026-11-27T11:00:00Z', authorId: 'me', authorEmail: 'root@x.fi', text }],
        });
        return jsonResponse(current);
      },
      'POST /api/superadmin/incidents/inc-1/status': (body) => {
        const { status, reason } = body as { status: IncidentStatus; reason?: string };
        current = { ...current, status, ...(reason ? { closedReason: reason } : {}) };
        return jsonResponse(current);
      },
      'POST /api/superadmin/incidents/inc-1/notices': () => {
        current = {
          ...current,
          notices: [
            {
              userId: 'u-1',
              to: 'a@x.fi',
              language: 'fi',
              subject: 'Ratkaisu: tietoturvaloukkaus',
              text: 'Hei,',
              preparedAt: '2026-11-27T11:00:00Z',
            },
          ],
        };
        return jsonResponse(current);
      },
      'POST /api/superadmin/incidents/inc-1/notices/send': () => {
        current = {
          ...current,
          notices: current.notices.map((n) => ({ ...n, sentAt: '2026-11-27T11:05:00Z', mailId: 'm' })),
        };
        return jsonResponse(current);
      },
    });
    const onError = renderTab();

    const rows = await screen.findAllByTestId('incident-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('incident-clock').textContent).toContain('1 h 30 min left');
    expect(within(rows[1]!).getByTestId('incident-clock').textContent).toContain('Deadline passed 2 h 5 min ago');
    expect(rows[1]!.textContent).toContain('One account copied much data');

    fireEvent.click(within(rows[0]!).getByRole('button', { name: /^Open: Burst of failed sign-ins/ }));
    const view = await screen.findByTestId('incident-detail');
    expect(within(view).getByTestId('incident-counts').textContent).toContain('Failed sign-ins51');

    fireEvent.change(within(view).getByRole('textbox', { name: 'New note' }), {
      target: { value: 'No account was entered.' },
    });
    fireEvent.click(within(view).getByRole('button', { name: 'Add note' }));
    expect(await within(view).findByText('No account was entered.')).toBeTruthy();
    expect(api.callsTo('POST /api/superadmin/incidents/inc-1/notes')[0]?.body).toEqual({
      text: 'No account was entered.',
    });

    // Closing without a reason is stopped here; marking assessed goes through.
    fireEvent.click(within(view).getByRole('button', { name: 'Close as not a breach' }));
    expect(await within(view).findByText('Give the reason for closing.')).toBeTruthy();
    expect(api.callsTo('POST /api/superadmin/incidents/inc-1/status')).toHaveLength(0);
    fireEvent.click(within(view).getByRole('button', { name: 'Mark assessed' }));
    expect(await within(view).findByRole('button', { name: 'Mark notified' })).toBeTruthy();
    expect(api.callsTo('POST /api/superadmin/incidents/inc-1/status')[0]?.body).toEqual({ status: 'assessed' });

    // Notices: prepared, then sent only after the confirmation.
    fireEvent.click(within(view).getByRole('button', { name: 'Prepare notices' }));
    const notices = within(view).getByTestId('incident-notices');
    expect(await within(notices).findByText('Ratkaisu: tietoturvaloukkaus')).toBeTruthy();
    expect(notices.textContent).toContain('To a@x.fi (fi)');
    fireEvent.click(within(notices).getByRole('button', { name: 'Send notices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the notices?' });
    expect(api.callsTo('POST /api/superadmin/incidents/inc-1/notices/send')).toHaveLength(0);
    // Fluent's modalizer marks the surface aria-hidden in jsdom (focus is not moved there): look past it.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send notices', hidden: true }));
    await waitFor(() => expect(notices.textContent).toContain('Sent'));
    expect(api.callsTo('POST /api/superadmin/incidents/inc-1/notices/send')[0]?.body).toEqual({ confirm: true });
    expect(within(notices).queryByRole('button', { name: 'Send notices' })).toBeNull();
    expect(onError).not.toHaveBeenCalled();
  });
});
