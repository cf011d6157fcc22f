import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  DECISION_MESSAGES,
  defaultDecisionSettings,
  type AttachmentView,
  type ClaimsSummaryView,
  type TribunalView,
  type DecisionStatus,
  type PhaseView,
} from '@ratkaisu/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { useAuthStore } from '../../../stores/auth-store';
import { jsonResponse, mockApi, type MockHandler } from '../../../test/mock-api';
import { caseScope } from '../../../api/query-scopes';
import { resetStores, spiedQueries, withQueries } from '../../../test/render-app';
import { DecisionCard } from './DecisionCard';
import { DECISION_SETTINGS_KEY } from '../../../stores/decision-settings';

const GENERATE = 'POST /api/dispute/d1/generatedecision';
const STOP = 'POST /api/dispute/d1/stopdecisiongeneration';

function decision(status: DecisionStatus, extra: Partial<AttachmentView> = {}): AttachmentView {
  return { id: 'dec', fileName: 'Decision_2026-11-22.pdf', dateCreated: '2026-11-22T08:00:00Z', status, ...extra };
}

function resolution(attachments: AttachmentView[]): PhaseView {
  return { id: 'p7', type: 'Resolution', dateCreated: '2026-11-21T08:00:00Z', attachments };
}

/**
 * Renders the card the way the page does: the case's refresh (its scope invalidated, `caseRefreshed`) stands for
 * the page's quiet reload, which here re-renders the card with whatever phase the test says the server has now.
 */
function renderCard(initial: AttachmentView[], routes: Record<string, MockHandler> = {}) {
  const state = { attachments: initial };
  const api = mockApi(routes);
  const queries = spiedQueries();
  const caseRefreshed = queries.invalidated.mockImplementation(async () => {
    view.rerender(card());
  });
  const card = () =>
    queries.wrap(
      <FluentProvider theme={webLightTheme}>
        <DecisionCard disputeId="d1" resolution={resolution(state.attachments)} />
      </FluentProvider>,
    );
  const view = render(card());
  return { api, state, caseRefreshed, region: () => screen.getByRole('region', { name: 'Decision' }) };
}

function button(name: string) {
  return screen.getByRole('button', { name }) as HTMLButtonElement;
}

async function dialogNamed(name: string) {
  return screen.findByRole('dialog', { hidden: true, name });
}

/** A response the test releases when it wants, to look at the card while the call is in flight. */
function deferred() {
  let release!: (response: Response) => void;
  const promise = new Promise<Response>((resolve) => (release = resolve));
  return { handler: () => promise, release };
}

