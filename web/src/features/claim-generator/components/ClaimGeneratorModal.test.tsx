import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import type {
  AttachmentView,
  ClaimDraftView,
  DisputeView,
  JobStatusView,
  PhaseView,
  WorkFileView,
} from '@ratkaisu/core';
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
  /** The user's draft on the server when the modal opens (null: none). */
  draft?: ClaimDraftView | null;
  routes?: Record<string, MockHandler>;
}

const readyDraft = (overrides: Partial<ClaimDraftView> = {}): ClaimDraftView => ({
  jobId: 'job-1',
  markdown: DRAFT,
  generatedAt: '2026-03-05T08:00:20Z',
  updatedAt: '2026-03-05T08:00:20Z',
  edited: false,
  version: 'v1',
  ...overrides,
});

/** A server with the claim draft kept as the routes keep it: replaced by Generate, changed by PUT, filed once. */
function serve({
  dispute: theDispute = dispute(),
  phases = [claimPhase(CLAIM_FILES)],
  workFiles = [],
  statuses = [{ jobId: 'job-1', status: 'Running' }],
  draft: initialDraft = null,
  routes,
}: Setup = {}) {
  let next = 0;
  let versions = 1;
  let jobDone = false;
  const state: { draft: ClaimDraftView | null; filed: string[] } = { draft: initialDraft, filed: [] };
  const api = mockApi({
    'GET /api/dispute/d1': () => jsonResponse(theDispute),
    'GET /api/dispute/d1/phases': () => jsonResponse(phases),
    'GET /api/dispute/d1/workfiles': () => jsonResponse(workFiles),
    'POST /api/dispute/d1/generateclaim': () => {
      state.draft = { jobId: 'job-1', jobStatus: 'Queued', markdown: '', updatedAt: DAY, edited: false, version: 'p1' };
      return jsonResponse({ data: { jobId: 'job-1' } }, 202);
    },
    'GET /api/dispute/job/job-1/status': () => {
      const answer = statuses[Math.min(next++, statuses.length - 1)]!;
      if (!(answer instanceof Response) && answer.status === 'Completed' && !jobDone) {
        jobDone = true;
        state.draft = readyDraft();
      }
      return answer instanceof Response ? answer.clone() : jsonResponse(answer);
    },
    'POST /api/dispute/job/job-1/stop': () => {
      state.draft = null;
      return jsonResponse({ data: { stopped: true } });
    },
    'GET /api/dispute/d1/claimdraft': () => jsonResponse({ data: state.draft }),
    'PUT /api/dispute/d1/claimdraft': (body) => {
      const { markdown, version } = body as { markdown: string; version: string };
      if (!state.draft || version !== state.draft.version) {
        return jsonResponse({ code: 'conflict', message: 'stale', current: state.draft }, 409);
      }
      versions += 1;
      state.draft = { ...state.draft, markdown, edited: true, version: `v${versions}`, updatedAt: DAY };
      return jsonResponse({ data: state.draft });
    },
    'DELETE /api/dispute/d1/claimdraft': () => {
      state.draft = null;
      return new Response(null, { status: 204 });
    },
    'POST /api/dispute/d1/claimdraft/pdf': () =>
      new Response('%PDF-1.7', {
        status: 200,
        headers: { 'Content-Type': 'application/pdf' },
      }),
    'POST /dispute/d1/saveclaimaspdf': (body) => {
      const text = (body as { markdownContent: string }).markdownContent;
      const data = { id: 'a9', fileName: 'Claim_2026-03-05.pdf', dateCreated: DAY, size: 9000 };
      if (state.filed.includes(text)) return jsonResponse({ data, phaseId: 'p1', alreadyFiled: true });
      state.filed.push(text);
      return jsonResponse({ data, phaseId: 'p1' }, 201);
    },
    ...routes,
  });
  return { ...api, state };
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
  return screen.getByTestId('job-progress-stage').textContent;
}

beforeEach(() =>
  useClaimGeneratorStore.setState({ stage: 'loading', draft: null, jobId: null, markdown: '', error: null }),
);
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
    expect(await screen.findByTestId('claim-progress')).toBeTruthy();
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
    // A dispute without a name is sent as 'Dispute' (docs/product.md section 3).
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

