import type { AttachmentView, PhaseView } from '@ratkaisu/core';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { caseScope } from '../api/query-scopes';
import { useAuthStore } from '../stores/auth-store';
import { queryClient } from './query-client';
import { jsonResponse, mockApi } from '../test/mock-api';
import { caseView } from '../test/case-view';
import { renderApp, resetStores } from '../test/render-app';

const DAY = '2026-03-01T10:00:00Z';
const file = (id: string, fileName: string): AttachmentView => ({ id, fileName, dateCreated: DAY, size: 1000 });

const theDispute = caseView({
  status: 'Pending',
  activePhaseId: 'p1',
  side: 'claimant',
});

function serve() {
  const claim: PhaseView = {
    id: 'p1',
    type: 'Claim',
    dateCreated: DAY,
    attachments: [file('a1', 'Haastehakemus.pdf'), file('a2', 'Sopimus.pdf'), file('a3', 'Lasku.pdf')],
  };
  // The user's claim draft as the server keeps it: none, then the job's, then the job's result.
  let draft: unknown = null;
  return mockApi({
    'GET /api/dispute/d1': () => jsonResponse(theDispute),
    'GET /api/dispute/d1/phases': () => jsonResponse([claim]),
    'GET /api/dispute/d1/workfiles': () => jsonResponse([]),
    'GET /api/dispute/d1/claimdraft': () => jsonResponse({ data: draft }),
    'POST /api/dispute/d1/generateclaim': () => {
      draft = { jobId: 'job-1', jobStatus: 'Queued', markdown: '', updatedAt: DAY, edited: false, version: 'p' };
      return jsonResponse({ data: { jobId: 'job-1' } }, 202);
    },
    'GET /api/dispute/job/job-1/status': () => {
      draft = {
        jobId: 'job-1',
        markdown: '# Haastehakemus\n\nVaatimus 12 400 euroa.',
        generatedAt: DAY,
        updatedAt: DAY,
        edited: false,
        version: 'v1',
      };
      return jsonResponse({ jobId: 'job-1', status: 'Completed' });
    },
    'GET /api/dispute/job/job-1/result': () =>
      new Response('# Haastehakemus\n\nVaatimus 12 400 euroa.', { headers: { 'Content-Type': 'text/markdown' } }),
    'POST /dispute/d1/saveclaimaspdf': () => {
      claim.attachments = [file('a9', 'Claim_2026-03-05.pdf'), ...claim.attachments];
      return jsonResponse({ data: claim.attachments[0], phaseId: 'p1' }, 201);
    },
  });
}

async function openCase() {
  renderApp('/case-attachment/d1');
  await screen.findByRole('heading', { level: 1, name: 'Kattoremontti' });
}

const generatorDialog = () => screen.findByRole('dialog', { hidden: true });
const checkboxIn = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole<HTMLInputElement>('checkbox', { hidden: true, name });
const buttonIn = (dialog: HTMLElement, name: string) => within(dialog).getByRole('button', { hidden: true, name });

