import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type {
  AdminUserView,
  AuditChainReport,
  AuditLogEntryView,
  AuditLogPage,
  DashboardStats,
  DisputeAnalytics,
  TenantView,
} from '@ratkaisu/core';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store';
import { jsonResponse, mockApi, type MockHandler } from '../../../test/mock-api';
import { renderApp, resetStores } from '../../../test/render-app';

const ROOT_ID = 'u-root';

function tenant(overrides: Partial<TenantView> & Pick<TenantView, 'id' | 'name' | 'domain'>): TenantView {
  return {
    azureTenantId: `${overrides.id}-directory`,
    isActive: true,
    createdAt: '2025-02-01T10:00:00Z',
    isDefault: false,
    ...overrides,
  };
}

function user(overrides: Partial<AdminUserView> & Pick<AdminUserView, 'id' | 'userName'>): AdminUserView {
  return {
    email: `${overrides.userName}@example.fi`,
    tenantId: 't-default',
    tenantName: 'Ratkaisu',
    tenantDomain: 'ratkaisu.fi',
    roles: ['User'],
    isActive: true,
    lastActivity: null,
    emailConfirmed: true,
    accountKind: 'local',
    ...overrides,
  };
}

const tenants: TenantView[] = [
  tenant({ id: 't-default', name: 'Ratkaisu', domain: 'ratkaisu.fi', isDefault: true }),
  tenant({ id: 't-acme', name: 'Acme Oy', domain: 'acme.fi', description: 'Builders', isActive: false }),
];

const users: AdminUserView[] = [
  user({ id: ROOT_ID, userName: 'root', roles: ['SuperAdmin'], lastActivity: new Date().toISOString() }),
  user({
    id: 'u-admin',
    userName: 'anna',
    fullName: 'Anna Arvonen',
    roles: ['Admin'],
    tenantId: 't-acme',
    tenantName: 'Acme Oy',
  }),
  user({ id: 'u-user', userName: 'ville', roles: ['User', 'Admin'], isActive: false }),
  user({ id: 'u-none', userName: 'nobody', roles: [] }),
];

function entry(index: number, overrides: Partial<AuditLogEntryView> = {}): AuditLogEntryView {
  return {
    id: `a-${index}`,
    timestamp: new Date(Date.now() - index * 60_000).toISOString(),
    action: 'UpdateUser',
    userId: ROOT_ID,
    userEmail: 'root@example.fi',
    entityType: 'User',
    entityId: `u-${index}`,
    success: true,
    ipAddress: '10.0.0.1',
    details: `change ${index}`,
    ...overrides,
  };
}

const stats: DashboardStats = {
  activeTenants: 2,
  totalUsers: 4,
  totalDisputes: 12,
  activeDisputes: 5,
  disputesByStatus: [
    { status: 'Pending', count: 2 },
    { status: 'InProgress', count: 3 },
    { status: 'Resolved', count: 6 },
    { status: 'Closed', count: 1 },
  ],
  finalOutcomes: { accepted: 4, award: 1 },
  activeUsers: 3,
  recentLogins: 9,
  recentActivities: Array.from({ length: 10 }, (_, index) => entry(index, { action: `Action${index}` })),
  tenantStats: [
    {
      tenantId: 't-default',
      tenantName: 'Ratkaisu',
      domain: 'ratkaisu.fi',
      userCount: 3,
      disputeCount: 12,
      lastActivity: null,
    },
  ],
  system: { version: '1.4.2', environment: 'test' },
  generatedAt: new Date().toISOString(),
};

const analytics: DisputeAnalytics = {
  total: 12,
  byStatus: [
    { status: 'Pending', count: 2 },
    { status: 'InProgress', count: 3 },
    { status: 'Resolved', count: 6 },
    { status: 'Closed', count: 1 },
  ],
  byMonth: [
    { month: '2026-02', count: 4 },
    { month: '2026-03', count: 8 },
  ],
  generatedAt: new Date().toISOString(),
};

const chainReport: AuditChainReport = {
  valid: true,
  checkedAt: new Date().toISOString(),
  chains: [
    { chain: 't-default', entries: 40, headHash: 'abc', valid: true },
    { chain: 'system', entries: 2, headHash: 'def', valid: true },
  ],
  unchainedEntries: 0,
};

function auditPage(totalCount: number, count = Math.min(totalCount, 10)): AuditLogPage {
  return { items: Array.from({ length: count }, (_, index) => entry(index)), totalCount, page: 1, pageSize: 10 };
}

