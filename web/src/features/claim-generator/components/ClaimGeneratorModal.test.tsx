import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import type { AttachmentView, DisputeView, JobStatusView, PhaseView, WorkFileView } from '@ratkaisu/core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { jsonResponse, mockApi, type MockHandler } from '../../../test/mock-api';
import { useClaimGeneratorStore } from '../stores/claim-generator-store';
import ClaimGeneratorModal, { type ClaimGeneratorModalProps } from './ClaimGeneratorModal';

const DAY = '2026-03-01T10:00:00Z';

function file(id: string, fileName: string): AttachmentView {
  return { id, fileName, dateCreated: DAY, size: 2048 };
}

function dispute(overrides: Partial<DisputeView> = {}): DisputeView {
  return {
    id: 'd1',
    name: 'Kattoremontti',
    description: 'Katto vuotaa remontin jälkeen.',
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
    activePhaseId: 'p1',
    side: 'claimant',
    ...overrides,
  };
}

const claimPhase = (attachments: AttachmentView[]): PhaseView => ({
  id: 'p1',
  type: 'Claim',
  dateCreated: DAY,
  attachments,
});

const CLAIM_FILES = [file('a1', 'Haastehakemus.pdf'), file('a2', 'Sopimus.pdf'), file('a3', 'Lasku.pdf')];

const DRAFT = [
  '# Haastehakemus',
  '',
  'Kantaja **Alice Oy** vaatii 12 400 euroa [K1 s.1].',
  '',
  '| Todiste | Sivu |',
  '| --- | --- |',
  '| Sopimus | K2 s.1 |',
].join('\n');

interface Setup {
  dispute?: DisputeView;
  phases?: PhaseView[];
  workFiles?: WorkFileView[];
  /** The status answers in order; the last one repeats. */
  statuses?: (JobStatusView | Response)[];
  routes?: Record<string, MockHandler>;
}

function serve({
  dispute: theDispute = dispute(),
  phases = [claimPhase(CLAIM_FILES)],
  workFiles = [],
  statuses = [{ jobId: 'job-1', status: 'Running' }],
  routes,
}: Setup = {}) {
  let next = 0;
  return mockApi({
    'GET /api/dispute/d1': () => jsonResponse(theDispute),
    'GET /api/dispute/d1/phases': () => jsonResponse(phases),
    'GET /api/dispute/d1/workfiles': () => jsonResponse(workFiles),
    'POST /api/dispute/d1/generateclaim': () => jsonResponse({ data: { jobId: 'job-1' } }, 202),
    'GET /api/dispute/job/job-1/status': () => {
      const answer = statuses[Math.min(next++, statuses.length - 1)]!;
      return answer instanceof Response ? answer.clone() : jsonResponse(answer);
    },
    'GET /api/dispute/job/job-1/result': () =>
      new Response(DRAFT, { status: 200, headers: { 'Content-Type': 'text/markdown; charset=utf-8' } }),
    'POST /dispute/d1/saveclaimaspdf': () =>
      jsonResponse({ data: { id: 'a9', fileName: 'Claim_2026-03-05.pdf', dateCreated: DAY, size: 9000 } }, 201),
    ...routes,
  });
}

function renderModal(props: Partial<ClaimGeneratorModalProps> = {}) {
  initI18n();
  const onClose = vi.fn();
  const onSavedAsPdf = vi.fn();
  const view = render(
    <FluentProvider theme={webLightTheme}>
      <ClaimGeneratorModal
        open
        disputeId="d1"
        preselectedFileIds={[]}
        onClose={onClose}
        onSavedAsPdf={onSavedAsPdf}
        {...props}
      />
    </FluentProvider>,
  );
  return { ...view, onClose, onSavedAsPdf };
}

// In jsdom, Tabster can mark an open dialog aria-hidden, so role queries in it include hidden elements.
const dialog = () => screen.getByRole('dialog', { hidden: true });
const button = (name: string | RegExp) => within(dialog()).getByRole('button', { hidden: true, name });
const checkbox = (name: string) => within(dialog()).getByRole<HTMLInputElement>('checkbox', { hidden: true, name });
const isDisabled = (element: HTMLElement) =>
  (element as HTMLButtonElement).disabled || element.getAttribute('aria-disabled') === 'true';