beforeEach(() => {
  initI18n();
  resetStores();
  useAuthStore.getState().signIn('tok', { id: 'u1', userName: 'alice', agreedTermsOfService: 1, sessionId: 's1' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('decision card: states', () => {
  it('without a decision: says so, offers Create decision and Settings, no Stop Generating', () => {
    const { region } = renderCard([]);
    expect(within(region()).getByText(DECISION_MESSAGES.notCreated)).toBeTruthy();
    expect(button('Create decision').disabled).toBe(false);
    expect(button('Settings').disabled).toBe(false);
    expect(screen.queryByRole('button', { name: 'Stop Generating' })).toBeNull();
    // Told before use (EU AI Act Art. 50(1)): a language model writes the decision, and it is not an award.
    const notice = within(region()).getByTestId('ai-system-notice').textContent ?? '';
    expect(notice).toContain('An AI system writes this text.');
    expect(notice).toContain('It is not an arbitral award');
  });

  it('while generating: the job’s own stage (chapter n of 7), and the case fetched as soon as it ends', async () => {
    let answers = 0;
    const { state, caseRefreshed, region } = renderCard([decision('Generating', { jobId: 'job-9' })], {
      'GET /api/dispute/job/job-9/status': () =>
        answers++ === 0
          ? jsonResponse({
              jobId: 'job-9',
              status: 'Running',
              progress: { stage: 'drafting', done: 2, total: 7 },
              estimateSeconds: 150,
            })
          : jsonResponse({ jobId: 'job-9', status: 'Completed' }),
    });
    expect(await within(region()).findByText('Writing chapter 3 of 7…')).toBeTruthy();
    expect(within(region()).getByText('About 3 minutes left')).toBeTruthy();
    state.attachments = [decision('Completed')];
    await waitFor(() => expect(caseRefreshed).toHaveBeenCalledWith({ queryKey: caseScope('d1') }), { timeout: 3_000 });
    expect(await within(region()).findByText('Decision_2026-11-22.pdf')).toBeTruthy();
  });

  it('while generating a job the caller may not follow: the spinner', async () => {
    const { api, region } = renderCard([decision('Generating', { jobId: 'job-9' })]);
    await waitFor(() => expect(api.callsTo('GET /api/dispute/job/job-9/status')).toHaveLength(1));
    await waitFor(() => expect(within(region()).getByText('Generating decision...')).toBeTruthy());
  });

  it('while generating: spinner text, Create decision disabled, Stop Generating shown', () => {
    const { region } = renderCard([decision('Generating')]);
    expect(within(region()).getByText(DECISION_MESSAGES.generating)).toBeTruthy();
    expect(button('Create decision').disabled).toBe(true);
    expect(button('Stop Generating').disabled).toBe(false);
    expect(screen.queryByRole('button', { name: 'Download decision' })).toBeNull();
  });

  it('failed: the recorded error, or the generic text; a new decision may be created', () => {
    renderCard([decision('Failed', { errorMessage: DECISION_MESSAGES.stopped })]);
    expect(screen.getByText('Generation was stopped.')).toBeTruthy();
    expect(button('Create decision').disabled).toBe(false);
    cleanup();
    renderCard([decision('Failed')]);
    expect(screen.getByText('Decision generation failed')).toBeTruthy();
  });

  it('completed: the PDF to download, and the newest attachment is the one shown', async () => {
    const older = decision('Failed', { id: 'old', dateCreated: '2026-11-20T08:00:00Z', errorMessage: 'Aikakatkaisu' });
    const { api } = renderCard([older, decision('Completed')], {
      'GET /api/dispute/d1/phases/p7/attachment/dec/download': () =>
        new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } }),
    });
    expect(screen.queryByText('Aikakatkaisu')).toBeNull();
    expect(screen.getByText('Decision_2026-11-22.pdf')).toBeTruthy();
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:decision'), revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    fireEvent.click(button('Download decision'));
    await waitFor(() => expect(saved).toEqual(['Decision_2026-11-22.pdf']));
    expect(api.callsTo('GET /api/dispute/d1/phases/p7/attachment/dec/download')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Stop Generating' })).toBeNull();
  });
});

describe('decision card: earlier decisions', () => {
  it('keeps earlier finished decisions downloadable, newest first, and lists no failed ones', async () => {
    const first = decision('Completed', {
      id: 'first',
      fileName: 'Decision_2026-11-20.pdf',
      dateCreated: '2026-11-20T08:00:00Z',
    });
    const second = decision('Completed', {
      id: 'second',
      fileName: 'Decision_2026-11-21.pdf',
      dateCreated: '2026-11-21T08:00:00Z',
    });
    const failed = decision('Failed', {
      id: 'failed',
      fileName: 'Decision_2026-11-21b.pdf',
      dateCreated: '2026-11-21T09:00:00Z',
    });
    const { api } = renderCard([first, failed, second, decision('Generating')], {
      'GET /api/dispute/d1/phases/p7/attachment/first/download': () =>
        new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } }),
    });
    expect(screen.getByText('Earlier decisions (2)')).toBeTruthy();
    const links = screen.getAllByRole('button', { name: /^Decision_2026-11-2\d\.pdf$/ });
    expect(links.map((link) => link.textContent)).toEqual(['Decision_2026-11-21.pdf', 'Decision_2026-11-20.pdf']);
    expect(screen.queryByText('Decision_2026-11-21b.pdf')).toBeNull();
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:decision'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(links[1]!);
    await waitFor(() => expect(api.callsTo('GET /api/dispute/d1/phases/p7/attachment/first/download')).toHaveLength(1));
  });

  it('shows no earlier list for a single decision', () => {
    renderCard([decision('Completed')]);
    expect(screen.queryByText(/Earlier decision/)).toBeNull();
  });
});