/** The admin API as a SuperAdmin sees it; tests override single routes. */
function adminRoutes(overrides: Record<string, MockHandler> = {}): Record<string, MockHandler> {
  return {
    'GET /api/admin/check-admin': () => jsonResponse({ isAdmin: true }),
    'GET /api/superadmin/dashboard': () => jsonResponse(stats),
    'GET /api/superadmin/analytics/disputes': () => jsonResponse(analytics),
    'GET /api/superadmin/analytics/model-usage': () =>
      jsonResponse([
        {
          tenantId: 't1',
          tenantName: 'Ratkaisu',
          month: '2026-11',
          jobs: 3,
          promptTokens: 1_234_567,
          cachedTokens: 1_000_000,
          completionTokens: 45_000,
          estimatedCostEur: 1.23,
        },
      ]),
    'GET /api/superadmin/model-capacity': () =>
      jsonResponse({
        typicalCaseTokens: 851_000,
        typicalCaseWindows: 4.3,
        warning: 'A typical case decision would take 4.3 windows',
        deployments: [
          {
            name: 'default',
            kind: 'azure-openai',
            priority: 0,
            windowSeconds: 60,
            tokensPerWindow: 100_000,
            requestsPerWindow: 600,
            tokensInForce: 80_000,
            requestsInForce: 480,
            usedTokens: 72_000,
            usedRequests: 3,
            runningJobs: 1,
            waitingJobs: 2,
            lineSeconds: 240,
          },
          {
            name: 'sweden',
            kind: 'azure-openai',
            priority: 1,
            windowSeconds: 60,
            tokensPerWindow: 100_000,
            requestsPerWindow: 600,
            tokensInForce: 100_000,
            requestsInForce: 600,
            usedTokens: 0,
            usedRequests: 0,
            runningJobs: 0,
            waitingJobs: 0,
            lineSeconds: 0,
          },
        ],
      }),
    'GET /api/superadmin/security-logs/verify': () => jsonResponse(chainReport),
    'GET /api/superadmin/tenants': () => jsonResponse(tenants),
    'GET /api/superadmin/users': () => jsonResponse(users),
    'GET /api/superadmin/security-logs': () => jsonResponse(auditPage(3)),
    ...overrides,
  };
}

/** The full URLs (with query strings) fetched under `path`. */
function fetchedUrls(path: string): URL[] {
  return vi
    .mocked(globalThis.fetch)
    .mock.calls.map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path);
}

/** A tab's count badge (the tab renders its content twice, once hidden to reserve space for bold text). */
function count(testId: string): string | null | undefined {
  return screen.queryAllByTestId(testId)[0]?.textContent;
}

async function openTab(name: RegExp) {
  fireEvent.click(await screen.findByRole('tab', { name }));
}

// Fluent's dialogs and tables are slow to render in jsdom.
vi.setConfig({ testTimeout: 30_000 });