beforeAll(() => import('../features/claim-generator/components/ClaimGeneratorModal'));
beforeEach(() => {
  resetStores();
  useAuthStore.getState().signIn('tok', { id: 'u1', userName: 'alice', agreedTermsOfService: 1, sessionId: 's1' });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('case page with the claim generator', () => {
  it('opens it from the Claim phase with the selected files, and from Tools with none', async () => {
    serve();
    await openCase();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Sopimus.pdf' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Haastehakemus.pdf' }));
    fireEvent.click(screen.getByRole('button', { name: 'Generate Claim' }));
    let dialog = await generatorDialog();
    await within(dialog).findByText('Files of the Claim phase');
    expect(checkboxIn(dialog, 'Haastehakemus.pdf').checked).toBe(true);
    expect(checkboxIn(dialog, 'Sopimus.pdf').checked).toBe(true);
    expect(checkboxIn(dialog, 'Lasku.pdf').checked).toBe(false);
    fireEvent.click(buttonIn(dialog, 'Cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Open Claim Generator' }));
    dialog = await generatorDialog();
    await within(dialog).findByText('Files of the Claim phase');
    expect(checkboxIn(dialog, 'Haastehakemus.pdf').checked).toBe(false);
    expect(isDisabled(buttonIn(dialog, 'Generate'))).toBe(true);
  }, 60_000);

  it('reopened at once after closing (the case fetched again meanwhile), the generator is not hidden from screen readers', async () => {
    // Tabster updates aria-hidden 250 ms after a modal is activated; the fake clock jumps past it.
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    const api = serve();
    await openCase();
    const opener = screen.getByRole('button', { name: 'Open Claim Generator' });
    opener.focus();
    fireEvent.click(opener);
    let dialog = await generatorDialog();
    await within(dialog).findByText('Files of the Claim phase');
    fireEvent.click(buttonIn(dialog, 'Cancel'));
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
    expect(document.activeElement).toBe(opener);

    // Opened again at once, while the case page's queries refetch (as its change token makes them).
    const phaseLoads = api.callsTo('GET /api/dispute/d1/phases').length;
    const refetched = queryClient.invalidateQueries({ queryKey: caseScope('d1') });
    fireEvent.click(opener);
    dialog = screen.getByRole('dialog', { hidden: true });
    // A browser's dialog puts the focus on its first control; jsdom, without layout, leaves it on the surface,
    // which Tabster does not take for entering the modal. Focused as a browser focuses it, the modal is active.
    act(() => within(dialog).getAllByRole('button', { hidden: true, name: 'Close' })[0]!.focus());
    await within(dialog).findByText('Files of the Claim phase');
    await act(() => refetched);
    expect(api.callsTo('GET /api/dispute/d1/phases').length).toBeGreaterThan(phaseLoads);
    // Past the closed dialog's focus return and Tabster's aria-hidden update.
    await act(() => vi.advanceTimersByTimeAsync(1_000));

    dialog = screen.getByRole('dialog', { hidden: true });
    expect(dialog.closest('[aria-hidden="true"]')).toBeNull();
    expect(dialog.contains(document.activeElement)).toBe(true);
    // The dialog is reachable as a screen reader reaches it: by its role, hidden elements left out.
    expect(screen.getByRole('dialog', { name: 'Claim Generator' })).toBe(dialog);
  }, 60_000);

  it('shows a claim saved as PDF in the Claim phase at once', async () => {
    // The clock moves with real time (so waiting for the screen works) and can jump to the next status check.
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    const api = serve();
    await openCase();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select All' }));
    fireEvent.click(screen.getByRole('button', { name: 'Generate Claim' }));
    const dialog = await generatorDialog();
    await within(dialog).findByText('Files of the Claim phase');
    fireEvent.click(buttonIn(dialog, 'Generate'));
    await within(dialog).findByText('Waiting to start…');
    // The first status check comes within a second.
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await within(dialog).findByTestId('claim-preview');
    const phaseLoads = api.callsTo('GET /api/dispute/d1/phases').length;

    fireEvent.click(buttonIn(dialog, 'File as PDF in the Claim phase'));
    await within(dialog).findByText('The claim application has been successfully saved as PDF in the Claim phase');
    await waitFor(() => expect(api.callsTo('GET /api/dispute/d1/phases').length).toBe(phaseLoads + 1));
    fireEvent.click(buttonIn(dialog, 'Close'));
    const claimPhase = await screen.findByRole('region', { name: /^Claim\b/ });
    expect(await within(claimPhase).findByText('Claim_2026-03-05.pdf')).toBeTruthy();
  });
});

function isDisabled(element: HTMLElement) {
  return (element as HTMLButtonElement).disabled || element.getAttribute('aria-disabled') === 'true';
}
