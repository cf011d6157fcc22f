import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { defaultDecisionSettings, type JobStatusView } from '@ratkaisu/core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { installFakeXhr, type FakeXhr } from '../../../test/fake-xhr';
import { jsonResponse, mockApi, type MockHandler } from '../../../test/mock-api';
import GenerateDecisionPage from './GenerateDecisionPage';

const MB = 1024 * 1024;
const START_PATH = '/api/dispute/generatedecisionanonymous';
const STATUS = 'GET /api/dispute/job/job-1/status';
const RESULT = 'GET /api/dispute/job/job-1/result';

function pdf(name: string, size?: number): File {
  const file = new File(['%PDF-1.7 test'], name, { type: 'application/pdf', lastModified: 1 });
  // A real 20 MB file would only slow the test down; the page reads nothing but the size.
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

interface Setup {
  /** The status answers in order; the last one repeats. */
  statuses?: (JobStatusView | Response)[];
  routes?: Record<string, MockHandler>;
  /** How the upload is answered; default 202 with the job id. */
  answerUpload?: (request: FakeXhr) => void;
}

function serve({ statuses = [{ jobId: 'job-1', status: 'Running' }], routes, answerUpload }: Setup = {}) {
  let next = 0;
  const api = mockApi({
    [STATUS]: () => {
      const answer = statuses[Math.min(next++, statuses.length - 1)]!;
      return answer instanceof Response ? answer.clone() : jsonResponse(answer);
    },
    [RESULT]: () => new Response('%PDF-1.7 decision', { headers: { 'Content-Type': 'application/pdf' } }),
    ...routes,
  });
  const uploads = installFakeXhr((request) =>
    queueMicrotask(() => {
      if (answerUpload) answerUpload(request);
      else request.respond(202, { jobId: 'job-1', data: { jobId: 'job-1' } });
    }),
  );
  return { api, uploads };
}

function renderPage() {
  initI18n();
  return render(
    <FluentProvider theme={webLightTheme}>
      <GenerateDecisionPage />
    </FluentProvider>,
  );
}

// Node's, which the fake timers leave alone (web code is typed for the browser, which has none).
const realSetImmediate = (globalThis as unknown as { setImmediate: (callback: (value?: unknown) => void) => void })
  .setImmediate;

/** Lets pending answers and the renders they cause happen, without moving the fake clock. */
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

const drop = (files: File[]) => fireEvent.change(screen.getByTestId('anonymous-file-input'), { target: { files } });
const listed = () =>
  within(screen.getByTestId('anonymous-file-list'))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
const errorText = () => screen.queryByTestId('anonymous-error')?.textContent ?? null;
const statusText = () => screen.getByTestId('job-progress-stage').textContent;
const currentPhase = () =>
  within(screen.getByTestId('anonymous-progress'))
    .getAllByRole('listitem')
    .find((item) => item.getAttribute('aria-current') === 'step')?.textContent;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(new Date('2026-03-05T08:00:00Z'));
  window.localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the anonymous decision generator: choosing files', () => {
  it('lists the PDFs chosen, with sizes and delete buttons, and refuses other files with the spec text', async () => {
    serve();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Create a Decision' })).toBeTruthy();
    drop([pdf('Haastehakemus.pdf', 2 * MB), pdf('Sopimus.pdf', 300 * 1024)]);
    await settle();
    expect(listed()).toEqual(['Haastehakemus.pdf2 MBDelete', 'Sopimus.pdf300 KBDelete']);
    expect(screen.getByTestId('anonymous-file-summary').textContent).toBe('2 documents, 2.3 MB');

    drop([new File(['hello'], 'notes.txt', { type: 'text/plain' }), pdf('Lasku.pdf')]);
    await settle();
    expect(errorText()).toBe('Only PDF files are allowed.Reason: notes.txt is not a PDF.');
    expect(listed()).toHaveLength(3);

    // The same file chosen again is listed once.
    drop([pdf('Lasku.pdf')]);
    await settle();
    expect(listed()).toHaveLength(3);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Sopimus.pdf' }));
    await settle();
    expect(listed().map((text) => text?.replace(/\d.*$/, ''))).toEqual(['Haastehakemus.pdf', 'Lasku.pdf']);
    expect(errorText()).toBeNull();
  });

  it('keeps the total within 20 MB before anything is sent', async () => {
    const { uploads } = serve();
    renderPage();
    drop([pdf('a.pdf', 15 * MB)]);
    await settle();
    drop([pdf('b.pdf', 6 * MB)]);
    await settle();
    // docs/product.md's sentence, then the files and the limit in MB.
    expect(errorText()).toBe(
      'Total document size cannot exceed 20MB. Please select smaller files.' +
        'Reason: a.pdf, b.pdf: together 21 MB, more than the limit of 20 MB per upload. Upload fewer or smaller files at a time.',
    );
    expect(listed()).toHaveLength(1);
    drop([pdf('c.pdf', 5 * MB)]);
    await settle();
    expect(listed()).toHaveLength(2);
    expect(errorText()).toBeNull();
    expect(uploads).toHaveLength(0);
  });

  it('offers Generate only once a file is chosen, and sends nothing without one', async () => {
    const { uploads } = serve();
    renderPage();
    const generate = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Create decision' });
    expect(generate().disabled).toBe(true);
    fireEvent.click(generate());
    await settle();
    expect(uploads).toHaveLength(0);
    drop([pdf('x.pdf')]);
    await settle();
    expect(generate().disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Delete x.pdf' }));
    await settle();
    expect(generate().disabled).toBe(true);
  });

  it.each([
    [
      413,
      { code: 'payload_too_large', message: 'The total size of the documents exceeds 20MB.' },
      'Total document size cannot exceed 20MB. Please reduce the size or number of your documents.',
    ],
    [
      400,
      { code: 'not_pdf', message: 'Only PDF files are allowed', fields: { file: 'x.pdf' } },
      'Only PDF files are allowedReason: x.pdf is not a PDF.',
    ],
    [
      400,
      {
        code: 'damaged_pdf',
        message: 'x.pdf is damaged and cannot be opened as a PDF.',
        fields: { file: 'x.pdf' },
      },
      'x.pdf is damaged and cannot be opened as a PDF.',
    ],
    [
      429,
      {
        code: 'too_many_requests',
        message: 'Too many decisions have been requested from this address. Please try again later.',
      },
      'Too many decisions have been requested from this address. Please try again later.',
    ],
    [500, undefined, 'Error generating decision'],
    [202, {}, 'No job ID received from server'],
  ] as const)('a %i answer to Generate says so, keeping the files', async (status, body, text) => {
    serve({ answerUpload: (request) => request.respond(status, body) });
    renderPage();
    drop([pdf('x.pdf')]);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Create decision' }));
    await settle();
    expect(errorText()).toBe(text);
    expect(listed()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Create decision' })).toBeTruthy();
  });
});

describe('the anonymous decision generator: following the job', () => {
  async function startGenerating(setup: Setup = {}) {
    const served = serve(setup);
    const view = renderPage();
    drop([pdf('Haastehakemus.pdf'), pdf('Sopimus.pdf')]);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Create decision' }));
    await settle();
    return { ...served, ...view };
  }

  it('sends every file as a files part, with the saved settings when they are valid', async () => {
    const saved = { ...defaultDecisionSettings(), temperature: 0.4 };
    window.localStorage.setItem('settings', JSON.stringify(saved));
    const { uploads } = await startGenerating();
    expect(uploads).toHaveLength(1);
    const request = uploads[0]!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe(START_PATH);
    const body = request.body as FormData;
    expect(body.getAll('files').map((part) => (part as File).name)).toEqual(['Haastehakemus.pdf', 'Sopimus.pdf']);
    expect(JSON.parse(body.get('settings') as string)).toEqual(saved);

    cleanup();
    window.localStorage.setItem('settings', '{"temperature": 7}');
    const again = await startGenerating();
    expect((again.uploads[0]!.body as FormData).has('settings')).toBe(false);
  });

  it('shows the upload, then the phase and stage the server reports', async () => {
    let upload: FakeXhr | undefined;
    await startGenerating({
      answerUpload: (request) => (upload = request),
      statuses: [
        { jobId: 'job-1', status: 'Queued', queue: { position: 3, etaSeconds: 240 } },
        { jobId: 'job-1', status: 'Running', progress: { stage: 'extracting' } },
        { jobId: 'job-1', status: 'Running', progress: { stage: 'drafting', done: 2, total: 7 }, estimateSeconds: 200 },
        { jobId: 'job-1', status: 'Running', progress: { stage: 'rendering' } },
      ],
    });
    upload!.progress(40, 100);
    await settle();
    expect(statusText()).toBe('Uploading documents... 40%');
    expect(currentPhase()).toBe('Start');
    upload!.respond(202, { jobId: 'job-1' });
    await settle();
    expect(statusText()).toBe('Waiting to start…');

    await advance(500);
    expect(statusText()).toBe('Waiting for model capacity — 3rd in line, about 4 minutes');
    expect(currentPhase()).toBe('Start');
    await advance(1_000);
    expect(statusText()).toBe('Extracting text from the documents…');
    expect(currentPhase()).toBe('Processing');
    await advance(1_000);
    expect(statusText()).toBe('Writing chapter 3 of 7…');
    expect(screen.getByTestId('job-progress-estimate').textContent).toBe('About 3 minutes left');
    expect(currentPhase()).toBe('Generating');
    await advance(2_000);
    expect(statusText()).toBe('Rendering the PDF…');
    expect(currentPhase()).toBe('Finalizing');
  });

  it('asks for the first status within a second, backs off to 15 s, then fetches the PDF as decision.pdf', async () => {
    const { api } = await startGenerating({
      statuses: [
        { jobId: 'job-1', status: 'Queued' },
        { jobId: 'job-1', status: 'Running' },
        { jobId: 'job-1', status: 'Completed', details: ['[A1 s.9] ei löydy asiakirjasta.'] },
      ],
    });
    const polls = () => api.callsTo(STATUS).length;
    await advance(499);
    expect(polls()).toBe(0);
    await advance(1);
    expect(polls()).toBe(1);
    await advance(1_000);
    expect(polls()).toBe(2);
    expect(api.callsTo(RESULT)).toHaveLength(0);
    await advance(1_000);
    expect(polls()).toBe(3);
    expect(api.callsTo(RESULT)).toHaveLength(1);
    // Signed out: no bearer token goes with the public calls.
    expect(api.callsTo(STATUS)[0]!.authorization).toBeNull();

    const success = screen.getByTestId('anonymous-success');
    expect(success.textContent).toContain('Your decision is ready');
    expect(screen.getByTestId('anonymous-notes').textContent).toBe('[A1 s.9] ei löydy asiakirjasta.');
    expect(screen.queryByTestId('anonymous-progress')).toBeNull();

    const saved: { name: string; blob: Blob }[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        saved.push({ name: '', blob });
        return 'blob:decision';
      }),
      revokeObjectURL: vi.fn(),
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved[saved.length - 1]!.name = this.download;
    });
    fireEvent.click(within(success).getByRole('button', { name: 'Download Decision PDF' }));
    await settle();
    expect(saved.map((entry) => entry.name)).toEqual(['decision.pdf']);
    expect(await saved[0]!.blob.text()).toBe('%PDF-1.7 decision');
    // The PDF was fetched once; Download saves that copy.
    expect(api.callsTo(RESULT)).toHaveLength(1);

    await advance(600_000);
    expect(polls()).toBe(3);
    fireEvent.click(within(success).getByRole('button', { name: 'Start New Decision' }));
    await settle();
    expect(screen.queryByTestId('anonymous-file-list')).toBeNull();
    expect(screen.getByRole('button', { name: 'Create decision' })).toBeTruthy();
  });

  it('never asks more often than every 15 s however long the job runs', async () => {
    const { api } = await startGenerating();
    await advance(600_000);
    const calls = api.callsTo(STATUS).length;
    await advance(150_000);
    expect(api.callsTo(STATUS).length - calls).toBeGreaterThanOrEqual(10);
    expect(api.callsTo(STATUS).length - calls).toBeLessThanOrEqual(30);
  });

  it('Cancel stops following the job, asks the server to stop it, and keeps the files', async () => {
    const { api } = await startGenerating({
      routes: { 'POST /api/dispute/job/job-1/stop': () => jsonResponse({ data: { stopped: true } }) },
    });
    await advance(500);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await settle();
    expect(api.callsTo('POST /api/dispute/job/job-1/stop')).toHaveLength(1);
    expect(screen.queryByTestId('anonymous-progress')).toBeNull();
    expect(listed()).toHaveLength(2);
    const polls = api.callsTo(STATUS).length;
    await advance(600_000);
    expect(api.callsTo(STATUS)).toHaveLength(polls);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Create decision' }).disabled).toBe(false);
  });

  it('Cancel during the upload aborts it', async () => {
    let upload: FakeXhr | undefined;
    const { api } = await startGenerating({ answerUpload: (request) => (upload = request) });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await settle();
    expect(upload!.aborted).toBe(true);
    expect(listed()).toHaveLength(2);
    expect(api.callsTo(STATUS)).toHaveLength(0);
  });

  it('backs off 15 s × 1.5^attempt plus jitter (at most 30 s) after failed checks and gives up after five', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const down = jsonResponse({ code: 'internal', message: 'Temporarily unavailable.' }, 503);
    const { api } = await startGenerating({ statuses: [down] });
    const polls = () => api.callsTo(STATUS).length;
    // The first check within a second; after each failure 15 s, 22.5 s, 30 s (33.75 s capped), 30 s, each with
    // 0.5 s of jitter below the cap.
    const waits = [500, 15_500, 23_000, 30_000, 30_000];
    for (const [index, wait] of waits.entries()) {
      await advance(wait - 1);
      expect(polls()).toBe(index);
      await advance(1);
      expect(polls()).toBe(index + 1);
    }
    expect(errorText()).toBe('Connection lost. The process may still be running. Please check status later.');
    await advance(600_000);
    expect(polls()).toBe(5);
  });

  it('starts counting failures again after a check that works', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const down = jsonResponse({ code: 'internal', message: 'Down.' }, 503);
    const running: JobStatusView = { jobId: 'job-1', status: 'Running' };
    const { api } = await startGenerating({ statuses: [down, down, down, down, running, down, down, down, down] });
    await advance(500 + 15_000 + 22_500 + 30_000 + 30_000 + 1_000 + 15_000 + 22_500 + 30_000 + 30_000);
    expect(api.callsTo(STATUS)).toHaveLength(10);
    expect(errorText()).toBe('Connection lost. The process may still be running. Please check status later.');
  });

  it.each([
    [
      { jobId: 'job-1', status: 'Failed', errorMessage: '"Skannaus.pdf" has no text that can be read.' },
      'Reason: "Skannaus.pdf" has no text that can be read.',
    ],
    [{ jobId: 'job-1', status: 'Deleted' }, null],
    [jsonResponse({ code: 'not_found', message: 'Job not found.' }, 404), null],
  ] as const)('a job that failed or is gone (%o) ends with the spec text', async (answer, reason) => {
    const { api } = await startGenerating({ statuses: [answer as JobStatusView | Response] });
    await advance(15_000);
    const error = screen.getByTestId('anonymous-error');
    expect(error.textContent).toBe(`The job failed/deleted. Please try again.${reason ?? ''}`);
    expect(api.callsTo(RESULT)).toHaveLength(0);
    await advance(60_000);
    expect(api.callsTo(STATUS)).toHaveLength(1);
    // The files stay, so the user can try again.
    expect(listed()).toHaveLength(2);
  });

  it('says why the decision could not be downloaded, and tries again on Download', async () => {
    let resultAnswers = 0;
    const { api } = await startGenerating({
      statuses: [{ jobId: 'job-1', status: 'Completed' }],
      routes: {
        [RESULT]: () =>
          resultAnswers++ === 0
            ? jsonResponse({ code: 'not_found', message: 'Job not found.' }, 404)
            : new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } }),
      },
    });
    await advance(15_000);
    expect(screen.getByTestId('anonymous-download-error').textContent).toBe('Job not found.');
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:decision'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Download Decision PDF' }));
    await settle();
    expect(api.callsTo(RESULT)).toHaveLength(2);
    expect(click).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('anonymous-download-error')).toBeNull();
  });

  it('stops following the job when the page is left', async () => {
    const { api, unmount } = await startGenerating();
    await advance(500);
    expect(api.callsTo(STATUS)).toHaveLength(1);
    unmount();
    await advance(600_000);
    expect(api.callsTo(STATUS)).toHaveLength(1);
  });
});