beforeAll(() => import('./AdminPage'));
beforeEach(() => {
  resetStores();
  useAuthStore.getState().signIn('tok', { id: ROOT_ID, userName: 'root', agreedTermsOfService: 1, sessionId: 's1' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.sessionStorage.clear();
});

describe('admin panel', () => {
  it('shows the nine tabs with tenant and user counts', async () => {
    mockApi(adminRoutes());
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Panel' })).toBeTruthy();
    expect(screen.getByText('Super Administrator Dashboard · Restricted access')).toBeTruthy();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs).toHaveLength(9);
    for (const [index, name] of [
      'Overview',
      'Tenants',
      'Users',
      'Appointments',
      'Audit Logs',
      'AI oversight',
      'Retention',
      'Payments',
      'Failed mails',
    ].entries()) {
      expect(tabs[index]?.textContent).toMatch(new RegExp(`^(${name}\\d*)+$`));
    }
    await waitFor(() => expect(count('tenant-count')).toBe('2'));
    await waitFor(() => expect(count('user-count')).toBe('4'));
  });

  it('lists the mails given up and sends one again', async () => {
    const failed = {
      id: 'm-1',
      to: 'respondent@example.fi',
      subject: 'Ratkaisu case: the award has been issued',
      purpose: 'tribunalDelivered',
      disputeId: 'd-1',
      createdAt: '2026-11-28T10:00:00Z',
      attempts: 6,
      failedAt: '2026-11-28T10:31:00Z',
      lastError: '451 4.3.0 Mail server temporarily unavailable',
    };
    let listed = [failed];
    const api = mockApi(
      adminRoutes({
        'GET /api/superadmin/mails/failed': () => jsonResponse({ items: listed }),
        'POST /api/superadmin/mails/m-1/resend': () => {
          listed = [];
          return jsonResponse({ status: 'Sent' });
        },
      }),
    );
    renderApp('/admin?tab=mails');
    const panel = await screen.findByTestId('failed-mails');
    expect(within(panel).getByRole('heading', { name: failed.subject })).toBeTruthy();
    expect(within(panel).getByText('To respondent@example.fi')).toBeTruthy();
    expect(within(panel).getByText(`Last error: ${failed.lastError}`)).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Open the case' }).getAttribute('href')).toBe(
      '/case-attachment/d-1',
    );
    fireEvent.click(within(panel).getByRole('button', { name: 'Send again' }));
    expect(await within(panel).findByText('The mail was sent.')).toBeTruthy();
    expect(await within(panel).findByText('No mail has failed.')).toBeTruthy();
    expect(api.callsTo('POST /api/superadmin/mails/m-1/resend')).toHaveLength(1);
  });

  it('sends a non-administrator home', async () => {
    mockApi(adminRoutes({ 'GET /api/admin/check-admin': () => jsonResponse({ isAdmin: false }) }));
    const { router } = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('overview', () => {
  it('shows the cards from one count per status, security, tenants, 5 of 10 activities and analytics', async () => {
    const api = mockApi(adminRoutes());
    renderApp('/admin');
    const value = async (label: string) =>
      within(await screen.findByRole('group', { name: label })).getByTestId('card-value').textContent;
    expect(await value('Active Tenants')).toBe('2');
    expect(await value('Total Users')).toBe('4');
    expect(await value('Total Disputes')).toBe('12');
    expect(await value('Active Disputes')).toBe('5');
    expect(screen.getByTestId('active-disputes').textContent).toContain('Pending 2 · In Progress 3');
    expect(await value('Active Users')).toBe('3');
    // Resolved and closed cases, each named, as the breakdown below counts them.
    expect(await value('Resolved or Closed Disputes')).toBe('7');
    expect(screen.getByTestId('closed-disputes').textContent).toContain('Resolved 6 · Closed 1');
    // Final outcomes, by how each case ended.
    expect(await value('Final Outcomes')).toBe('5');
    expect(screen.getByTestId('final-disputes').textContent).toContain('Accepted by both parties 4 · Award issued 1');
    expect(await value('Recent Logins (7d)')).toBe('9');
    // All ten loaded entries are from the last minutes, so there may be more.
    expect(await value('Recent Actions')).toBe('10+');

    const timeline = screen.getAllByTestId('timeline-entry');
    expect(timeline).toHaveLength(5);
    expect(timeline[0]?.textContent).toContain('Action0');
    expect(timeline[0]?.textContent).toContain('Just now');
    expect(timeline[4]?.textContent).toContain('4 minutes ago');

    const [row] = screen.getAllByTestId('tenant-stats-row');
    expect(row?.textContent).toBe('Ratkaisuratkaisu.fi312Never');
    expect(screen.getByTestId('system-version').textContent).toBe('1.4.2');
    expect(screen.getByTestId('system-environment').textContent).toBe('test');
    await waitFor(() =>
      expect(screen.getByTestId('audit-chain-status').textContent).toContain('Verified: chains 2, entries 42'),
    );
    expect(screen.getByTestId('system-security-level').textContent).toBe('High: audit chain intact');
    expect(api.callsTo('GET /api/superadmin/security-logs/verify')).toHaveLength(1);

    const bars = within(screen.getByTestId('disputes-by-status')).getAllByTestId('bar');
    // The catalogue's status texts, never the raw values.
    expect(bars.map((bar) => bar.textContent)).toEqual(['Pending2', 'In Progress3', 'Resolved6', 'Closed1']);
    expect(screen.getByTestId('disputes-by-month').textContent).toContain('2026-03');
    // What the language model cost, per tenant and month.
    const [usage] = await screen.findAllByTestId('model-usage-row');
    expect(usage?.textContent).toBe('Ratkaisu2026-1131,234,5671,000,00045,000€1.23');
    // Each model deployment's use now, and the warning that a typical case would wait long.
    const capacity = await screen.findAllByTestId('model-capacity-row');
    expect(capacity.map((entry) => entry.textContent)).toEqual([
      'default (azure-openai, 0)100,000 / 60080,000 / 48072,000 / 3124 minutes',
      'sweden (azure-openai, 1)100,000 / 600100,000 / 6000 / 000—',
    ]);
    expect(screen.getByTestId('model-capacity').textContent).toContain(
      'Capacity is short: a typical case would wait more than three windows.',
    );
    expect(screen.getByTestId('model-capacity').textContent).toContain(
      'A typical case decision (about 851,000 tokens) would take about 4.3 windows from now.',
    );
  });

  it('reports a broken audit chain', async () => {
    mockApi(
      adminRoutes({
        'GET /api/superadmin/security-logs/verify': () =>
          jsonResponse({
            ...chainReport,
            valid: false,
            firstBreak: { chain: 't-default', entryId: 'a-17', seq: 17, reason: 'hash mismatch' },
          }),
      }),
    );
    renderApp('/admin');
    await waitFor(() =>
      expect(screen.getByTestId('audit-chain-status').textContent).toContain(
        'Broken in chain t-default at entry a-17: hash mismatch',
      ),
    );
    expect(screen.getByTestId('system-security-level').textContent).toBe('At risk: audit chain broken');
  });

  it('does not verify the chain for a tenant Admin', async () => {
    useAuthStore.getState().signIn('tok', { id: 'u-admin', userName: 'anna', agreedTermsOfService: 1 });
    const api = mockApi(adminRoutes());
    renderApp('/admin');
    await waitFor(() =>
      expect(screen.getByTestId('audit-chain-status').textContent).toContain('Only a SuperAdmin can verify the chain'),
    );
    expect(api.callsTo('GET /api/superadmin/security-logs/verify')).toHaveLength(0);
  });

  it('shows the server message in a dismissible banner, or "An error occurred"', async () => {
    mockApi(
      adminRoutes({
        'GET /api/superadmin/dashboard': () => jsonResponse({ code: 'forbidden', message: 'Not for you.' }, 403),
      }),
    );
    renderApp('/admin');
    const banner = await screen.findByTestId('admin-error');
    expect(banner.textContent).toContain('Not for you.');
    fireEvent.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByTestId('admin-error')).toBeNull());
  });

  it('falls back to "An error occurred" without a server message', async () => {
    mockApi(adminRoutes({ 'GET /api/superadmin/dashboard': () => new Response('gateway down', { status: 502 }) }));
    renderApp('/admin');
    expect((await screen.findByTestId('admin-error')).textContent).toBe('An error occurred×');
  });
});

describe('tenants', () => {
  it('lists tenants and creates one, requiring name, domain and directory id after trimming', async () => {
    const api = mockApi(
      adminRoutes({
        'POST /api/superadmin/tenants': (body) =>
          jsonResponse(tenant({ id: 't-new', name: 'New', domain: 'new.fi', ...(body as object) }), 201),
      }),
    );
    renderApp('/admin');
    await openTab(/Tenants/);
    const rows = await screen.findAllByTestId('tenant-row');
    expect(rows).toHaveLength(2);
    expect(rows[1]?.textContent).toContain('Acme Oy');
    expect(rows[1]?.textContent).toContain('Builders');
    expect(rows[1]?.textContent).toContain('acme.fi');
    expect(rows[1]?.textContent).toContain('t-acme-directory');
    expect(rows[1]?.textContent).toContain('Inactive');
    expect(rows[1]?.textContent).toContain('1.2.2025');
    // The default tenant cannot be deleted, so it offers no Delete.
    expect(within(rows[0]!).queryByRole('button', { name: /Delete/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Add Tenant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Tenant' });
    expect(within(dialog).queryByRole('switch', { hidden: true })).toBeNull();
    fireEvent.change(within(dialog).getByRole('textbox', { hidden: true, name: /^Name/ }), {
      target: { value: '   ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'Save' }));
    // The catalogue's text for a required field, beside each of the three (name, domain, directory id).
    expect(await within(dialog).findAllByText('This field is required.')).toHaveLength(3);
    expect(api.callsTo('POST /api/superadmin/tenants')).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { hidden: true, name: /^Name/ }), {
      target: { value: '  Beta Oy ' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { hidden: true, name: /^Domain/ }), {
      target: { value: ' beta.fi ' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { hidden: true, name: /^Cloud tenant ID/ }), {
      target: { value: ' dir-1 ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /api/superadmin/tenants')).toHaveLength(1));
    expect(api.callsTo('POST /api/superadmin/tenants')[0]?.body).toEqual({
      name: 'Beta Oy',
      domain: 'beta.fi',
      azureTenantId: 'dir-1',
      description: '',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(api.callsTo('GET /api/superadmin/tenants')).toHaveLength(2));
  });

  it('edits a tenant with the Active switch and shows a uniqueness refusal in the modal', async () => {
    let attempts = 0;
    const api = mockApi(
      adminRoutes({
        'PUT /api/superadmin/tenants/t-acme': (body) =>
          ++attempts === 1
            ? jsonResponse(
                {
                  code: 'conflict',
                  message: 'A tenant with the domain ratkaisu.fi already exists.',
                  fields: { domain: 'A tenant with the domain ratkaisu.fi already exists.' },
                },
                409,
              )
            : jsonResponse({ ...tenants[1], ...(body as object) }),
      }),
    );
    renderApp('/admin');
    await openTab(/Tenants/);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Acme Oy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Tenant' });
    expect((within(dialog).getByRole('textbox', { hidden: true, name: /^Domain/ }) as HTMLInputElement).value).toBe(
      'acme.fi',
    );
    const active = within(dialog).getByRole('switch', { hidden: true, name: 'Active' }) as HTMLInputElement;
    expect(active.checked).toBe(false);
    fireEvent.click(active);
    fireEvent.change(within(dialog).getByRole('textbox', { hidden: true, name: /^Domain/ }), {
      target: { value: 'ratkaisu.fi' },
    });
    fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'Save' }));
    // Once in the banner and once under the field.
    expect(await within(dialog).findAllByText('A tenant with the domain ratkaisu.fi already exists.')).toHaveLength(2);

    fireEvent.change(within(dialog).getByRole('textbox', { hidden: true, name: /^Domain/ }), {
      target: { value: 'acme2.fi' },
    });
    fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('PUT /api/superadmin/tenants/t-acme')[1]?.body).toEqual({
      name: 'Acme Oy',
      domain: 'acme2.fi',
      azureTenantId: 't-acme-directory',
      description: 'Builders',
      isActive: true,
    });
  });

  it('deletes after confirmation and shows why the server refused', async () => {
    const api = mockApi(
      adminRoutes({
        'DELETE /api/superadmin/tenants/t-acme': () =>
          jsonResponse(
            {
              code: 'conflict',
              message: 'This tenant still has 1 user. Move or delete them before deleting the tenant.',
            },
            409,
          ),
      }),
    );
    renderApp('/admin');
    await openTab(/Tenants/);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Acme Oy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Deletion' });
    expect(dialog.textContent).toContain('Delete the tenant Acme Oy? This action cannot be undone.');
    fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'Delete' }));
    expect((await screen.findByTestId('admin-error')).textContent).toContain('This tenant still has 1 user.');
    expect(api.callsTo('DELETE /api/superadmin/tenants/t-acme')).toHaveLength(1);
  });

  it('is read-only for a tenant Admin', async () => {
    useAuthStore.getState().signIn('tok', { id: 'u-admin', userName: 'anna', agreedTermsOfService: 1 });
    mockApi(adminRoutes());
    renderApp('/admin');
    await waitFor(() => expect(count('user-count')).toBe('4'));
    await openTab(/Tenants/);
    expect(await screen.findAllByTestId('tenant-row')).toHaveLength(2);
    expect(screen.getByText('Only a SuperAdmin can change tenants.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Tenant' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });
});

describe('users', () => {
  it('shows role badges in SPEC colours, status and last login or Never', async () => {
    mockApi(adminRoutes());
    renderApp('/admin');
    await openTab(/Users/);
    const rows = await screen.findAllByTestId('user-row');
    const badges = rows.map((row) => {
      const badge = within(row).getByTestId('role-badge');
      return [badge.textContent, badge.getAttribute('data-colour')];
    });
    expect(badges).toEqual([
      ['SuperAdmin', 'danger'],
      ['Admin', 'warning'],
      ['User', 'brand'],
      ['No role', 'informative'],
    ]);
    expect(rows[0]?.textContent).toContain('Just now');
    expect(rows[1]?.textContent).toContain('Never');
    expect(rows[2]?.textContent).toContain('Inactive');
    expect(rows[1]?.textContent).toContain('Acme Oy');
    // Nobody deletes themselves from here.
    expect(within(rows[0]!).queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('filters, with both empty texts', async () => {
    mockApi(adminRoutes());
    renderApp('/admin');
    await openTab(/Users/);
    await screen.findAllByTestId('user-row');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter users' }), { target: { value: 'ACME' } });
    expect(screen.getAllByTestId('user-row')).toHaveLength(1);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter users' }), { target: { value: 'zzz' } });
    expect(screen.getByTestId('users-empty').textContent).toBe('No users match your filters');
    cleanup();

    mockApi(adminRoutes({ 'GET /api/superadmin/users': () => jsonResponse([]) }));
    renderApp('/admin');
    await openTab(/Users/);
    expect((await screen.findByTestId('users-empty')).textContent).toBe('No users found');
  });

  it('adds a user with tenant by domain and role, and an Admin is not offered SuperAdmin', async () => {
    const api = mockApi(
      adminRoutes({
        'POST /api/superadmin/users': () => jsonResponse(user({ id: 'u-new', userName: 'maija' }), 201),
      }),
    );
    renderApp('/admin');
    await waitFor(() => expect(count('user-count')).toBe('4'));
    await openTab(/Users/);
    fireEvent.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    const roleSelect = within(dialog).getByRole('combobox', { hidden: true, name: /^Role/ }) as HTMLSelectElement;
    expect([...roleSelect.options].map((option) => option.value)).toEqual(['User', 'Admin', 'SuperAdmin']);
    const tenantSelect = within(dialog).getByRole('combobox', { hidden: true, name: /^Tenant/ }) as HTMLSelectElement;
    expect([...tenantSelect.options].map((option) => option.textContent)).toEqual([
      'Choose a tenant',
      'ratkaisu.fi',
      'acme.fi',
    ]);
    expect(
      within(dialog)
        .getByRole('textbox', { hidden: true, name: /^Email/ })
        .getAttribute('type'),
    ).toBe('email');

    fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'Save' }));
    // The catalogue's text for a required field, beside each of the three (user name, email, tenant).
    expect(await within(dialog).findAllByText('This field is required.')).toHaveLength(3);

    fireEvent.change(within(dialog).getByRole('textbox', { hidden: true, name: /^User name/ }), {
      target: { value: ' maija ' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { hidden: true, name: /^Email/ }), {
      target: { value: 'maija@acme.fi' },
    });
    fireEvent.change(tenantSelect, { target: { value: 't-acme' } });
    fireEvent.change(roleSelect, { target: { value: 'Admin' } });
    fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /api/superadmin/users')).toHaveLength(1));
    expect(api.callsTo('POST /api/superadmin/users')[0]?.body).toEqual({
      userName: 'maija',
      email: 'maija@acme.fi',
      tenantId: 't-acme',
      roles: ['Admin'],
    });
    await waitFor(() => expect(api.callsTo('GET /api/superadmin/users')).toHaveLength(2));
    cleanup();

    useAuthStore.getState().signIn('tok', { id: 'u-admin', userName: 'anna', agreedTermsOfService: 1 });
    mockApi(adminRoutes());
    renderApp('/admin');
    await waitFor(() => expect(count('user-count')).toBe('4'));
    await openTab(/Users/);
    // A SuperAdmin's row is not the tenant Admin's to change.
    const [rootRow] = await screen.findAllByTestId('user-row');
    expect(within(rootRow!).queryByRole('button', { name: /Edit/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    const adminDialog = await screen.findByRole('dialog', { name: 'Add User' });
    const adminRoles = within(adminDialog).getByRole('combobox', { hidden: true, name: /^Role/ }) as HTMLSelectElement;
    expect([...adminRoles.options].map((option) => option.value)).toEqual(['User', 'Admin']);
  });

  it('edits role and active state', async () => {
    const api = mockApi(
      adminRoutes({
        'PUT /api/superadmin/users/u-admin': (body) => jsonResponse({ ...users[1], ...(body as object) }),
      }),
    );
    renderApp('/admin');
    await openTab(/Users/);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit anna' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    fireEvent.change(within(dialog).getByRole('combobox', { hidden: true, name: /^Role/ }), {
      target: { value: 'SuperAdmin' },
    });
    fireEvent.click(within(dialog).getByRole('switch', { hidden: true, name: 'Active' }));
    fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /api/superadmin/users/u-admin')).toHaveLength(1));
    expect(api.callsTo('PUT /api/superadmin/users/u-admin')[0]?.body).toEqual({
      userName: 'anna',
      email: 'anna@example.fi',
      tenantId: 't-acme',
      roles: ['SuperAdmin'],
      isActive: false,
    });
  });

  it('fixes missing roles and says how many', async () => {
    const api = mockApi(
      adminRoutes({ 'POST /api/superadmin/users/fix-missing-roles': () => jsonResponse({ fixed: 2 }) }),
    );
    renderApp('/admin');
    await openTab(/Users/);
    fireEvent.click(await screen.findByRole('button', { name: 'Fix missing roles' }));
    expect((await screen.findByTestId('admin-success')).textContent).toContain(
      'Gave the role User to 2 users without a role.',
    );
    expect(api.callsTo('POST /api/superadmin/users/fix-missing-roles')).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('GET /api/superadmin/users')).toHaveLength(2));
  });

  it('deletes a user after confirmation', async () => {
    const api = mockApi(
      adminRoutes({ 'DELETE /api/superadmin/users/u-user': () => new Response(null, { status: 204 }) }),
    );
    renderApp('/admin');
    await openTab(/Users/);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete ville' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Deletion' });
    fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/superadmin/users/u-user')).toHaveLength(1));
    expect((await screen.findByTestId('admin-success')).textContent).toContain('User ville deleted.');
  });
});

describe('audit logs', () => {
  it('sends filters in the query string, resets to page 1 on a change and on Clear', async () => {
    mockApi(adminRoutes({ 'GET /api/superadmin/security-logs': () => jsonResponse(auditPage(35)) }));
    renderApp('/admin');
    await waitFor(() => expect(count('user-count')).toBe('4'));
    await openTab(/Audit Logs/);
    expect(await screen.findAllByTestId('audit-row')).toHaveLength(10);
    const last = () => fetchedUrls('/api/superadmin/security-logs').at(-1)!.searchParams.toString();
    expect(last()).toBe('page=1&pageSize=10');

    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(last()).toBe('page=3&pageSize=10'));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page'),
    );

    fireEvent.change(screen.getByRole('combobox', { name: 'Action' }), { target: { value: 'CreateTenant' } });
    await waitFor(() => expect(last()).toBe('action=CreateTenant&page=1&pageSize=10'));
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(last()).toBe('action=CreateTenant&page=2&pageSize=10'));

    fireEvent.change(screen.getByRole('combobox', { name: 'User' }), { target: { value: 'u-admin' } });
    // The date fields take the UI language's format (English: dd/MM/yyyy), typed and committed on leaving.
    const from = screen.getByLabelText('From');
    expect(from.getAttribute('placeholder')).toBe('dd/mm/yyyy');
    fireEvent.change(from, { target: { value: '01/03/2026' } });
    fireEvent.blur(from);
    const to = screen.getByLabelText('To');
    fireEvent.change(to, { target: { value: '31/03/2026' } });
    fireEvent.blur(to);
    await waitFor(() =>
      expect(last()).toBe(
        'action=CreateTenant&userId=u-admin&startDate=2026-03-01&endDate=2026-03-31&page=1&pageSize=10',
      ),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(last()).toContain('page=2'));
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(last()).toBe('page=1&pageSize=10'));
  });

  it('shows at most five page numbers with previous and next', async () => {
    mockApi(adminRoutes({ 'GET /api/superadmin/security-logs': () => jsonResponse(auditPage(120)) }));
    renderApp('/admin');
    await openTab(/Audit Logs/);
    const pager = await screen.findByRole('navigation', { name: 'Audit log pages' });
    const numbers = () =>
      within(pager)
        .getAllByRole('button', { name: /^Page/ })
        .map((button) => button.textContent);
    expect(numbers()).toEqual(['1', '2', '3', '4', '5']);
    expect((within(pager).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(pager).getByRole('button', { name: 'Page 5' }));
    await waitFor(() => expect(numbers()).toEqual(['3', '4', '5', '6', '7']));
    expect(pager.textContent).toContain('41–50 of 120');
  });

  it('says "No audit logs found" without filters and "No audit logs match your filters" with them', async () => {
    mockApi(adminRoutes({ 'GET /api/superadmin/security-logs': () => jsonResponse(auditPage(0)) }));
    renderApp('/admin');
    await openTab(/Audit Logs/);
    expect((await screen.findByTestId('audit-empty')).textContent).toBe('No audit logs found');
    fireEvent.change(screen.getByRole('combobox', { name: 'Action' }), { target: { value: 'DeleteUser' } });
    await waitFor(() => expect(screen.getByTestId('audit-empty').textContent).toBe('No audit logs match your filters'));
  });

  it('shows entry texts as text, never as markup', async () => {
    mockApi(
      adminRoutes({
        'GET /api/superadmin/security-logs': () =>
          jsonResponse({
            items: [entry(0, { details: '<img src=x onerror="alert(1)">', errorMessage: '<b>bold</b>' })],
            totalCount: 1,
            page: 1,
            pageSize: 10,
          }),
      }),
    );
    renderApp('/admin');
    await openTab(/Audit Logs/);
    const [row] = await screen.findAllByTestId('audit-row');
    expect(row?.textContent).toContain('<img src=x onerror="alert(1)">');
    expect(row?.querySelector('img')).toBeNull();
    expect(row?.querySelector('b')).toBeNull();
  });

  it('exports the filtered entries as CSV', async () => {
    const createObjectURL = vi.fn(() => 'blob:audit');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    mockApi(
      adminRoutes({
        'GET /api/superadmin/security-logs/export': () =>
          new Response('timestamp,action\n2026-03-02,CreateTenant\n', { headers: { 'Content-Type': 'text/csv' } }),
      }),
    );
    renderApp('/admin');
    await openTab(/Audit Logs/);
    await screen.findAllByTestId('audit-row');
    fireEvent.change(screen.getByRole('combobox', { name: 'Action' }), { target: { value: 'CreateTenant' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(fetchedUrls('/api/superadmin/security-logs/export')[0]?.search).toBe('?action=CreateTenant');
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    expect(await blob.text()).toContain('CreateTenant');
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  });
});

describe('tribunal', () => {
  it('grants the arbitrator attribute with name and title, which both are required', async () => {
    const api = mockApi(
      adminRoutes({
        'PUT /api/superadmin/users/u-admin': (body) => jsonResponse({ ...users[1], ...(body as object) }),
        'PUT /api/superadmin/users/u-admin/arbitrator': (body) =>
          jsonResponse({ data: { ...users[1], arbitrator: (body as { arbitrator: unknown }).arbitrator } }),
      }),
    );
    renderApp('/admin');
    await openTab(/Users/);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit anna' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    fireEvent.click(within(dialog).getByRole('switch', { hidden: true, name: 'Arbitrator' }));
    // The name under the signature starts from the account's full name.
    const signatureName = within(dialog).getByRole('textbox', { hidden: true, name: /^Name under the signature/ });
    expect((signatureName as HTMLInputElement).value).toBe('Anna Arvonen');
    fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'Save' }));
    expect(await within(dialog).findByText(/title is required/)).toBeTruthy();
    expect(api.callsTo('PUT /api/superadmin/users/u-admin')).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole('textbox', { hidden: true, name: /^Title/ }), {
      target: { value: 'OTT, asianajaja' },
    });
    fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /api/superadmin/users/u-admin/arbitrator')).toHaveLength(1));
    expect(api.callsTo('PUT /api/superadmin/users/u-admin/arbitrator')[0]?.body).toEqual({
      arbitrator: { name: 'Anna Arvonen', title: 'OTT, asianajaja' },
    });
  });

  it('appoints a chair and two members for a case waiting for its tribunal', async () => {
    const at = '2026-11-20T10:00:00Z';
    const arbitrators = ['a1', 'a2', 'a3'].map((userId, index) => ({
      userId,
      name: `Arbitrator ${index + 1}`,
      title: 'OTT',
      email: `${userId}@example.fi`,
      tenantId: 't-default',
    }));
    let requests = [
      {
        dispute: {
          id: 'd1',
          name: 'Roof repair',
          dateCreated: at,
          createdBy: { id: 'u1', email: 'alice@example.fi' },
          status: 'InProgress',
          activePhaseType: 'Resolution',
          side: 'claimant',
        },
        caseNumber: 'RAT-2026-000001',
        tribunal: { status: 'Requested', size: 3, requestedAt: at, requestedBySide: 'respondent', members: [] },
        claimantName: 'Alice Oy',
        respondentName: 'Bob Oy',
      },
    ];
    const api = mockApi(
      adminRoutes({
        'GET /api/admin/tribunal/requests': () => jsonResponse({ data: requests }),
        'GET /api/admin/arbitrators': () => jsonResponse({ data: arbitrators }),
        'POST /api/admin/tribunal/d1/appoint': () => {
          requests = [];
          return jsonResponse({ data: {} });
        },
      }),
    );
    renderApp('/admin');
    await openTab(/Appointments/);
    const card = await screen.findByTestId('appointment-d1');
    expect(card.textContent).toContain('RAT-2026-000001 Roof repair');
    expect(card.textContent).toContain('Alice Oy v. Bob Oy');
    const confirm = within(card).getByRole('button', { name: 'Confirm appointment' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    for (const [name, id] of [
      ['Chair', 'a2'],
      ['Member 1', 'a1'],
      ['Member 2', 'a3'],
    ] as const) {
      fireEvent.change(within(card).getByRole('combobox', { name: new RegExp(`^${name}`) }), { target: { value: id } });
    }
    fireEvent.click(confirm);
    await waitFor(() => expect(api.callsTo('POST /api/admin/tribunal/d1/appoint')).toHaveLength(1));
    expect(api.callsTo('POST /api/admin/tribunal/d1/appoint')[0]?.body).toEqual({ arbitratorIds: ['a2', 'a1', 'a3'] });
    expect(await screen.findByText('No case is waiting for an appointment.')).toBeTruthy();
  });

  it('sends an appointment once on a double click, then shows it done instead of the form', async () => {
    const at = '2026-11-20T10:00:00Z';
    const arbitrators = [{ userId: 'a1', name: 'Arbitrator 1', title: 'OTT', email: 'a1@example.fi', tenantId: 't' }];
    const row = (tribunal: Record<string, unknown>) => ({
      dispute: {
        id: 'd1',
        name: 'Roof repair',
        dateCreated: at,
        createdBy: { id: 'u1', email: 'alice@example.fi' },
        status: 'InProgress',
        activePhaseType: 'Resolution',
        side: 'claimant',
      },
      caseNumber: 'RAT-2026-000001',
      tribunal: { size: 1, requestedAt: at, requestedBySide: 'claimant', ...tribunal },
      claimantName: 'Alice Oy',
      respondentName: 'Bob Oy',
    });
    let requests = [row({ status: 'Requested', members: [] })];
    const api = mockApi(
      adminRoutes({
        'GET /api/admin/tribunal/requests': () => jsonResponse({ data: requests }),
        'GET /api/admin/arbitrators': () => jsonResponse({ data: arbitrators }),
        'POST /api/admin/tribunal/d1/appoint': () => {
          requests = [
            row({
              status: 'Appointed',
              members: [
                { userId: 'a1', name: 'Arbitrator 1', title: 'OTT', role: 'sole', status: 'Invited', appointedAt: at },
              ],
            }),
          ];
          return jsonResponse({ data: {} });
        },
      }),
    );
    renderApp('/admin');
    await openTab(/Appointments/);
    const card = await screen.findByTestId('appointment-d1');
    fireEvent.change(within(card).getByRole('combobox', { name: /^Sole arbitrator/ }), { target: { value: 'a1' } });
    const confirm = within(card).getByRole('button', { name: 'Confirm appointment' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect((await screen.findByTestId('appointment-done')).textContent).toBe(
      'Appointed: the arbitrators have been asked to accept. The appointment opens again here only if one declines.',
    );
    expect(api.callsTo('POST /api/admin/tribunal/d1/appoint')).toHaveLength(1);
    expect(
      within(screen.getByTestId('appointment-d1')).queryByRole('button', { name: 'Confirm appointment' }),
    ).toBeNull();
  });
});
