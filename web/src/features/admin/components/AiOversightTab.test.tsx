import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AiOversightView, TenantView } from '@ratkaisu/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { jsonResponse, mockApi } from '../../../test/mock-api';
import { resetStores, withQueries } from '../../../test/render-app';
import { AiOversightTab, monthLabel, recentMonths } from './AiOversightTab';

/** The AI oversight tab against fixture answers of `GET /api/superadmin/ai-oversight`. */

const tenants: TenantView[] = [
  {
    id: 't-default',
    name: 'Ratkaisu',
    domain: 'ratkaisu.fi',
    azureTenantId: 'd-1',
    isActive: true,
    isDefault: true,
    createdAt: '2025-02-01T10:00:00Z',
  },
  {
    id: 't-acme',
    name: 'Acme Oy',
    domain: 'acme.fi',
    azureTenantId: 'd-2',
    isActive: true,
    isDefault: false,
    createdAt: '2025-02-01T10:00:00Z',
  },
];

const thisMonth = recentMonths(new Date())[0]!;
const lastMonth = recentMonths(new Date())[1]!;

const busyMonth: AiOversightView = {
  tenantId: 't-default',
  tenantName: 'Ratkaisu',
  month: thisMonth,
  retentionMonths: 12,
  aiUses: { total: 9, claimDrafts: 3, decisions: 4, chapterRegenerations: 2 },
  references: { checked: 80, flagged: 6, flaggedPer100: 7.5 },
  chapters: { generated: 28, regenerated: 2 },
  tribunalChanges: { awardsAdopted: 2, averageChangedPercent: 31 },
  outcomes: { aiDecisions: 3, acceptedByBoth: 1, tribunalRequests: 2 },
  problemReports: [
    {
      id: 'r-1',
      reportedAt: `${thisMonth}-05T09:30:00Z`,
      output: 'aiDecision',
      outputId: 'd-1-att',
      disputeId: 'case-42',
      caseNumber: 'RAT-2026-000042',
      kind: 'reference',
      location: 'Luku 3, s. 2',
      description: 'Viittaus [K1 s.1] ei tue väitettä.',
      reporter: { role: 'respondent', email: 'vastaaja@example.fi' },
    },
  ],
};

const emptyMonth = (month: string, tenant = tenants[0]!): AiOversightView => ({
  tenantId: tenant.id,
  tenantName: tenant.name,
  month,
  retentionMonths: 6,
  aiUses: { total: 0, claimDrafts: 0, decisions: 0, chapterRegenerations: 0 },
  references: { checked: 0, flagged: 0, flaggedPer100: null },
  chapters: { generated: 0, regenerated: 0 },
  tribunalChanges: { awardsAdopted: 0, averageChangedPercent: null },
  outcomes: { aiDecisions: 0, acceptedByBoth: 0, tribunalRequests: 0 },
  problemReports: [],
});

function renderTab() {
  initI18n();
  return render(
    <FluentProvider theme={webLightTheme}>{withQueries(<AiOversightTab tenants={tenants} />)}</FluentProvider>,
  );
}

const figure = async (label: string) => within(await screen.findByRole('group', { name: label }));

