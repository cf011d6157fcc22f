import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { useAuthStore } from '../../../stores/auth-store';
import { jsonResponse, mockApi, type MockHandler } from '../../../test/mock-api';
import { resetStores } from '../../../test/render-app';
import { ArbitratorCasesSection } from './ArbitratorCasesSection';

const AT = '2026-11-20T10:00:00Z';

function renderSection(routes: Record<string, MockHandler>) {
  mockApi(routes);
  const router = createMemoryRouter([{ path: '*', element: <ArbitratorCasesSection /> }]);
  return render(
    <FluentProvider theme={webLightTheme}>
      <RouterProvider router={router} />
    </FluentProvider>,
  );
}

beforeEach(() => {
  initI18n();
  resetStores();
  useAuthStore.getState().signIn('tok', { id: 'arb1', userName: 'maija', agreedTermsOfService: 1, sessionId: 's1' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('cases as arbitrator', () => {
  it('lists the cases the caller sits on with the role and the tribunal’s status', async () => {
    renderSection({
      'GET /api/tribunal/cases': () =>
        jsonResponse({
          data: [
            {
              id: 'd1',
              name: 'Roof repair',
              dateCreated: AT,
              createdBy: { id: 'u1', email: 'alice@example.fi' },
              status: 'InProgress',
              activePhaseType: 'Resolution',
              side: 'tribunal',
              caseNumber: 'RAT-2026-000001',
              tribunal: {
                status: 'Appointed',
                size: 1,
                requestedAt: AT,
                requestedBySide: 'claimant',
                members: [
                  { userId: 'arb1', name: 'Maija', title: 'OTT', role: 'sole', status: 'Invited', appointedAt: AT },
                ],
              },
            },
          ],
        }),
    });
    const section = await screen.findByTestId('arbitrator-cases');
    expect(screen.getByRole('heading', { name: 'Cases as arbitrator' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Roof repair' }).getAttribute('href')).toBe('/case-attachment/d1');
    expect(section.textContent).toContain('RAT-2026-000001');
    expect(section.textContent).toContain('Sole arbitrator');
    expect(section.textContent).toContain('Appointed, waiting for acceptance');
  });

  it('is not shown without such cases, once the server has answered', async () => {
    // The answer's body is read before the section decides: the test waits for that read, so it cannot
    // pass while the request is still open.
    let bodyRead!: () => void;
    const answered = new Promise<void>((resolve) => (bodyRead = resolve));
    const view = renderSection({
      'GET /api/tribunal/cases': () => {
        const response = jsonResponse({ data: [] });
        const read = response.text.bind(response);
        response.text = async () => {
          const body = await read();
          bodyRead();
          return body;
        };
        return response;
      },
    });
    await act(() => answered);
    await act(async () => {});
    expect(view.container.querySelector('[data-testid="arbitrator-cases"]')).toBeNull();
  });

  it('says so when the list cannot be fetched', async () => {
    renderSection({
      'GET /api/tribunal/cases': () => jsonResponse({ code: 'server_error', message: 'The store is down.' }, 500),
    });
    expect((await screen.findByTestId('arbitrator-cases')).textContent).toContain('The store is down.');
  });
});
