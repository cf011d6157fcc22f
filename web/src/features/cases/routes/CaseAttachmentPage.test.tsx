import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  defaultDecisionSettings,
  type AttachmentView,
  type DisputeView,
  type PhaseView,
  type WorkFileView,
} from '@ratkaisu/core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { useAuthStore } from '../../../stores/auth-store';
import { installFakeXhr } from '../../../test/fake-xhr';
import { jsonResponse, mockApi, type MockHandler } from '../../../test/mock-api';
import { clearQueryCache, renderApp, resetStores, withQueries } from '../../../test/render-app';
import CaseAttachmentPage from './CaseAttachmentPage';

const DAY = '2025-03-01T10:00:00Z';

function file(id: string, fileName: string, size = 2048): AttachmentView {
  return { id, fileName, dateCreated: DAY, size };
}

function phase(id: string, type: PhaseView['type'], attachments: AttachmentView[], extra: Partial<PhaseView> = {}) {
  return { id, type, dateCreated: DAY, attachments, ...extra } satisfies PhaseView;
}

function dispute(overrides: Partial<DisputeView> = {}): DisputeView {
  return {
    id: 'd1',
    name: 'Roof repair',
    description: 'The roof leaks after the renovation.',
    dateCreated: DAY,
    createdBy: { id: 'u1', email: 'alice@example.fi' },
    claimant: {
      name: 'Alice Oy',
      identificationNumber: '1234567-8',
      email: 'alice@example.fi',
      address: 'Mannerheimintie 1, Helsinki',
    },
    respondent: { name: 'Bob Rakennus', identificationNumber: '', email: 'bob@example.fi', address: '' },
    status: 'InProgress',
    activePhaseId: 'p2',
    side: 'claimant',
    counsel: { claimant: 'Alice Asianajaja' },
    ...overrides,
  };
}

/** Claim done with two files, Response active (due 5.12.2026) with one file. */
const claimDone = phase('p1', 'Claim', [file('a1', 'claim.pdf'), file('a2', 'evidence.pdf', 3 * 1024 * 1024)], {
  dueDate: '2025-03-15T10:00:00Z',
  dateCompleted: '2025-03-10T10:00:00Z',
});
const responseActive = phase('p2', 'Response', [file('a3', 'response.pdf')], { dueDate: '2026-12-05T10:00:00Z' });

interface Setup {
  dispute?: DisputeView;
  phases?: PhaseView[];
  workFiles?: WorkFileView[];
  routes?: Record<string, MockHandler>;
}

/** Serves the case from mutable state, so a test can change what the next reload sees. */
function serveCase({
  dispute: initial = dispute(),
  phases = [claimDone, responseActive],
  workFiles = [],
  routes,
}: Setup) {
  const state = { dispute: initial, phases, workFiles };
  const api = mockApi({
    'GET /api/dispute/d1': () => jsonResponse(state.dispute),
    'GET /api/dispute/d1/phases': () => jsonResponse(state.phases),
    'GET /api/dispute/d1/workfiles': () => jsonResponse(state.workFiles),
    ...routes,
  });
  return { api, state };
}

/** A button of the bottom actions (the status banner may offer the same one at the top). */
function bottomButton(name: string) {
  return within(screen.getByTestId('case-actions')).getByRole('button', { name });
}

function column(testId: 'plaintiff-documents' | 'respondent-documents') {
  return screen.getByTestId(testId);
}

/** The accordion header buttons of a column, top to bottom. */
function headers(testId: 'plaintiff-documents' | 'respondent-documents') {
  return within(column(testId))
    .getAllByRole('button')
    .filter((button) => button.hasAttribute('aria-expanded'));
}

function header(testId: 'plaintiff-documents' | 'respondent-documents', name: RegExp) {
  const found = headers(testId).find((button) => name.test(button.textContent ?? ''));
  if (!found) throw new Error(`no accordion header ${name}`);
  return found;
}

/** Opens the case as a fresh page load does: with nothing cached from an earlier visit in the same test. */
async function openCase() {
  clearQueryCache();
  const view = renderApp('/case-attachment/d1');
  await screen.findByRole('heading', { level: 1, name: 'Roof repair' });
  return view;
}

/**
 * Finds an open dialog (and presses one of its buttons). `hidden: true`, and one lookup per dialog, because Fluent's focus manager
 * (Tabster) marks the modal aria-hidden in jsdom a moment after it opens, after which its name no longer
 * computes; the other page tests query dialogs the same way.
 */
async function dialogNamed(name: string) {
  return screen.findByRole('dialog', { hidden: true, name });
}

function press(dialog: HTMLElement, buttonName: string) {
  fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: buttonName }));
}

async function confirmIn(dialogName: string, buttonName: string) {
  press(await dialogNamed(dialogName), buttonName);
}

function choose(input: HTMLElement, files: File[]) {
  fireEvent.change(input, { target: { files } });
}

const pdf = (name: string) => new File(['%PDF-1.4 test'], name, { type: 'application/pdf' });