describe('decision card: Create decision', () => {
  it('sends the default settings when none are stored, is disabled in flight, then reloads at once', async () => {
    const answer = deferred();
    const { api, state, caseRefreshed, region } = renderCard([], { [GENERATE]: answer.handler });
    fireEvent.click(button('Create decision'));
    await waitFor(() => expect(api.callsTo(GENERATE)).toHaveLength(1));
    expect(api.callsTo(GENERATE)[0]!.body).toEqual({ settings: defaultDecisionSettings() });
    expect(button('Create decision').disabled).toBe(true);
    fireEvent.click(button('Create decision'));
    expect(api.callsTo(GENERATE)).toHaveLength(1);

    state.attachments = [decision('Generating')];
    answer.release(jsonResponse({ data: { jobId: 'j1', attachmentId: 'dec' } }, 202));
    expect(await within(region()).findByText(DECISION_MESSAGES.generating)).toBeTruthy();
    expect(caseRefreshed).toHaveBeenCalledTimes(1);
    expect(button('Create decision').disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Stop Generating' })).toBeTruthy();
  });

  it('sends the stored settings, and the defaults when the stored value is of an older shape', async () => {
    const mine = { ...defaultDecisionSettings(), instructions: 'Lyhyesti.', temperature: 0.6, top_p: 0.8 };
    window.localStorage.setItem(DECISION_SETTINGS_KEY, JSON.stringify(mine));
    const { api } = renderCard([], {
      [GENERATE]: () => jsonResponse({ data: { jobId: 'j', attachmentId: 'a' } }, 202),
    });
    fireEvent.click(button('Create decision'));
    await waitFor(() => expect(api.callsTo(GENERATE)).toHaveLength(1));
    expect(api.callsTo(GENERATE)[0]!.body).toEqual({ settings: mine });

    window.localStorage.setItem(DECISION_SETTINGS_KEY, JSON.stringify({ prompt: 'vanha muoto', temperature: 2 }));
    await waitFor(() => expect(button('Create decision').disabled).toBe(false));
    fireEvent.click(button('Create decision'));
    await waitFor(() => expect(api.callsTo(GENERATE)).toHaveLength(2));
    expect(api.callsTo(GENERATE)[1]!.body).toEqual({ settings: defaultDecisionSettings() });
  });

  it('asks before a new decision takes the place of a finished one', async () => {
    const { api, state, region } = renderCard([decision('Completed')], {
      [GENERATE]: () => {
        state.attachments = [
          decision('Completed'),
          decision('Generating', { id: 'new', dateCreated: '2026-11-23T08:00:00Z' }),
        ];
        return jsonResponse({ data: { jobId: 'j2', attachmentId: 'new' } }, 202);
      },
    });
    fireEvent.click(button('Create decision'));
    let dialog = await dialogNamed('Create decision');
    expect(dialog.textContent).toContain('This case already has a decision.');
    fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
    expect(api.callsTo(GENERATE)).toHaveLength(0);

    fireEvent.click(button('Create decision'));
    dialog = await dialogNamed('Create decision');
    fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'Create decision' }));
    expect(await within(region()).findByText(DECISION_MESSAGES.generating)).toBeTruthy();
    expect(api.callsTo(GENERATE)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
  });

  it('shows a 409 refusal and reloads the case, which shows the generation already running', async () => {
    const { state, caseRefreshed, region } = renderCard([], {
      [GENERATE]: () => {
        state.attachments = [decision('Generating')];
        return jsonResponse({ code: 'conflict', message: DECISION_MESSAGES.alreadyGenerating }, 409);
      },
    });
    fireEvent.click(button('Create decision'));
    expect((await screen.findByRole('alert')).textContent).toBe(DECISION_MESSAGES.alreadyGenerating);
    expect(caseRefreshed).toHaveBeenCalledTimes(1);
    expect(within(region()).getByText(DECISION_MESSAGES.generating)).toBeTruthy();
  });

  it('shows the server’s sentence for a case not in Resolution, and a generic text when there is none', async () => {
    let status = 409;
    renderCard([], {
      [GENERATE]: () =>
        status === 409
          ? jsonResponse({ code: 'conflict', message: DECISION_MESSAGES.noResolutionPhase }, 409)
          : new Response('boom', { status: 502 }),
    });
    fireEvent.click(button('Create decision'));
    expect((await screen.findByRole('alert')).textContent).toBe(DECISION_MESSAGES.noResolutionPhase);
    status = 502;
    await waitFor(() => expect(button('Create decision').disabled).toBe(false));
    fireEvent.click(button('Create decision'));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('The decision could not be started. Please try again.'),
    );
  });
});