describe('claim generator: errors of Generate (docs/product.md section 8)', () => {
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

describe('claim generator: errors of Generate in Finnish', () => {
  it('words a refusal by its reason and a lost connection in Finnish, never the server’s English', async () => {
    let calls = 0;
    serve({
      routes: {
        'POST /api/dispute/d1/generateclaim': () => {
          calls += 1;
          if (calls > 1) return Promise.reject(new TypeError('Failed to fetch'));
          return jsonResponse(
            {
              code: 'bad_request',
              reason: 'claims.filesNotFound',
              params: {},
              message: 'Selected files could not be found.',
            },
            400,
          );
        },
      },
    });
    renderModal({ preselectedFileIds: ['a1'] });
    const { default: i18n } = await import('i18next');
    await act(() => i18n.changeLanguage('fi'));
    try {
      await screen.findByText('Kanne-vaiheen asiakirjat');
      fireEvent.click(button('Laadi'));
      expect((await screen.findByTestId('claim-generator-error')).textContent).toBe(
        'Virhe: Valittuja tiedostoja ei löytynyt.',
      );
      fireEvent.click(button('Laadi'));
      await screen.findByText('Palvelimeen ei saatu yhteyttä. Tarkista verkkoyhteytesi ja yritä uudelleen.');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
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

  const statusCalls = (api: ReturnType<typeof serve>) => api.callsTo('GET /api/dispute/job/job-1/status');

  it('asks for the first status within a second and shows the stage the server reports, not a simulation', async () => {
    const { api } = await startGenerating({
      statuses: [
        { jobId: 'job-1', status: 'Running', progress: { stage: 'extracting' } },
        { jobId: 'job-1', status: 'Running', progress: { stage: 'ocr', done: 3, total: 12, fileName: 'Lasku.pdf' } },
        { jobId: 'job-1', status: 'Running', progress: { stage: 'drafting' }, estimateSeconds: 40 },
      ],
    });
    expect(progressText()).toBe('Waiting to start…');
    await advance(1_000);
    expect(statusCalls(api)).toHaveLength(1);
    expect(progressText()).toBe('Extracting text from the documents…');
    await advance(1_000);
    expect(progressText()).toBe('Reading scanned pages 3/12 (Lasku.pdf)');
    await advance(1_000);
    expect(progressText()).toBe('The language model is writing the draft…');
    expect(screen.getByTestId('job-progress-estimate').textContent).toBe('About 40 seconds left');
    // Backing off: 2 s, 2 s, 3 s … up to docs/product.md's 15 s.
    await advance(2_000);
    expect(statusCalls(api)).toHaveLength(4);
  });

  it('shows the draft as soon as the job completes, with its date, and keeps it on the server', async () => {
    const { api } = await startGenerating({
      statuses: [
        { jobId: 'job-1', status: 'Running', progress: { stage: 'drafting' } },
        { jobId: 'job-1', status: 'Completed' },
      ],
    });
    await advance(2_000);
    expect(statusCalls(api)).toHaveLength(2);
    expect(screen.getByTestId('claim-preview').textContent).toContain('Haastehakemus');
    expect(screen.getByTestId('claim-draft-date').textContent).toMatch(/^Draft of /);
    expect(api.callsTo('GET /api/dispute/d1/claimdraft').length).toBeGreaterThanOrEqual(2);
    await advance(60_000);
    expect(statusCalls(api)).toHaveLength(2);
  });

  it('Stop asks the server to stop the job and goes back to the files; polling ends', async () => {
    const { api } = await startGenerating();
    await advance(1_000);
    fireEvent.click(button('Stop'));
    await settle();
    expect(api.callsTo('POST /api/dispute/job/job-1/stop')).toHaveLength(1);
    expect(screen.getByText('Files of the Claim phase')).toBeTruthy();
    const asked = statusCalls(api).length;
    await advance(60_000);
    expect(statusCalls(api)).toHaveLength(asked);
  });

  it('stops polling when the modal closes, and follows the job again when it reopens', async () => {
    const { api, unmount } = await startGenerating();
    await advance(1_000);
    unmount();
    await advance(600_000);
    expect(statusCalls(api)).toHaveLength(1);
    // The server still has the job as the draft: the next opening follows it again.
    api.state.draft = { ...api.state.draft!, jobStatus: 'Running' };
    renderModal();
    await settle();
    expect(screen.getByTestId('claim-progress')).toBeTruthy();
    await advance(1_000);
    expect(statusCalls(api)).toHaveLength(2);
  });

  it('gives up after five failed checks with docs/product.md’s text', async () => {
    await startGenerating({ statuses: [jsonResponse({ code: 'internal', message: 'x' }, 500)] });
    await advance(1_000 + 2_000 + 4_000 + 8_000 + 16_000);
    expect(screen.getByTestId('claim-generator-error').textContent).toBe(
      'Failed to check claim application status after multiple attempts.',
    );
  });

  it('shows the reason of a failed job over the file selection', async () => {
    await startGenerating({
      statuses: [{ jobId: 'job-1', status: 'Failed', errorMessage: 'The selected files hold too much text.' }],
    });
    await advance(1_000);
    expect(screen.getByTestId('claim-generator-error').textContent).toBe('The selected files hold too much text.');
  });
});

describe('claim generator: the kept draft', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-03-05T08:00:00Z'));
  });

  function captureDownloads() {
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        blobs.push(blob);
        return 'blob:claim';
      }),
      revokeObjectURL: vi.fn(),
    });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    return { blobs, names };
  }

  it('opens on the draft kept on the server, rendered, with its date', async () => {
    serve({ draft: readyDraft() });
    renderModal();
    await settle();
    const preview = screen.getByTestId('claim-preview');
    expect(within(preview).getByRole('heading', { hidden: true, level: 1, name: 'Haastehakemus' })).toBeTruthy();
    expect(within(preview).getByText('Alice Oy').tagName).toBe('STRONG');
    expect(screen.getByTestId('claim-draft-date').textContent).toMatch(/^Draft of /);
    expect(screen.getByTestId('claim-draft-save-state').textContent).toBe(
      'Kept for this case until you discard it or generate a new one',
    );
  });

  it('saves edits after a pause, conditional on the version, and on closing', async () => {
    const api = serve({ draft: readyDraft() });
    const { unmount } = renderModal();
    await settle();
    fireEvent.click(within(dialog()).getByRole('tab', { hidden: true, name: 'Edit' }));
    const editor = within(dialog()).getByRole<HTMLTextAreaElement>('textbox', {
      hidden: true,
      name: 'Claim application (markdown)',
    });
    expect(editor.rows).toBe(20);
    fireEvent.change(editor, { target: { value: `${DRAFT}\n\nA` } });
    fireEvent.change(editor, { target: { value: `${DRAFT}\n\nAB` } });
    expect(screen.getByTestId('claim-draft-save-state').textContent).toBe('Unsaved changes…');
    await advance(799);
    expect(api.callsTo('PUT /api/dispute/d1/claimdraft')).toHaveLength(0);
    await advance(1);
    expect(api.callsTo('PUT /api/dispute/d1/claimdraft').map((call) => call.body)).toEqual([
      { markdown: `${DRAFT}\n\nAB`, version: 'v1' },
    ]);
    expect(screen.getByTestId('claim-draft-save-state').textContent).toMatch(/^Your edits are saved/);

    // An edit made just before closing is saved still.
    fireEvent.change(editor, { target: { value: `${DRAFT}\n\nABC` } });
    unmount();
    await settle();
    expect(api.callsTo('PUT /api/dispute/d1/claimdraft').at(-1)?.body).toEqual({
      markdown: `${DRAFT}\n\nABC`,
      version: 'v2',
    });
    expect(api.state.draft?.markdown).toBe(`${DRAFT}\n\nABC`);
  });

  it('shows the newer version when the draft was changed elsewhere', async () => {
    const api = serve({ draft: readyDraft() });
    renderModal();
    await settle();
    api.state.draft = readyDraft({ markdown: '# Toisesta välilehdestä', version: 'v7', edited: true });
    fireEvent.click(within(dialog()).getByRole('tab', { hidden: true, name: 'Edit' }));
    fireEvent.change(within(dialog()).getByRole('textbox', { hidden: true }), { target: { value: 'oma' } });
    await advance(800);
    expect(screen.getByTestId('claim-draft-newer')).toBeTruthy();
    expect(within(dialog()).getByRole<HTMLTextAreaElement>('textbox', { hidden: true }).value).toBe(
      '# Toisesta välilehdestä',
    );
  });

  it('files the draft once, naming the document; a second filing says it is already filed', async () => {
    const api = serve({ draft: readyDraft() });
    const { onSavedAsPdf } = renderModal();
    await settle();
    expect(button('File as PDF in the Claim phase')).toBeTruthy();
    fireEvent.click(button('File as PDF in the Claim phase'));
    await settle();
    expect(api.callsTo('POST /dispute/d1/saveclaimaspdf')[0]?.body).toEqual({ markdownContent: DRAFT });
    const saved = screen.getByTestId('claim-pdf-saved');
    expect(saved.textContent).toBe(
      'The claim application has been successfully saved as PDF in the Claim phaseFiled as Claim_2026-03-05.pdf',
    );
    expect(within(saved).getByTestId('claim-filed-link').textContent).toBe('Claim_2026-03-05.pdf');
    expect(onSavedAsPdf).toHaveBeenCalledTimes(1);

    fireEvent.click(button('File as PDF in the Claim phase'));
    await settle();
    expect(screen.getByTestId('claim-pdf-already-filed').textContent).toBe(
      'This draft is already filed in the Claim phase as Claim_2026-03-05.pdf',
    );
    expect(screen.queryByTestId('claim-pdf-saved')).toBeNull();
    // After docs/product.md's 5 s the message goes; the draft still says where it is filed.
    await advance(5_000);
    expect(screen.getByTestId('claim-draft-filed').textContent).toMatch(
      /^Filed in the Claim phase on .* as Claim_2026-03-05\.pdf$/,
    );
  });

  it('files the edit waiting for its save as saved first', async () => {
    const api = serve({ draft: readyDraft() });
    renderModal();
    await settle();
    fireEvent.click(within(dialog()).getByRole('tab', { hidden: true, name: 'Edit' }));
    fireEvent.change(within(dialog()).getByRole('textbox', { hidden: true }), { target: { value: `${DRAFT}\nX` } });
    fireEvent.click(button('File as PDF in the Claim phase'));
    await settle();
    expect(api.callsTo('PUT /api/dispute/d1/claimdraft')).toHaveLength(1);
    expect(api.callsTo('POST /dispute/d1/saveclaimaspdf')[0]?.body).toEqual({ markdownContent: `${DRAFT}\nX` });
  });

  it('downloads a PDF without filing it, and the markdown', async () => {
    const api = serve({ draft: readyDraft() });
    renderModal();
    await settle();
    const downloads = captureDownloads();
    fireEvent.click(button('Download PDF'));
    await settle();
    expect(api.callsTo('POST /api/dispute/d1/claimdraft/pdf')[0]?.body).toEqual({ markdownContent: DRAFT });
    expect(api.callsTo('POST /dispute/d1/saveclaimaspdf')).toHaveLength(0);
    expect(screen.queryByTestId('claim-download-error')?.textContent ?? null).toBeNull();
    expect(downloads.names).toEqual(['Claim_2026-03-05.pdf']);
    expect(downloads.blobs[0]?.size).toBeGreaterThan(0);
    fireEvent.click(button('Download as markdown'));
    expect(downloads.names).toEqual(['Claim_2026-03-05.pdf', 'Claim_2026-03-05.md']);
    expect(await downloads.blobs[1]?.text()).toBe(DRAFT);
  });

  it('discards the draft after asking, with its version', async () => {
    const api = serve({ draft: readyDraft() });
    renderModal();
    await settle();
    fireEvent.click(button('Discard draft'));
    expect(screen.getByTestId('claim-discard-confirm')).toBeTruthy();
    expect(api.callsTo('DELETE /api/dispute/d1/claimdraft')).toHaveLength(0);
    fireEvent.click(button(/^Discard$/));
    await settle();
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(true);
    expect(screen.getByText('Files of the Claim phase')).toBeTruthy();
    expect(api.state.draft).toBeNull();
  });

  it('Generate New Claim keeps the draft until the new one is generated, and can go back to it', async () => {
    serve({ draft: readyDraft() });
    renderModal();
    await settle();
    fireEvent.click(button('Generate New Claim'));
    await settle();
    expect(screen.getByTestId('claim-draft-replaced-note').textContent).toBe(
      'Generating a new claim replaces your current draft.',
    );
    fireEvent.click(button('Back to the draft'));
    expect(screen.getByTestId('claim-preview')).toBeTruthy();
  });

  it("shows the server's reason when the PDF cannot be filed, else its own", async () => {
    let answer: () => Response | Promise<Response> = () =>
      jsonResponse({ code: 'phase_locked', message: 'This phase is closed: its files can no longer be changed.' }, 409);
    serve({ draft: readyDraft(), routes: { 'POST /dispute/d1/saveclaimaspdf': () => answer() } });
    const { onSavedAsPdf } = renderModal();
    await settle();
    fireEvent.click(button('File as PDF in the Claim phase'));
    await settle();
    expect(screen.getByTestId('claim-pdf-error').textContent).toBe(
      'This phase is closed: its files can no longer be changed.',
    );
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    fireEvent.click(button('File as PDF in the Claim phase'));
    await settle();
    expect(screen.getByTestId('claim-pdf-error').textContent).toBe('Error saving claim as PDF.');
    expect(onSavedAsPdf).not.toHaveBeenCalled();
  });

  it('lists what the server warns about when it filed the PDF', async () => {
    const warnings = ['Check KKO 2019:56 before filing the claim: Ennakkopäätöstä ei ole tarkistettu.'];
    serve({
      draft: readyDraft(),
      routes: {
        'POST /dispute/d1/saveclaimaspdf': () =>
          jsonResponse(
            { data: { id: 'a9', fileName: 'Claim_2026-03-05.pdf', dateCreated: DAY }, phaseId: 'p1', warnings },
            201,
          ),
      },
    });
    renderModal();
    await settle();
    fireEvent.click(button('File as PDF in the Claim phase'));
    await settle();
    expect(
      [...screen.getByTestId('claim-pdf-warnings').querySelectorAll('li')].map((item) => item.textContent),
    ).toEqual(warnings);
  });
});

describe('claim generator store', () => {
  it('refuses a Generate without files or without a dispute id, asking nothing of the server', async () => {
    initI18n();
    const api = serve();
    useClaimGeneratorStore.setState({ stage: 'select', error: null });
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