beforeEach(() => {
  resetStores();
  useAuthStore.getState().signIn('tok', { id: 'u1', userName: 'alice', agreedTermsOfService: 1, sessionId: 's1' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('case page: what it shows', () => {
  it('shows the header, both parties and the phases newest first with placeholders', async () => {
    serveCase({});
    await openCase();
    expect(screen.getByText('Created 1.3.2025')).toBeTruthy();
    expect(screen.getByText('The roof leaks after the renovation.')).toBeTruthy();
    expect(screen.getByTestId('case-side').textContent).toBe('You represent the claimant');
    expect(screen.getByTestId('case-status').textContent).toBe('In Progress');
    const banner = screen.getByTestId('case-banner');
    expect(within(banner).getByRole('heading', { level: 2 }).textContent).toBe('Waiting for the other party');
    expect(within(banner).getByText('Active phase: Response')).toBeTruthy();
    expect(within(banner).getByText('Due 5.12.2026')).toBeTruthy();
    expect(within(banner).getByTestId('next-action').textContent).toBe(
      'Waiting — we’ll email you when it’s your turn.',
    );
    // The active phase is open at the top, with its files.
    const current = screen.getByRole('region', { name: 'Response: current phase' });
    expect(within(current).getByText('response.pdf')).toBeTruthy();

    const claimant = screen.getByRole('region', { name: 'Claimant Information' });
    for (const text of [
      'Alice Oy',
      '1234567-8',
      'Mannerheimintie 1, Helsinki',
      'Alice Asianajaja',
      'alice@example.fi',
    ]) {
      expect(within(claimant).getByText(text)).toBeTruthy();
    }
    const respondent = screen.getByRole('region', { name: 'Respondent Information' });
    expect(within(respondent).getByText('Bob Rakennus')).toBeTruthy();
    // No id, no address, no counsel with an account yet.
    expect(within(respondent).getAllByText('Not given')).toHaveLength(3);

    const plaintiff = headers('plaintiff-documents');
    expect(plaintiff.map((button) => button.textContent?.split(/(?=Not started|Locked|Active)/)[0])).toEqual([
      'Claimant Letter 2',
      'Claimant Letter 1',
      'Claim',
    ]);
    expect(plaintiff.map((button) => (button as HTMLButtonElement).disabled)).toEqual([true, true, false]);
    const respondentHeaders = headers('respondent-documents');
    expect(respondentHeaders.map((button) => (button as HTMLButtonElement).disabled)).toEqual([true, true, false]);
    expect(respondentHeaders[0]?.textContent).toContain('Respondent Letter 2');

    // In the lists every phase starts closed (the active one is open at the top), marked and dated.
    const response = header('respondent-documents', /^Response/);
    expect(response.getAttribute('aria-expanded')).toBe('false');
    expect(response.textContent).toContain('Active');
    expect(response.textContent).toContain('1 file');
    expect(response.textContent).toContain('Due 5.12.2026');
    const claim = header('plaintiff-documents', /^Claim(?!ant)/);
    expect(claim.getAttribute('aria-expanded')).toBe('false');
    expect(claim.textContent).toContain('Locked');
    expect(claim.textContent).toContain('2 files');
    expect(claim.textContent).toContain('Completed 10.3.2025');

    // Opening a finished phase shows its files with size, downloadable but not deletable.
    fireEvent.click(claim);
    const region = await screen.findByRole('region', { name: /^Claim\b/ });
    const list = within(region).getByRole('list', { name: 'Files of Claim' });
    expect(within(list).getByText('claim.pdf')).toBeTruthy();
    expect(within(list).getByText('1.3.2025 · 3.0 MB')).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Download claim.pdf' })).toBeTruthy();
    expect(within(list).queryByRole('button', { name: 'Delete claim.pdf' })).toBeNull();
    expect(screen.queryByTestId('decision-card')).toBeNull();
  });

  it('remembers open and closed phases per case, and the remembered state wins over the default', async () => {
    serveCase({});
    window.localStorage.setItem('caseAccordion:d1', JSON.stringify({ Response: false }));
    await openCase();
    expect(header('respondent-documents', /^Response/).getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(header('plaintiff-documents', /^Claim(?!ant)/));
    await waitFor(() =>
      expect(header('plaintiff-documents', /^Claim(?!ant)/).getAttribute('aria-expanded')).toBe('true'),
    );
    expect(JSON.parse(window.localStorage.getItem('caseAccordion:d1') ?? '{}')).toEqual({
      Response: false,
      Claim: true,
    });

    cleanup();
    await openCase();
    expect(header('plaintiff-documents', /^Claim(?!ant)/).getAttribute('aria-expanded')).toBe('true');
    expect(header('respondent-documents', /^Response/).getAttribute('aria-expanded')).toBe('false');
  });

  it('says when the case does not exist or is not visible, with a way home', async () => {
    mockApi({
      'GET /api/dispute/d1': () => jsonResponse({ code: 'not_found', message: 'Case not found.' }, 404),
      'GET /api/dispute/d1/phases': () => jsonResponse({ code: 'not_found', message: 'Case not found.' }, 404),
    });
    renderApp('/case-attachment/d1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Case not found.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' }).getAttribute('href')).toBe('/home');
  });

  it('shows other failures with a retry that loads the case', async () => {
    let failing = true;
    mockApi({
      'GET /api/dispute/d1': () =>
        failing
          ? jsonResponse({ code: 'unavailable', message: 'The store is unavailable.' }, 503)
          : jsonResponse(dispute()),
      'GET /api/dispute/d1/phases': () => jsonResponse([claimDone, responseActive]),
      'GET /api/dispute/d1/workfiles': () => jsonResponse([]),
    });
    renderApp('/case-attachment/d1');
    expect(await screen.findByText('The store is unavailable.')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Roof repair' })).toBeTruthy();
  });
});

describe('case page: who may act', () => {
  it('shows the other side whose turn it is, with no upload zone, delete or phase buttons', async () => {
    serveCase({});
    await openCase();
    expect(screen.getByTestId('case-turn').textContent).toBe(
      'Waiting for the respondent: Response phase, due 5.12.2026',
    );
    expect(screen.queryByRole('button', { name: /^Upload PDF files to Response\b/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete response.pdf' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download response.pdf' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save and Send' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'End Process' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Return' })).toBeTruthy();
  });

  it('gives the side owning the active phase the upload zone, delete and Save and Send', async () => {
    serveCase({ dispute: dispute({ side: 'respondent' }) });
    await openCase();
    expect(screen.getByTestId('case-side').textContent).toBe('You represent the respondent');
    const zone = screen.getByRole('button', { name: /^Upload PDF files to Response\b/ });
    expect(zone.tabIndex).toBe(0);
    expect(screen.getByRole('button', { name: 'Delete response.pdf' })).toBeTruthy();
    // Save and Send at the bottom, and as the banner's next action since the phase has a file.
    expect(screen.getAllByRole('button', { name: 'Save and Send' })).toHaveLength(2);
    expect(within(screen.getByTestId('case-banner')).getByTestId('next-action').textContent).toBe('Save and Send');
    expect(screen.queryByTestId('case-turn')).toBeNull();
    // Claim drafting is the claimant side's tool.
    expect(screen.queryByTestId('claim-generator-entry')).toBeNull();
  });

  it('deletes a file of the active phase after the confirmation and reloads', async () => {
    const { api, state } = serveCase({
      dispute: dispute({ side: 'respondent' }),
      routes: {
        'DELETE /api/dispute/attachments/a3': () => {
          state.phases = [claimDone, { ...responseActive, attachments: [] }];
          return new Response(null, { status: 204 });
        },
      },
    });
    await openCase();
    fireEvent.click(screen.getByRole('button', { name: 'Delete response.pdf' }));
    const dialog = await dialogNamed('Confirm Deletion');
    expect(dialog.textContent).toContain('Are you sure you want to delete the selected item(s)?');
    press(dialog, 'Delete');
    expect(await screen.findByText('No files in this phase yet.')).toBeTruthy();
    expect(api.callsTo('DELETE /api/dispute/attachments/a3')).toHaveLength(1);
  });
});

describe('case page: status banner', () => {
  it('tells the side at work it is their turn and takes them to the upload zone', async () => {
    serveCase({
      dispute: dispute({ side: 'respondent' }),
      phases: [claimDone, { ...responseActive, attachments: [] }],
    });
    await openCase();
    const banner = screen.getByTestId('case-banner');
    expect(within(banner).getByRole('heading', { level: 2 }).textContent).toBe('Your turn');
    expect(within(banner).getByTestId('case-side').textContent).toBe('You represent the respondent');
    expect(within(banner).getByText('Due 5.12.2026')).toBeTruthy();
    expect(within(banner).getByTestId('case-banner-next').textContent).toBe(
      'Upload your documents to the Response phase, then Save and Send. The other party is emailed when you send.',
    );
    const action = within(banner).getByTestId('next-action');
    expect(action.textContent).toBe('Upload documents');
    const picker = screen.getByLabelText(/^Upload PDF files to Response\b/, { selector: 'input[type="file"]' });
    const pickerOpened = vi.fn();
    picker.addEventListener('click', pickerOpened);
    fireEvent.click(action);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Upload PDF files to Response\b/ }));
    // The file picker opens too: the banner's button clicks the zone's file input.
    expect(pickerOpened).toHaveBeenCalledTimes(1);
    // The banner comes before the current phase, which comes before the phase lists.
    const current = screen.getByTestId('current-phase');
    expect(banner.compareDocumentPosition(current) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      current.compareDocumentPosition(column('respondent-documents')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it("sends from the banner and shows the server's refusal there", async () => {
    serveCase({
      dispute: dispute({ side: 'respondent' }),
      routes: {
        'POST /api/dispute/d1/phase/ClaimantLetter1': () =>
          jsonResponse({ code: 'conflict', message: 'The case has already moved on.' }, 409),
      },
    });
    await openCase();
    const banner = screen.getByTestId('case-banner');
    fireEvent.click(within(banner).getByRole('button', { name: 'Save and Send' }));
    await confirmIn('Send the Response phase?', 'Send');
    expect((await within(banner).findByRole('alert')).textContent).toBe('The case has already moved on.');
    expect(within(screen.getByTestId('case-actions')).queryByRole('alert')).toBeNull();
  });

  it('tells a party, after End Process, that the process ended and the tribunal decides', async () => {
    const resolution = phase('p4', 'Resolution', []);
    const tribunal = {
      status: 'Constituted' as const,
      size: 1 as const,
      requestedAt: DAY,
      requestedBySide: 'claimant' as const,
      members: [],
    };
    serveCase({
      dispute: dispute({ activePhaseId: 'p4', tribunal }),
      phases: [claimDone, { ...responseActive, dateCompleted: DAY }, resolution],
    });
    await openCase();
    expect(screen.getByTestId('case-banner-title').textContent).toBe('Waiting for the tribunal');
    expect(screen.getByTestId('case-banner-next').textContent).toBe(
      'The tribunal drafts, reviews and signs the award, which is then delivered to both parties.',
    );
    expect(screen.getByTestId('case-status').textContent).toBe('Process ended');
    expect(screen.queryByTestId('current-phase')).toBeNull();
  });
});

describe('case page: uploads', () => {
  it('refuses a non-PDF and duplicate names before sending anything', async () => {
    serveCase({ dispute: dispute({ side: 'respondent' }) });
    const requests = installFakeXhr();
    await openCase();
    const input = screen.getByTestId('upload-input-Response');

    choose(input, [pdf('appendix.pdf'), new File(['hello'], 'notes.txt', { type: 'text/plain' })]);
    const refusal = await screen.findByRole('alert');
    expect(refusal.textContent).toContain('Only PDF files are allowed');
    expect(refusal.textContent).toContain('notes.txt');

    choose(input, [pdf('Response.pdf')]);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('File(s) with the same name already exist: Response.pdf'),
    );

    choose(input, [pdf('annex.pdf'), pdf('annex.pdf')]);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'File(s) with the same name already exist: annex.pdf (duplicate in current selection)',
      ),
    );
    expect(requests).toHaveLength(0);
  });

  it('uploads with a progress bar, then reloads the phase', async () => {
    const { api, state } = serveCase({ dispute: dispute({ side: 'respondent' }) });
    // The upload reports half its bytes sent and answers only when the test has seen the bar at 50 %.
    const requests = installFakeXhr((request) => {
      setTimeout(() => request.progress(50, 100), 0);
    });
    await openCase();
    const phaseLoads = api.callsTo('GET /api/dispute/d1/phases').length;
    choose(screen.getByTestId('upload-input-Response'), [pdf('annex.pdf')]);

    // The upload's own bar (a card still loading shows a spinner, also a progressbar).
    const bar = await screen.findByRole('progressbar', { name: /^Uploading/ });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
    expect(screen.getByText('Uploading… 50%')).toBeTruthy();
    // One upload at a time: files dropped meanwhile wait their turn (FileUploader.test.tsx), so the zone stays on.
    expect(
      screen.getByRole('button', { name: /^Upload PDF files to Response\b/ }).getAttribute('aria-disabled'),
    ).toBeNull();

    state.phases = [
      claimDone,
      { ...responseActive, attachments: [...responseActive.attachments, file('a9', 'annex.pdf')] },
    ];
    act(() => requests[0]!.respond(201, [file('a9', 'annex.pdf')]));
    expect(await screen.findByText('1 file uploaded.', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('annex.pdf')).toBeTruthy();
    expect(api.callsTo('GET /api/dispute/d1/phases').length).toBeGreaterThan(phaseLoads);

    const [request] = requests;
    expect(request?.url).toBe('/d1/phases/p2/attachments');
    expect(request?.fileNames()).toEqual(['annex.pdf']);
    expect(request?.headers.authorization).toBe('Bearer tok');
    expect(request?.headers['x-requested-with']).toBe('XMLHttpRequest');
  });

  it('keeps the progress bar for at least a second even when the upload is instant', async () => {
    serveCase({ dispute: dispute({ side: 'respondent' }) });
    let answered = false;
    installFakeXhr((request) =>
      queueMicrotask(() => {
        request.respond(201, []);
        answered = true;
      }),
    );
    await openCase();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      choose(screen.getByTestId('upload-input-Response'), [pdf('fast.pdf')]);
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(answered).toBe(true);
      // The server answered at once, yet until a second has passed the bar is still there …
      await act(() => vi.advanceTimersByTimeAsync(999));
      expect(screen.getByRole('progressbar')).toBeTruthy();
      // … and then it goes.
      await act(() => vi.advanceTimersByTimeAsync(1));
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(screen.queryByRole('progressbar')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the server's refusal, and the generic text for anything else", async () => {
    serveCase({ dispute: dispute({ side: 'respondent' }) });
    let answer = () => ({
      status: 413,
      body: { code: 'payload_too_large', message: 'The request body is larger than the limit of 25 MB.' } as unknown,
    });
    installFakeXhr((request) =>
      queueMicrotask(() => {
        const { status, body } = answer();
        request.respond(status, body);
      }),
    );
    await openCase();
    choose(screen.getByTestId('upload-input-Response'), [pdf('huge.pdf')]);
    // The server's sentence never reaches the user; the file here is within the limit the server
    // names, so the plain sentence without sizes (FileUploader.test.tsx shows the one with them).
    expect(
      await screen.findByText(
        'The files are larger than the upload limit. Upload fewer or smaller files at a time.',
        {},
        { timeout: 3000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByText('The request body is larger than the limit of 25 MB.')).toBeNull();

    answer = () => ({ status: 500, body: { code: 'internal', message: 'Something broke inside.' } });
    choose(screen.getByTestId('upload-input-Response'), [pdf('other.pdf')]);
    expect(
      await screen.findByText('An error occurred while uploading files. Please try again.', {}, { timeout: 3000 }),
    ).toBeTruthy();
    expect(screen.queryByText('Something broke inside.')).toBeNull();
  });
});

describe('case page: moving on', () => {
  it('Save and Send with no files in the active phase says so and calls nothing', async () => {
    const { api } = serveCase({
      dispute: dispute({ side: 'respondent' }),
      phases: [claimDone, { ...responseActive, attachments: [] }],
    });
    await openCase();
    fireEvent.click(screen.getByRole('button', { name: 'Save and Send' }));
    // docs/product.md's "No attachments found for the current phase", in plain words.
    expect(await screen.findByText('Add at least one document before sending')).toBeTruthy();
    expect(screen.queryByText('No attachments found for the current phase')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    // Nothing but the opening's marking of the case's notices read.
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/api/notices/read']);
    expect(api.callsTo('POST /api/notices/read')[0]!.body).toEqual({ disputeId: 'd1' });
  });

  it('Save and Send confirms with the warning, moves to the next phase type and reloads', async () => {
    const letter = phase('p3', 'ClaimantLetter1', [], { dueDate: '2026-12-19T10:00:00Z' });
    const { api, state } = serveCase({
      dispute: dispute({ side: 'respondent' }),
      routes: {
        'POST /api/dispute/d1/phase/ClaimantLetter1': () => {
          state.phases = [claimDone, { ...responseActive, dateCompleted: '2026-12-05T10:00:00Z' }, letter];
          state.dispute = dispute({ side: 'respondent', activePhaseId: 'p3' });
          return jsonResponse(state.phases);
        },
      },
    });
    await openCase();
    fireEvent.click(bottomButton('Save and Send'));
    const dialog = await dialogNamed('Send the Response phase?');
    expect(dialog.textContent).toContain(
      'Moving to the next phase cannot be undone. Files in the earlier phase can no longer be changed.',
    );
    // The files that go, and who is told: the claimant's representative by name and address.
    expect(within(dialog).getByText('These files will be sent (1):')).toBeTruthy();
    expect(
      within(within(dialog).getByTestId('send-files'))
        .getAllByRole('listitem', { hidden: true })
        .map((item) => item.textContent),
    ).toEqual(['response.pdf']);
    expect(within(dialog).getByTestId('send-recipients').textContent).toBe(
      'Alice Oy (claimant): their representative Alice Asianajaja, alice@example.fi is told by email and on their dashboard.',
    );
    press(dialog, 'Send');
    await waitFor(() => expect(api.callsTo('POST /api/dispute/d1/phase/ClaimantLetter1')).toHaveLength(1));
    // The confirmation after sending, where it was asked.
    expect(
      (await within(screen.getByTestId('case-actions')).findByText(/^Sent: 1 file in the Response phase\./))
        .textContent,
    ).toBe('Sent: 1 file in the Response phase. Alice Oy has been told.');
    expect(await screen.findByText('Waiting for the claimant: Claimant Letter 1 phase, due 19.12.2026')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save and Send' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Claimant Letter 1: current phase' })).toBeTruthy();
    expect(screen.getByTestId('case-banner-title').textContent).toBe('Waiting for the other party');
  });

  it('Save and Send of the claim lists its files and says the respondent will be invited, then confirms', async () => {
    const claimOpen = phase('p1', 'Claim', [file('a1', 'claim.pdf'), file('a2', 'evidence.pdf')]);
    const { api, state } = serveCase({
      dispute: dispute({ activePhaseId: 'p1', status: 'Pending' }),
      phases: [claimOpen],
      routes: {
        'POST /api/dispute/d1/phase/Response': () => {
          state.phases = [{ ...claimOpen, dateCompleted: DAY }, phase('p2', 'Response', [])];
          state.dispute = dispute({ activePhaseId: 'p2' });
          return jsonResponse(state.phases);
        },
      },
    });
    await openCase();
    fireEvent.click(bottomButton('Save and Send'));
    const dialog = await dialogNamed('Send the Claim phase?');
    expect(
      within(within(dialog).getByTestId('send-files'))
        .getAllByRole('listitem', { hidden: true })
        .map((item) => item.textContent),
    ).toEqual(['claim.pdf', 'evidence.pdf']);
    expect(within(dialog).getByTestId('send-recipients').textContent).toBe(
      'Bob Rakennus will be invited as the respondent: an email with a link to the case goes to bob@example.fi.',
    );
    press(dialog, 'Send');
    await waitFor(() => expect(api.callsTo('POST /api/dispute/d1/phase/Response')).toHaveLength(1));
    expect(
      await within(screen.getByTestId('case-actions')).findByText(
        'Sent: 2 files. Bob Rakennus has been invited by email to respond.',
      ),
    ).toBeTruthy();
  });

  it("shows the server's message when the move is refused", async () => {
    serveCase({
      dispute: dispute({ side: 'respondent' }),
      routes: {
        'POST /api/dispute/d1/phase/ClaimantLetter1': () =>
          jsonResponse({ code: 'conflict', message: 'The case has already moved on.' }, 409),
      },
    });
    await openCase();
    fireEvent.click(bottomButton('Save and Send'));
    await confirmIn('Send the Response phase?', 'Send');
    expect(await screen.findByText('The case has already moved on.')).toBeTruthy();
  });

  it('offers End Process only to the owning side when the rule allows, and ends in Resolution', async () => {
    const responseDone = { ...responseActive, dateCompleted: '2026-12-05T10:00:00Z' };
    const emptyLetter = phase('p3', 'ClaimantLetter1', []);
    const { api, state } = serveCase({
      dispute: dispute({ activePhaseId: 'p3' }),
      phases: [claimDone, responseDone, emptyLetter],
      routes: {
        'POST /api/dispute/d1/phase/Resolution': () => {
          state.phases = [claimDone, responseDone, emptyLetter, phase('p4', 'Resolution', [])];
          state.dispute = dispute({ activePhaseId: 'p4' });
          return jsonResponse(state.phases);
        },
      },
    });
    await openCase();
    // End Process is explained wherever it is offered, before anyone presses it.
    expect(screen.getByTestId('end-process-hint').textContent).toContain(
      'End Process skips the remaining letters and moves the case straight to the decision.',
    );
    expect(within(screen.getByTestId('case-banner')).getByRole('button', { name: 'End Process' })).toBeTruthy();
    expect(screen.getByTestId('case-status').textContent).toBe('In Progress');
    fireEvent.click(bottomButton('End Process'));
    const dialog = await dialogNamed('End Process');
    expect(dialog.textContent).toContain('Ending the process cannot be undone. Files can no longer be changed.');
    press(dialog, 'Confirm');
    await waitFor(() => expect(api.callsTo('POST /api/dispute/d1/phase/Resolution')).toHaveLength(1));
    expect(await screen.findByText('Decision not created yet.')).toBeTruthy();
    expect(screen.getByText('The process has ended. The phase documents can no longer be changed.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save and Send' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'End Process' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Upload PDF files to Claimant Letter 1/ })).toBeNull();
    // The status says the process ended (the stored status stays InProgress) and what happens next.
    expect(screen.getByTestId('case-status').textContent).toBe('Process ended');
    expect(screen.getByTestId('case-banner-title').textContent).toBe('Your turn');
    expect(screen.getByTestId('case-banner-next').textContent).toBe(
      'The exchange of documents has ended. Either party may now create the AI decision, or request a tribunal to decide the case.',
    );
    expect(screen.getByTestId('next-action').textContent).toBe('Go to the decision');
  });

  it('does not offer End Process when the letter phase has files, nor to the other side', async () => {
    const responseDone = { ...responseActive, dateCompleted: '2026-12-05T10:00:00Z' };
    serveCase({
      dispute: dispute({ activePhaseId: 'p3' }),
      phases: [claimDone, responseDone, phase('p3', 'ClaimantLetter1', [file('a5', 'letter.pdf')])],
    });
    await openCase();
    expect(bottomButton('Save and Send')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'End Process' })).toBeNull();
    expect(screen.queryByTestId('end-process-hint')).toBeNull();
    cleanup();

    serveCase({
      dispute: dispute({ activePhaseId: 'p3', side: 'respondent' }),
      phases: [claimDone, responseDone, phase('p3', 'ClaimantLetter1', [])],
    });
    await openCase();
    expect(screen.queryByRole('button', { name: 'End Process' })).toBeNull();
    expect(screen.getByTestId('case-turn').textContent).toBe('Waiting for the claimant: Claimant Letter 1 phase');
  });
});

describe('case page: Claim phase and downloads', () => {
  const claimActive = phase('p1', 'Claim', [file('a1', 'one.pdf'), file('a2', 'two.pdf'), file('a3', 'three.pdf')]);

  it('selects Claim files, deletes the selection one call each, and keeps Generate Claim honest', async () => {
    const { api } = serveCase({
      dispute: dispute({ activePhaseId: 'p1', status: 'Pending' }),
      phases: [claimActive],
      routes: {
        'DELETE /api/dispute/attachments/a1': () => new Response(null, { status: 204 }),
        'DELETE /api/dispute/attachments/a2': () => new Response(null, { status: 204 }),
      },
    });
    await openCase();
    // Nothing to draft from until a file is chosen.
    const generate = screen.getByRole('button', { name: 'Generate Claim' });
    expect((generate as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select All' }));
    const bar = screen.getAllByRole('group', { name: 'Selected files' })[0]!;
    expect(within(bar).getByText('3 selected')).toBeTruthy();
    expect((generate as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select three.pdf' }));
    expect(within(bar).getByText('2 selected')).toBeTruthy();

    fireEvent.click(within(bar).getByRole('button', { name: 'Delete Selected' }));
    await confirmIn('Confirm Deletion', 'Delete');
    await waitFor(() => expect(api.callsTo('DELETE /api/dispute/attachments/a2')).toHaveLength(1));
    expect(api.callsTo('DELETE /api/dispute/attachments/a1')).toHaveLength(1);
    expect(api.callsTo('DELETE /api/dispute/attachments/a3')).toHaveLength(0);
  });

  it('hands the selected Claim files to the claim generator', async () => {
    serveCase({ dispute: dispute({ activePhaseId: 'p1', status: 'Pending' }), phases: [claimActive] });
    const onGenerateClaim = vi.fn<(ids: string[]) => void>();
    initI18n();
    const router = createMemoryRouter(
      [{ path: '/case-attachment/:disputeId', element: <CaseAttachmentPage onGenerateClaim={onGenerateClaim} /> }],
      { initialEntries: ['/case-attachment/d1'] },
    );
    render(
      withQueries(
        <FluentProvider theme={webLightTheme}>
          <RouterProvider router={router} />
        </FluentProvider>,
      ),
    );
    const generate = await screen.findByRole('button', { name: 'Generate Claim' });
    expect((generate as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select two.pdf' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select one.pdf' }));
    expect((generate as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(generate);
    // In the order the files are listed, whatever the order they were ticked.
    expect(onGenerateClaim).toHaveBeenCalledWith(['a1', 'a2']);
    fireEvent.click(screen.getByRole('button', { name: 'Open Claim Generator' }));
    expect(onGenerateClaim).toHaveBeenLastCalledWith([]);
  });

  it('downloads through the streamed route with the bearer token, never a token in a URL', async () => {
    const { api } = serveCase({
      routes: {
        'GET /api/dispute/d1/phases/p2/attachment/a3/download': () =>
          new Response('%PDF-1.4', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
      },
    });
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:case-file');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const saved: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    await openCase();
    fireEvent.click(screen.getByRole('button', { name: 'Download response.pdf' }));
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:case-file', download: 'response.pdf' }]));
    const [call] = api.callsTo('GET /api/dispute/d1/phases/p2/attachment/a3/download');
    expect(call?.authorization).toBe('Bearer tok');
    expect(await createObjectURL.mock.calls[0]![0].text()).toBe('%PDF-1.4');
  });

  it('shows the decision once the case is in Resolution: generating, failed or ready', async () => {
    const resolution = (decision: AttachmentView) => phase('p4', 'Resolution', [decision]);
    const done = { ...responseActive, dateCompleted: '2026-12-05T10:00:00Z' };
    const { state } = serveCase({
      dispute: dispute({ activePhaseId: 'p4', status: 'InProgress' }),
      phases: [claimDone, done, resolution({ ...file('dec', 'decision.pdf'), status: 'Generating' })],
    });
    await openCase();
    expect(screen.getByText('Generating decision...')).toBeTruthy();
    cleanup();

    state.phases = [
      claimDone,
      done,
      resolution({ ...file('dec', 'decision.pdf'), status: 'Failed', errorMessage: 'The model stopped.' }),
    ];
    await openCase();
    expect(screen.getByText('The model stopped.')).toBeTruthy();
    cleanup();

    state.phases = [claimDone, done, resolution({ ...file('dec', 'decision.pdf'), status: 'Failed' })];
    await openCase();
    expect(screen.getByText('Decision generation failed')).toBeTruthy();
    cleanup();

    state.phases = [claimDone, done, resolution({ ...file('dec', 'decision.pdf'), status: 'Completed' })];
    await openCase();
    const card = screen.getByTestId('decision-card');
    expect(within(card).getByRole('button', { name: 'Download decision' })).toBeTruthy();
    expect(within(card).getByText('decision.pdf')).toBeTruthy();
  });

  it('polls every 30 s while the decision is generating', async () => {
    const done = { ...responseActive, dateCompleted: '2026-12-05T10:00:00Z' };
    const { api, state } = serveCase({
      dispute: dispute({ activePhaseId: 'p4' }),
      phases: [claimDone, done, phase('p4', 'Resolution', [{ ...file('dec', 'decision.pdf'), status: 'Generating' }])],
    });
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      await openCase();
      const before = api.callsTo('GET /api/dispute/d1/phases').length;
      state.phases = [
        claimDone,
        done,
        phase('p4', 'Resolution', [{ ...file('dec', 'decision.pdf'), status: 'Completed' }]),
      ];
      await act(() => vi.advanceTimersByTimeAsync(30_000));
      expect(await screen.findByRole('button', { name: 'Download decision' })).toBeTruthy();
      expect(api.callsTo('GET /api/dispute/d1/phases').length).toBe(before + 1);
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      expect(api.callsTo('GET /api/dispute/d1/phases').length).toBe(before + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('creates a decision with the stored settings and shows it generating without waiting for the poll', async () => {
    const done = { ...responseActive, dateCompleted: '2026-12-05T10:00:00Z' };
    const settings = { ...defaultDecisionSettings(), temperature: 0.2 };
    window.localStorage.setItem('settings', JSON.stringify(settings));
    const { api, state } = serveCase({
      dispute: dispute({ activePhaseId: 'p4' }),
      phases: [claimDone, done, phase('p4', 'Resolution', [])],
      routes: {
        'POST /api/dispute/d1/generatedecision': () => {
          state.phases = [
            claimDone,
            done,
            phase('p4', 'Resolution', [{ ...file('dec', 'Decision_2026-12-06.pdf'), status: 'Generating' }]),
          ];
          return jsonResponse({ data: { jobId: 'j1', attachmentId: 'dec' } }, 202);
        },
      },
    });
    await openCase();
    const card = screen.getByTestId('decision-card');
    fireEvent.click(within(card).getByRole('button', { name: 'Create decision' }));
    expect(await within(card).findByText('Generating decision...')).toBeTruthy();
    expect(api.callsTo('POST /api/dispute/d1/generatedecision')[0]?.body).toEqual({ settings });
    expect((within(card).getByRole('button', { name: 'Create decision' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(card).getByRole('button', { name: 'Stop Generating' })).toBeTruthy();
  });

  it('stops polling when the page is left', async () => {
    const done = { ...responseActive, dateCompleted: '2026-12-05T10:00:00Z' };
    const { api } = serveCase({
      dispute: dispute({ activePhaseId: 'p4' }),
      phases: [claimDone, done, phase('p4', 'Resolution', [{ ...file('dec', 'decision.pdf'), status: 'Generating' }])],
      routes: { 'GET /api/dispute': () => jsonResponse([]), 'GET /api/dispute/activephases': () => jsonResponse([]) },
    });
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const { router } = await openCase();
      await act(() => vi.advanceTimersByTimeAsync(30_000));
      const polled = api.callsTo('GET /api/dispute/d1/phases').length;
      await act(() => router.navigate('/home'));
      await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
      await act(() => vi.advanceTimersByTimeAsync(90_000));
      expect(api.callsTo('GET /api/dispute/d1/phases').length).toBe(polled);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('case page: work files', () => {
  const workFiles: WorkFileView[] = [
    { id: 'w2', fileName: 'notes-v2.pdf', dateCreated: '2025-03-03T10:00:00Z', size: 100 },
    { id: 'w1', fileName: 'notes-v1.pdf', dateCreated: '2025-03-02T10:00:00Z', size: 200 },
  ];

  it('lists the side’s private work files, checks uploads against them and deletes a selection', async () => {
    const { api, state } = serveCase({
      workFiles,
      routes: {
        'DELETE /api/dispute/d1/workfiles/w1': () => {
          state.workFiles = workFiles.slice(0, 1);
          return new Response(null, { status: 204 });
        },
      },
    });
    const requests = installFakeXhr();
    await openCase();
    const card = screen.getByTestId('work-files');
    expect(within(card).getByText('Only your side sees these files.')).toBeTruthy();
    const list = await within(card).findByRole('list', { name: 'Work Files' });
    expect(
      within(list)
        .getAllByTestId('file-row')
        .map((row) => row.textContent?.slice(0, 12)),
    ).toEqual(['notes-v2.pdf', 'notes-v1.pdf']);
    // Work files are for both sides at any phase, even while it is the other side's turn.
    choose(within(card).getByTestId('upload-input-workfiles'), [pdf('NOTES-v1.pdf')]);
    expect(await within(card).findByText('File(s) with the same name already exist: NOTES-v1.pdf')).toBeTruthy();
    expect(requests).toHaveLength(0);

    fireEvent.click(within(card).getByRole('checkbox', { name: 'Select notes-v1.pdf' }));
    expect(within(card).getByText('1 selected')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Delete Selected' }));
    await confirmIn('Confirm Deletion', 'Delete');
    await waitFor(() => expect(within(card).queryByText('notes-v1.pdf')).toBeNull());
    expect(api.callsTo('DELETE /api/dispute/d1/workfiles/w1')).toHaveLength(1);
    expect(within(card).getByText('0 selected')).toBeTruthy();
  });

  it('uploads work files to the work-files route', async () => {
    const { state } = serveCase({});
    const requests = installFakeXhr((request) =>
      queueMicrotask(() => {
        state.workFiles = [{ id: 'w9', fileName: 'memo.pdf', dateCreated: DAY, size: 10 }];
        request.respond(201, state.workFiles);
      }),
    );
    await openCase();
    const card = screen.getByTestId('work-files');
    expect(await within(card).findByText('No work files yet.')).toBeTruthy();
    choose(within(card).getByTestId('upload-input-workfiles'), [pdf('memo.pdf')]);
    expect(await within(card).findByText('memo.pdf', {}, { timeout: 3000 })).toBeTruthy();
    expect(requests[0]?.url).toBe('/api/dispute/d1/workfiles');
  });
  it('a stale tab: a work-file upload refused because the case became final says so, and the page shows the outcome', async () => {
    const { state } = serveCase({});
    installFakeXhr((request) =>
      queueMicrotask(() => {
        // The other party accepted meanwhile: the case is final when the upload arrives.
        state.dispute = dispute({
          outcome: { kind: 'accepted', decisionId: 'ai1', version: 2, sha256: 'ab', at: '2026-11-28T10:00:00Z' },
        });
        request.respond(409, { code: 'case_final', message: 'This case is final (server English).' });
      }),
    );
    await openCase();
    expect(screen.queryByTestId('became-final')).toBeNull();
    const card = screen.getByTestId('work-files');
    expect(await within(card).findByText('No work files yet.')).toBeTruthy();
    choose(within(card).getByTestId('upload-input-workfiles'), [pdf('memo.pdf')]);
    const notice = await screen.findByTestId('became-final', {}, { timeout: 3000 });
    expect(notice.textContent).toContain('This case became final while the page was open');
    expect(notice.textContent).toContain('Both parties accepted version 2 of the AI decision on 28.11.2026.');
    expect(notice.textContent).toContain('What remains: downloading the documents and the decision.');
    // No generic retry error, no uploader left to retry with; the files stay listed for download.
    expect(screen.queryByText('An error occurred while uploading files. Please try again.')).toBeNull();
    expect(screen.queryByText('This case is final (server English).')).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('upload-input-workfiles')).toBeNull());
    expect(screen.getByTestId('work-files')).toBeTruthy();
  });
});