beforeEach(() => resetStores());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AI oversight tab', () => {
  it('shows each figure of the month with what it counts, per 100 rates, and the problem reports', async () => {
    const api = mockApi({
      'GET /api/superadmin/ai-oversight': (_body, url) =>
        jsonResponse(url.searchParams.get('month') === thisMonth ? busyMonth : emptyMonth(lastMonth)),
    });
    renderTab();
    expect((await screen.findByTestId('ai-oversight-period')).textContent).toBe(
      `Ratkaisu · ${monthLabel(thisMonth, 'en')}`,
    );
    expect(api.callsTo('GET /api/superadmin/ai-oversight')).toHaveLength(1);

    const uses = await figure('AI uses');
    expect(uses.getByTestId('figure-value').textContent).toBe('9');
    expect(uses.getByText('claim drafts 3 · decisions 4 · chapters written again 2')).toBeTruthy();
    expect(uses.getByText(/The public generator \(no tenant\) is not counted/)).toBeTruthy();

    const references = await figure('References flagged per 100 checked');
    expect(references.getByTestId('figure-value').textContent).toBe('7.5');
    expect(references.getByText('6 flagged of 80 checked')).toBeTruthy();

    // Chapters written again: also as a rate per 100 of the chapters the AI wrote (2 of 28 = 7.1).
    const chapters = await figure('Chapters written again');
    expect(chapters.getByTestId('figure-value').textContent).toBe('2');
    expect(chapters.getByText('7.1 per 100 of the 28 chapters the AI wrote this month')).toBeTruthy();

    const changed = await figure('Share of AI text the tribunals changed');
    expect(changed.getByTestId('figure-value').textContent).toBe('31 %');
    expect(changed.getByText('average over the awards adopted this month (2)')).toBeTruthy();

    const outcomes = await figure('AI decisions accepted by both parties');
    expect(outcomes.getByTestId('figure-value').textContent).toBe('1');
    expect(outcomes.getByText('AI decisions made 3 · requests for a tribunal 2')).toBeTruthy();

    const report = screen.getByTestId('ai-problem-report');
    expect(report.textContent).toContain('A reference does not say what the text claims');
    expect(report.textContent).toContain('Luku 3, s. 2');
    expect(report.textContent).toContain('RAT-2026-000042');
    expect(report.textContent).toContain('vastaaja@example.fi');
    // The report's case goes into the export with one click, by the number people see.
    fireEvent.click(within(report).getByRole('button', { name: 'Use for the export below' }));
    expect((screen.getByRole('textbox', { name: /Case number/ }) as HTMLInputElement).value).toBe('RAT-2026-000042');
    expect(screen.queryByTestId('ai-oversight-empty')).toBeNull();
    expect(screen.getByRole('heading', { name: /Retention of the AI-use log: 12 months/ })).toBeTruthy();
  });

  it('says so for a month without AI use, and choosing the month loads it at once', async () => {
    const api = mockApi({
      'GET /api/superadmin/ai-oversight': (_body, url) =>
        jsonResponse(url.searchParams.get('month') === thisMonth ? busyMonth : emptyMonth(lastMonth)),
    });
    renderTab();
    await figure('AI uses');
    fireEvent.change(screen.getByRole('combobox', { name: 'Month' }), { target: { value: lastMonth } });
    await screen.findByTestId('ai-oversight-empty');
    expect(screen.getByTestId('ai-oversight-period').textContent).toBe(`Ratkaisu · ${monthLabel(lastMonth, 'en')}`);
    const asked = api.calls.filter((call) => call.path === '/api/superadmin/ai-oversight');
    expect(asked).toHaveLength(2);
    expect((await figure('References flagged per 100 checked')).getByTestId('figure-value').textContent).toBe('—');
    expect((await figure('Chapters written again')).getByText('The AI wrote no chapters this month.')).toBeTruthy();
    expect(screen.getByText('No problem was reported this month.')).toBeTruthy();
  });

  it('shows the server’s error and no figures under the tenant’s name when they cannot be computed', async () => {
    mockApi({
      'GET /api/superadmin/ai-oversight': (_body, url) =>
        url.searchParams.get('tenantId') === 't-acme'
          ? jsonResponse({ code: 'not_found', message: 'Tenant not found.' }, 404)
          : jsonResponse(busyMonth),
    });
    renderTab();
    await figure('AI uses');
    fireEvent.change(screen.getByRole('combobox', { name: 'Tenant' }), { target: { value: 't-acme' } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Tenant not found.'));
    expect(screen.queryByTestId('ai-oversight-period')).toBeNull();
    expect(screen.queryByRole('group', { name: 'AI uses' })).toBeNull();
  });

  it('names the months in the UI’s language', () => {
    expect(monthLabel('2026-11', 'en')).toBe('November 2026');
    expect(monthLabel('2026-11', 'fi')).toBe('marraskuu 2026');
    expect(recentMonths(new Date(Date.UTC(2026, 0, 15)), 3)).toEqual(['2026-01', '2025-12', '2025-11']);
  });
});