describe('the anonymous decision generator in Finnish', () => {
  it('says the server’s refusal by its reason, and a lost connection, in Finnish', async () => {
    let answered = 0;
    serve({
      answerUpload: (request) => {
        answered += 1;
        if (answered > 1) return request.failNetwork();
        // The English sentence is not what the page shows: the reason and its minutes are.
        request.respond(503, {
          code: 'unavailable',
          reason: 'uploads.anonymousBusy',
          params: { minutes: 3 },
          message: 'The service is busy. Try again in 3 minutes.',
        });
      },
    });
    renderPage();
    const { default: i18n } = await import('i18next');
    await act(() => i18n.changeLanguage('fi'));
    try {
      drop([pdf('Sopimus.pdf')]);
      await settle();
      fireEvent.click(screen.getByRole('button', { name: 'Laadi ratkaisu' }));
      await settle();
      expect(errorText()).toBe('Palvelu on ruuhkautunut. Yritä uudelleen 3 minuutin kuluttua.');
      fireEvent.click(screen.getByRole('button', { name: 'Laadi ratkaisu' }));
      await settle();
      expect(errorText()).toBe('Palvelimeen ei saatu yhteyttä. Tarkista verkkoyhteytesi ja yritä uudelleen.');
      expect(listed()).toHaveLength(1);
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