// Node's, which the fake timers leave alone (web code is typed for the browser, which has none).
const realSetImmediate = (globalThis as unknown as { setImmediate: (callback: (value?: unknown) => void) => void })
  .setImmediate;

/**
 * Lets pending answers and the renders they cause happen, without moving the fake clock. Reading a
 * response body can take a real macrotask, hence the (unfaked) setImmediate between rounds.
 */
async function settle() {
  for (let round = 0; round < 5; round += 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
      await new Promise((resolve) => realSetImmediate(resolve));
    });
  }
}

/** Moves the fake clock on, answering every call that falls due on the way. */
async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  await settle();
}

function progressText() {
  return within(screen.getByTestId('claim-progress')).getByRole('status', { hidden: true }).textContent;
}

beforeEach(() => useClaimGeneratorStore.getState().reset());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('claim generator: choosing files', () => {
  it('lists the Claim phase files with the ones chosen on the case page ticked, and sends the SPEC body', async () => {
    const api = serve();
    renderModal({ preselectedFileIds: ['a1', 'a3'] });
    expect(await screen.findByText('Files of the Claim phase')).toBeTruthy();
    expect(checkbox('Haastehakemus.pdf').checked).toBe(true);
    expect(checkbox('Sopimus.pdf').checked).toBe(false);
    expect(checkbox('Lasku.pdf').checked).toBe(true);
    expect(screen.getByTestId('claim-selected-count').textContent).toBe('2 selected');
    expect(screen.queryByTestId('claim-files-missing')).toBeNull();
    expect(api.callsTo('GET /api/dispute/d1/workfiles')).toHaveLength(0);

    fireEvent.click(checkbox('Sopimus.pdf'));
    fireEvent.click(button('Generate'));
    expect(await screen.findByText('Starting claim generation...')).toBeTruthy();
    const [call] = api.callsTo('POST /api/dispute/d1/generateclaim');
    expect(call?.body).toEqual({
      // In the order the files are listed.
      fileIds: ['a1', 'a2', 'a3'],
      settings: { language: 'fi' },
      case_name: 'Kattoremontti',
      claimant_info: { name: 'Alice Oy', contact_info: 'Mannerheimintie 1, Helsinki' },
      process_type: 'claim',
    });
  });

  it('falls back to the work files when the Claim phase has none, and says so', async () => {
    const api = serve({
      dispute: dispute({ name: '  ' }),
      phases: [claimPhase([])],
      workFiles: [{ id: 'w1', fileName: 'Muistio.pdf', dateCreated: DAY, size: 100 }],
    });
    renderModal();
    expect(await screen.findByText('Work Files')).toBeTruthy();
    expect(screen.getByText('The Claim phase has no files yet, so your work files are listed instead.')).toBeTruthy();
    // Generate needs at least one file.
    expect(isDisabled(button('Generate'))).toBe(true);
    fireEvent.click(checkbox('Select All'));
    expect(checkbox('Muistio.pdf').checked).toBe(true);
    expect(isDisabled(button('Generate'))).toBe(false);
    fireEvent.click(button('Generate'));
    await screen.findByTestId('claim-progress');
    const body = api.callsTo('POST /api/dispute/d1/generateclaim')[0]?.body as Record<string, unknown>;
    expect(body.fileIds).toEqual(['w1']);
    // A dispute without a name is sent as 'Dispute' (SPEC.md section 3).
    expect(body.case_name).toBe('Dispute');
  });

  it('says when files chosen on the case page are gone, and keeps the ones still there', async () => {
    serve();
    renderModal({ preselectedFileIds: ['a2', 'gone'] });
    expect((await screen.findByTestId('claim-files-missing')).textContent).toBe('Selected files could not be found.');
    expect(checkbox('Sopimus.pdf').checked).toBe(true);
    expect(isDisabled(button('Generate'))).toBe(false);
  });

  it('explains when there is nothing to draft from', async () => {
    serve({ phases: [claimPhase([])], workFiles: [] });
    renderModal();
    expect(await screen.findByText(/There are no documents to draft from/)).toBeTruthy();
    expect(isDisabled(button('Generate'))).toBe(true);
  });

  it('reports a failed file list and a failed case load with their reasons', async () => {
    serve({
      routes: {
        'GET /api/dispute/d1/phases': () => jsonResponse({ code: 'internal', message: 'Store offline.' }, 503),
      },
    });
    renderModal();
    expect((await screen.findByTestId('claim-files-error')).textContent).toBe('Failed to load files: Store offline.');
    cleanup();

    serve({
      phases: [claimPhase([])],
      routes: { 'GET /api/dispute/d1/workfiles': () => jsonResponse({ code: 'internal', message: 'Blob down.' }, 500) },
    });
    renderModal();
    expect((await screen.findByTestId('claim-files-error')).textContent).toBe('Failed to load files: Blob down.');
    cleanup();

    serve({
      routes: { 'GET /api/dispute/d1': () => jsonResponse({ code: 'not_found', message: 'Case not found.' }, 404) },
    });
    renderModal();
    expect((await screen.findByTestId('claim-files-error')).textContent).toBe('Error initializing: Case not found.');
  });

  it('needs a dispute id, and asks nothing of the server without one', async () => {
    const api = serve();
    renderModal({ disputeId: '' });
    expect((await screen.findByTestId('claim-files-error')).textContent).toBe('Missing required disputeId');
    expect(isDisabled(button('Generate'))).toBe(true);
    expect(api.calls).toHaveLength(0);
  });

  it('closes on Escape and on Cancel', async () => {
    serve();
    const { onClose } = renderModal();
    await screen.findByText('Files of the Claim phase');
    fireEvent.keyDown(checkbox('Sopimus.pdf'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(button('Cancel'));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('claim generator: errors of Generate (SPEC.md section 8)', () => {
  it.each([
    [
      '404',
      () => jsonResponse({ code: 'not_found', message: 'Case not found.' }, 404),
      'The claim generation service is not available. Please contact support with error code: API-404.',
    ],
    [
      'an error with a body',
      () => jsonResponse({ code: 'validation_failed', message: 'Selected files could not be found.' }, 400),
      'Error: Selected files could not be found.',
    ],
    [
      'another status',
      () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
      'Error: Server returned 502.',
    ],
    [
      'no response',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'Could not connect to the server. Please check your internet connection and try again.',
    ],
    ['no job id', () => jsonResponse({ data: {} }, 202), 'No job ID received from server.'],
  ] as const)('%s', async (_case, answer, text) => {
    const api = serve({ routes: { 'POST /api/dispute/d1/generateclaim': answer } });
    renderModal({ preselectedFileIds: ['a1'] });
    await screen.findByText('Files of the Claim phase');
    fireEvent.click(button('Generate'));
    // Back at the selection, with the choice kept, so the user can try again.
    expect((await screen.findByTestId('claim-generator-error')).textContent).toBe(text);
    expect(checkbox('Haastehakemus.pdf').checked).toBe(true);
    expect(api.callsTo('GET /api/dispute/job/job-1/status')).toHaveLength(0);
  });
});

describe('claim generator: following the job', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-03-05T08:00:00Z'));
  });

  async function startGenerating(setup: Setup = {}) {
    const api = serve(setup);
    const view = renderModal({ preselectedFileIds: ['a1', 'a2'] });
    await settle();
    fireEvent.click(button('Generate'));
    await settle();
    return { api, ...view };
  }

  it('shows the simulated progress of SPEC.md section 4, frozen at 95 % after 180 s', async () => {
    await startGenerating();
    const percent = () => screen.getByTestId('claim-progress-percent').textContent;
    expect(progressText()).toContain('Starting claim generation...');
    expect(percent()).toBe('5%');
    await advance(29_500);
    expect(percent()).toBe('5%');
    await advance(500);
    expect(progressText()).toContain('Analyzing content and extracting information...');
    expect(percent()).toBe('25%');
    await advance(59_500);
    expect(percent()).toBe('25%');
    await advance(500);
    expect(progressText()).toContain('Drafting claim application...');
    expect(percent()).toBe('50%');
    await advance(60_000);
    expect(progressText()).toContain('Finalizing document formatting...');
    expect(percent()).toBe('75%');
    await advance(20_000);
    expect(progressText()).toContain('Preparing for download...');
    expect(percent()).toBe('95%');
    await advance(10_000);
    expect(percent()).toBe('95%');
    // After 180 s the ticker stops: only the 15 s status poll is left running.
    expect(vi.getTimerCount()).toBe(1);
    await advance(600_000);
    expect(percent()).toBe('95%');
    expect(progressText()).toContain('Preparing for download...');
  });

  it('says how many scanned pages the server has read by OCR while it reads them', async () => {
    await startGenerating({
      statuses: [
        {
          jobId: 'job-1',
          status: 'Running',
          progress: { stage: 'ocr', done: 3, total: 12, fileName: 'Skannattu.pdf' },
        },
        { jobId: 'job-1', status: 'Running' },
      ],
    });
    expect(progressText()).toContain('Starting claim generation...');
    await advance(15_000);
    expect(progressText()).toContain('Reading scanned pages 3/12 (Skannattu.pdf)');
    // Done reading: the simulated text again.
    await advance(15_000);
    expect(progressText()).toContain('Analyzing content and extracting information...');
  });

  it('asks for the status every 15 s while the job runs', async () => {
    const { api } = await startGenerating({
      statuses: [
        { jobId: 'job-1', status: 'Queued' },
        { jobId: 'job-1', status: 'Running' },
      ],
    });
    const polls = () => api.callsTo('GET /api/dispute/job/job-1/status').length;
    expect(polls()).toBe(0);
    await advance(14_999);
    expect(polls()).toBe(0);
    await advance(1);
    expect(polls()).toBe(1);
    await advance(15_000);
    expect(polls()).toBe(2);
    await advance(45_000);
    expect(polls()).toBe(5);
  });

  it('backs off 15 s × 2^n (at most 60 s) after failed checks and gives up after five', async () => {
    const down = jsonResponse({ code: 'internal', message: 'Temporarily unavailable.' }, 503);
    const { api } = await startGenerating({ statuses: [down] });
    const polls = () => api.callsTo('GET /api/dispute/job/job-1/status').length;
    // Each check's time after Generate: 15 s, then 30, 60, 60 and 60 s after each failure.
    for (const [at, expected] of [
      [15_000, 1],
      [45_000, 2],
      [105_000, 3],
      [165_000, 4],
    ] as const) {
      await advance(at - 1 - Date.now() + new Date('2026-03-05T08:00:00Z').getTime());
      expect(polls()).toBe(expected - 1);
      await advance(1);
      expect(polls()).toBe(expected);
    }
    expect(screen.queryByTestId('claim-generator-error')).toBeNull();
    await advance(60_000);
    expect(polls()).toBe(5);
    expect(screen.getByTestId('claim-generator-error').textContent).toBe(
      'Failed to check claim application status after multiple attempts.',
    );
    await advance(600_000);
    expect(polls()).toBe(5);
  });

  it('starts counting failures again after a check that works', async () => {
    const down = jsonResponse({ code: 'internal', message: 'Down.' }, 503);
    const running: JobStatusView = { jobId: 'job-1', status: 'Running' };
    const { api } = await startGenerating({
      statuses: [down, down, down, down, running, down, down, down, down, running],
    });
    await advance(15_000 + 30_000 + 60_000 + 60_000 + 60_000 + 15_000 + 30_000 + 60_000 + 60_000 + 60_000 + 15_000);
    expect(api.callsTo('GET /api/dispute/job/job-1/status')).toHaveLength(11);
    expect(screen.queryByTestId('claim-generator-error')).toBeNull();
    expect(screen.getByTestId('claim-progress')).toBeTruthy();
  });

  it.each([
    [
      { jobId: 'job-1', status: 'Failed', errorMessage: 'Sopimus.pdf: no text could be read (OCR comes later).' },
      'Sopimus.pdf: no text could be read (OCR comes later).',
    ],
    [{ jobId: 'job-1', status: 'Failed' }, 'The claim application generation failed.'],
    [{ jobId: 'job-1', status: 'Deleted' }, 'The claim application generation failed.'],
  ] satisfies [JobStatusView, string][])('a %o job ends with its message', async (status, text) => {
    const { api } = await startGenerating({ statuses: [status] });
    await advance(15_000);
    expect(screen.getByTestId('claim-generator-error').textContent).toBe(text);
    expect(api.callsTo('GET /api/dispute/job/job-1/result')).toHaveLength(0);
    await advance(60_000);
    expect(api.callsTo('GET /api/dispute/job/job-1/status')).toHaveLength(1);
  });

  it('says why the finished draft could not be fetched', async () => {
    await startGenerating({
      statuses: [{ jobId: 'job-1', status: 'Completed' }],
      routes: {
        'GET /api/dispute/job/job-1/result': () => jsonResponse({ code: 'not_found', message: 'Job not found.' }, 404),
      },
    });
    await advance(15_000);
    expect(screen.getByTestId('claim-generator-error').textContent).toBe(
      'Failed to retrieve the claim document: Job not found.',
    );
  });

  it('stops polling when the modal closes', async () => {
    const { api, unmount } = await startGenerating();
    await advance(15_000);
    expect(api.callsTo('GET /api/dispute/job/job-1/status')).toHaveLength(1);
    unmount();
    await advance(600_000);
    expect(api.callsTo('GET /api/dispute/job/job-1/status')).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows the draft rendered and as 20-row markdown, downloads it and files the edited text as a PDF', async () => {
    const { api, onSavedAsPdf } = await startGenerating({
      statuses: [
        { jobId: 'job-1', status: 'Running' },
        { jobId: 'job-1', status: 'Completed' },
      ],
    });
    await advance(30_000);
    expect(api.callsTo('GET /api/dispute/job/job-1/result')).toHaveLength(1);
    expect(screen.getByText('Claim application has been generated successfully!')).toBeTruthy();
    expect(screen.getByText('Processing complete!')).toBeTruthy();

    // Rendered markdown: a heading, bold text and a table, not the markdown source.
    const preview = screen.getByTestId('claim-preview');
    expect(within(preview).getByRole('heading', { hidden: true, level: 1, name: 'Haastehakemus' })).toBeTruthy();
    expect(within(preview).getByText('Alice Oy').tagName).toBe('STRONG');
    expect(within(preview).getByRole('table', { hidden: true })).toBeTruthy();
    expect(preview.textContent).not.toContain('**');

    fireEvent.click(within(dialog()).getByRole('tab', { hidden: true, name: 'Edit' }));
    const editor = within(dialog()).getByRole<HTMLTextAreaElement>('textbox', {
      hidden: true,
      name: 'Claim application (markdown)',
    });
    expect(editor.rows).toBe(20);
    expect(editor.value).toBe(DRAFT);
    const edited = `${DRAFT}\n\nHelsingissä 5.3.2026`;
    fireEvent.change(editor, { target: { value: edited } });
    fireEvent.click(within(dialog()).getByRole('tab', { hidden: true, name: 'Preview' }));
    expect(screen.getByTestId('claim-preview').textContent).toContain('Helsingissä 5.3.2026');

    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        blobs.push(blob);
        return 'blob:claim';
      }),
      revokeObjectURL: vi.fn(),
    });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    fireEvent.click(button('Download as markdown'));
    expect(saved).toEqual(['Claim_2026-03-05.md']);
    expect(blobs[0]?.type).toBe('text/markdown;charset=utf-8');
    expect(await blobs[0]?.text()).toBe(edited);

    fireEvent.click(button('Save as PDF'));
    await settle();
    expect(api.callsTo('POST /dispute/d1/saveclaimaspdf')[0]?.body).toEqual({ markdownContent: edited });
    expect(screen.getByTestId('claim-pdf-saved').textContent).toBe(
      'The claim application has been successfully saved as PDF in the Claim phase',
    );
    expect(onSavedAsPdf).toHaveBeenCalledTimes(1);
    await advance(4_900);
    expect(screen.queryByTestId('claim-pdf-saved')).not.toBeNull();
    await advance(100);
    expect(screen.queryByTestId('claim-pdf-saved')).toBeNull();

    // Generate New Claim goes back to the selection.
    fireEvent.click(button('Generate New Claim'));
    await settle();
    expect(screen.getByText('Files of the Claim phase')).toBeTruthy();
    expect(isDisabled(button('Generate'))).toBe(false);
  });

  it('lists what the server warns about when it saved the PDF, until the next save', async () => {
    const warnings = [
      'Check oikeustoimilain 52 § before filing the claim: Säädöksessä … ei ole 52 §:ää; pykälät ovat 1–41.',
      'Check KKO 2019:56 before filing the claim: Ennakkopäätöstä KKO 2019:56 ei ole tarkistettu asiakirja-aineistosta.',
    ];
    let answer = () =>
      jsonResponse(
        { data: { id: 'a9', fileName: 'Claim_2026-03-05.pdf', dateCreated: DAY, size: 9000 }, warnings },
        201,
      );
    await startGenerating({
      statuses: [{ jobId: 'job-1', status: 'Completed' }],
      routes: { 'POST /dispute/d1/saveclaimaspdf': () => answer() },
    });
    await advance(15_000);
    fireEvent.click(button('Save as PDF'));
    await settle();
    expect(screen.getByTestId('claim-pdf-saved')).toBeTruthy();
    const shown = screen.getByTestId('claim-pdf-warnings');
    expect(shown.textContent).toContain('Check these references in the saved claim:');
    expect([...shown.querySelectorAll('li')].map((item) => item.textContent)).toEqual(warnings);
    answer = () =>
      jsonResponse({ data: { id: 'a10', fileName: 'Claim_2026-03-05 (2).pdf', dateCreated: DAY, size: 9000 } }, 201);
    fireEvent.click(button('Save as PDF'));
    await settle();
    expect(screen.queryByTestId('claim-pdf-warnings')).toBeNull();
  });

  it("shows the server's reason when the PDF cannot be saved, else its own", async () => {
    let answer: () => Response | Promise<Response> = () =>
      jsonResponse({ code: 'phase_locked', message: 'This phase is closed: its files can no longer be changed.' }, 409);
    const { onSavedAsPdf } = await startGenerating({
      statuses: [{ jobId: 'job-1', status: 'Completed' }],
      routes: { 'POST /dispute/d1/saveclaimaspdf': () => answer() },
    });
    await advance(15_000);
    fireEvent.click(button('Save as PDF'));
    await settle();
    expect(screen.getByTestId('claim-pdf-error').textContent).toBe(
      'This phase is closed: its files can no longer be changed.',
    );
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    fireEvent.click(button('Save as PDF'));
    await settle();
    expect(screen.getByTestId('claim-pdf-error').textContent).toBe('Error saving claim as PDF.');
    expect(screen.queryByTestId('claim-pdf-saved')).toBeNull();
    expect(onSavedAsPdf).not.toHaveBeenCalled();
  });
});

describe('claim generator store', () => {
  it('refuses a Generate without files or without a dispute id, asking nothing of the server', async () => {
    initI18n();
    const api = serve();
    const claimant = { name: 'Alice Oy', address: '' };
    await useClaimGeneratorStore.getState().generate({ disputeId: 'd1', fileIds: [], caseName: 'X', claimant });
    expect(useClaimGeneratorStore.getState()).toMatchObject({
      stage: 'select',
      error: 'Please select at least one file',
    });
    await useClaimGeneratorStore.getState().generate({ disputeId: '', fileIds: ['a1'], caseName: 'X', claimant });
    expect(useClaimGeneratorStore.getState()).toMatchObject({ stage: 'select', error: 'Missing required disputeId' });
    expect(api.calls).toHaveLength(0);
  });
});