describe('decision card: Stop Generating and Settings', () => {
  it('asks first, stops, and reloads at once', async () => {
    const { api, state, caseRefreshed, region } = renderCard([decision('Generating')], {
      [STOP]: () => {
        state.attachments = [decision('Failed', { errorMessage: DECISION_MESSAGES.stopped })];
        return jsonResponse({ data: { stopped: true, attachmentId: 'dec' } });
      },
    });
    fireEvent.click(button('Stop Generating'));
    let dialog = await dialogNamed('Stop Generating');
    fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
    expect(api.callsTo(STOP)).toHaveLength(0);

    // The page is reachable again once Fluent's modal layer has let go of it.
    fireEvent.click(await screen.findByRole('button', { name: 'Stop Generating' }));
    dialog = await dialogNamed('Stop Generating');
    expect(dialog.textContent).toContain('The work done so far is discarded');
    fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'Stop' }));
    expect(await within(region()).findByText(DECISION_MESSAGES.stopped)).toBeTruthy();
    expect(api.callsTo(STOP)).toHaveLength(1);
    expect(caseRefreshed).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Stop Generating' })).toBeNull();
    expect(button('Create decision').disabled).toBe(false);
  });

  it('says so when the stop fails, and keeps the generation shown', async () => {
    renderCard([decision('Generating')], { [STOP]: () => new Response(null, { status: 500 }) });
    fireEvent.click(button('Stop Generating'));
    fireEvent.click(within(await dialogNamed('Stop Generating')).getByRole('button', { hidden: true, name: 'Stop' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The generation could not be stopped. Please try again.',
    );
    expect(screen.getByText(DECISION_MESSAGES.generating)).toBeTruthy();
  });

  it('opens the Settings modal from the card', async () => {
    renderCard([]);
    fireEvent.click(button('Settings'));
    const dialog = await dialogNamed('Decision settings');
    expect(within(dialog).getByLabelText('Instructions')).toBeTruthy();
  });
});

describe('decision card on a tribunal case', () => {
  it('the decision card explains the gate to a member and proceeds only with a reason', async () => {
    const AT = '2026-11-20T10:00:00Z';
    const tribunal: TribunalView = {
      status: 'Constituted',
      size: 1,
      requestedAt: AT,
      requestedBySide: 'claimant',
      members: [
        { userId: 'arb1', name: 'Maija Virtanen', title: 'OTT', role: 'sole', status: 'Accepted', appointedAt: AT },
      ],
    };
    const summary: ClaimsSummaryView = {
      version: 1,
      extractedAt: AT,
      sides: {
        claimant: { text: 'A', status: 'Confirmed', answeredAt: AT },
        respondent: { text: 'B', status: 'Proposed' },
      },
      comments: [],
    };
    useAuthStore.getState().signIn('tok', { id: 'arb1', userName: 'maija', agreedTermsOfService: 1, sessionId: 's1' });
    const api = mockApi({ [GENERATE]: () => jsonResponse({ data: { jobId: 'j1', attachmentId: 'a1' } }, 202) });
    render(
      <FluentProvider theme={webLightTheme}>
        <DecisionCard
          disputeId="d1"
          resolution={resolution([])}
          side="tribunal"
          tribunal={tribunal}
          claimsSummary={summary}
        />
      </FluentProvider>,
      { wrapper: ({ children }) => withQueries(children) },
    );
    expect(screen.getByTestId('claims-gate').textContent).toContain(
      'The parties must first confirm or correct the summary of their claims',
    );
    const create = screen.getByRole('button', { name: 'Create decision' });
    expect((create as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: /Reason for proceeding without confirmation/u }), {
      target: { value: 'Vastaaja ei ole vastannut.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create decision' }));
    await waitFor(() => expect(api.callsTo(GENERATE)).toHaveLength(1));
    expect(api.callsTo(GENERATE)[0]!.body).toMatchObject({ proceedWithoutConfirmation: 'Vastaaja ei ole vastannut.' });
  });
});
