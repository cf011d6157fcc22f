import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  TRIBUNAL_MESSAGES,
  defaultDecisionSettings,
  type AwardView,
  type DisputeView,
  type JobStatusView,
} from '@ratkaisu/core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { useAuthStore } from '../../../stores/auth-store';
import { jsonResponse, mockApi, type MockHandler } from '../../../test/mock-api';
import { resetStores } from '../../../test/render-app';
import AwardReviewPage from './AwardReviewPage';

const AT = '2026-11-20T10:00:00Z';
const AWARD = 'GET /api/dispute/d1/award/aw1';
const SAVE = 'PUT /api/dispute/d1/award/aw1';

function award(overrides: Partial<AwardView> = {}): AwardView {
  return {
    id: 'aw1',
    disputeId: 'd1',
    status: 'Draft',
    caseNumber: 'RAT-2026-000001',
    version: 2,
    chapters: [
      { heading: 'Asia', text: 'Myyjä lupasi toimittaa [K1 s.3] ja vastaaja kiisti [V1 s.9].' },
      { heading: 'Ratkaisu', text: 'Kanne hyväksytään.' },
    ],
    aiChapters: [
      { heading: 'Asia', text: 'Myyjä lupasi toimittaa [K1 s.3] ja vastaaja kiisti [V1 s.9].' },
      { heading: 'Ratkaisu', text: 'Kanne hylätään.' },
    ],
    dispositive: {
      orders: [
        {
          kind: 'payment',
          debtor: 'respondent',
          creditor: 'claimant',
          amountCents: 125050,
          text: 'Vastaaja maksaa.',
          references: [],
        },
      ],
    },
    costs: 'Kumpikin vastaa kuluistaan.',
    versions: [
      { version: 1, savedAt: AT, savedBy: { userId: 'ai', name: 'AI' }, source: 'ai' },
      { version: 2, savedAt: AT, savedBy: { userId: 'arb1', name: 'Maija Virtanen' }, source: 'tribunal' },
    ],
    flagged: [{ chapter: 1, index: 50, length: 8, reference: '[V1 s.9]', reason: 'Sivua 9 ei ole asiakirjassa V1.' }],
    checkedReferences: 2,
    injections: [],
    settings: {
      settings: defaultDecisionSettings(),
      setBy: { userId: 'arb1', name: 'Maija Virtanen', side: 'tribunal' },
      setAt: AT,
      sha256: 'ab',
    },
    notSigning: [],
    signatures: [],
    requiredSignatures: 1,
    documents: [{ code: 'K1', fileId: 'f1', fileName: 'claim.pdf', pages: 4 }],
    ...overrides,
  };
}

const dispute: DisputeView = {
  id: 'd1',
  name: 'Roof repair',
  description: '',
  dateCreated: AT,
  createdBy: { id: 'u1', email: 'alice@example.fi' },
  claimant: { name: 'Alice Oy', identificationNumber: '', email: 'alice@example.fi', address: '' },
  respondent: { name: 'Bob Oy', identificationNumber: '', email: 'bob@example.fi', address: '' },
  status: 'InProgress',
  activePhaseId: 'p7',
  side: 'tribunal',
  caseNumber: 'RAT-2026-000001',
  tribunal: {
    status: 'Constituted',
    size: 1,
    requestedAt: AT,
    requestedBySide: 'claimant',
    members: [
      {
        userId: 'arb1',
        name: 'Maija Virtanen',
        title: 'OTT',
        role: 'sole',
        status: 'Accepted',
        appointedAt: AT,
        statement: 'none',
      },
    ],
  },
};

function renderPage(routes: Record<string, MockHandler>, caseView: DisputeView = dispute) {
  const api = mockApi({
    'GET /api/dispute/d1': () => jsonResponse(caseView),
    'GET /api/dispute/d1/phases': () =>
      jsonResponse([
        {
          id: 'p1',
          type: 'Claim',
          dateCreated: AT,
          attachments: [{ id: 'f1', fileName: 'claim.pdf', dateCreated: AT }],
        },
      ]),
    ...routes,
  });
  const router = createMemoryRouter(
    [{ path: '/case-attachment/:disputeId/award/:awardId', element: <AwardReviewPage /> }],
    { initialEntries: ['/case-attachment/d1/award/aw1'] },
  );
  render(
    <FluentProvider theme={webLightTheme}>
      <RouterProvider router={router} />
    </FluentProvider>,
  );
  return api;
}

const textOf = (number: number) => screen.getByRole('textbox', { name: `Text ${number}` }) as HTMLTextAreaElement;

beforeEach(() => {
  initI18n();
  resetStores();
  useAuthStore.getState().signIn('tok', { id: 'arb1', userName: 'maija', agreedTermsOfService: 1, sessionId: 's1' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('award review screen', () => {
  it('a stale save keeps the user’s text, shows the newer version beside it, and the next save builds on it', async () => {
    const newer = award({
      version: 3,
      chapters: [
        { heading: 'Asia', text: 'Toisen jäsenen teksti.' },
        { heading: 'Ratkaisu', text: 'Kanne hyväksytään.' },
      ],
      versions: [
        ...award().versions,
        { version: 3, savedAt: AT, savedBy: { userId: 'arb2', name: 'Pekka Kallio' }, source: 'tribunal' },
      ],
    });
    let saves = 0;
    const api = renderPage({
      [AWARD]: () => jsonResponse(award()),
      [SAVE]: (body) => {
        saves += 1;
        if (saves === 1)
          return jsonResponse({ code: 'conflict', message: TRIBUNAL_MESSAGES.staleVersion, current: newer }, 409);
        const draft = body as { chapters: AwardView['chapters'] };
        return jsonResponse({ data: award({ version: 4, chapters: draft.chapters }) });
      },
    });

    fireEvent.change(await screen.findByRole('textbox', { name: 'Text 1' }), { target: { value: 'Minun tekstini.' } });
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect((await screen.findByRole('alert')).textContent).toContain(TRIBUNAL_MESSAGES.staleVersion);
    expect(textOf(1).value).toBe('Minun tekstini.');
    expect(screen.getByTestId('newer-1').textContent).toBe('Toisen jäsenen teksti.');
    expect(screen.getByTestId('newer-version').textContent).toContain('version 3 by Pekka Kallio');
    expect(api.callsTo(SAVE)[0]!.body).toMatchObject({
      baseVersion: 2,
      chapters: [{ text: 'Minun tekstini.' }, { text: 'Kanne hyväksytään.' }],
    });

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Version 4 saved.'));
    expect(api.callsTo(SAVE)[1]!.body).toMatchObject({
      baseVersion: 3,
      chapters: [{ text: 'Minun tekstini.' }, { text: 'Kanne hyväksytään.' }],
    });
    expect(textOf(1).value).toBe('Minun tekstini.');
    expect(screen.queryByTestId('newer-version')).toBeNull();
  });

  it('previews a chapter with the unverified reference highlighted where it stands and page references as links', async () => {
    renderPage({ [AWARD]: () => jsonResponse({ data: award() }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Preview 1' }));
    const preview = screen.getByTestId('preview-1');
    const flagged = within(preview).getByTestId('flagged-reference');
    expect(flagged.textContent).toBe('[V1 s.9]');
    expect(flagged.getAttribute('title')).toBe('Sivua 9 ei ole asiakirjassa V1.');
    expect(within(preview).getByRole('button', { name: 'K1 s.3' }).getAttribute('title')).toBe(
      'Show K1 s.3 beside the chapter',
    );
  });

  it('shows the diff against the AI’s text, and Adopt for the sole arbitrator', async () => {
    renderPage({ [AWARD]: () => jsonResponse(award()) });
    fireEvent.click(await screen.findByRole('button', { name: 'Changes from the AI’s text 2' }));
    const diff = screen.getByTestId('diff-2').textContent ?? '';
    expect(diff).toContain('− Kanne hylätään.');
    expect(diff).toContain('+ Kanne hyväksytään.');
    expect(screen.getByRole('button', { name: 'Adopt' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign' })).toBeNull();
  });

  it('signs an adopted award once its PDF is opened, with the password and a code, showing a refusal as the server words it', async () => {
    const pdfBytes = new TextEncoder().encode('%PDF-1.7 the adopted award');
    const sha = Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', pdfBytes)), (byte) =>
      byte.toString(16).padStart(2, '0'),
    ).join('');
    const adopted = award({ status: 'Adopted', adoptedAt: AT, pdfSha256: sha });
    const opened = vi.fn();
    vi.stubGlobal('open', opened);
    URL.createObjectURL = vi.fn(() => 'blob:award');
    URL.revokeObjectURL = vi.fn();
    let attempts = 0;
    const api = renderPage({
      'GET /api/dispute/d1/phases': () =>
        jsonResponse([{ id: 'p7', type: 'Resolution', dateCreated: AT, attachments: [] }]),
      'GET /api/dispute/d1/phases/p7/attachment/aw1/download': () =>
        new Response(pdfBytes, { headers: { 'Content-Type': 'application/pdf' } }),
      [AWARD]: () => jsonResponse(adopted),
      'POST /api/dispute/d1/award/aw1/sign': () =>
        ++attempts === 1
          ? jsonResponse({ code: 'unauthorized', message: TRIBUNAL_MESSAGES.reauthFailed }, 401)
          : jsonResponse({
              data: {
                ...adopted,
                status: 'Issued',
                issuedAt: AT,
                signatures: [{ userId: 'arb1', name: 'Maija Virtanen', title: 'OTT', signedAt: AT, pdfSha256: sha }],
              },
            }),
    });
    expect(await screen.findByText('The award has been adopted; its text can no longer be edited.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }));
    const dialog = await screen.findByRole('dialog', { hidden: true, name: 'Sign the award' });
    // Sign what you see: the PDF to be signed is named by its SHA-256, which the request carries.
    expect(within(dialog).getByTestId('sign-pdf-hash').textContent).toBe(`SHA-256 of the PDF you sign: ${sha}`);
    // Sign waits for the PDF to be opened here, and says so.
    const signButton = within(dialog).getByRole('button', { hidden: true, name: 'Sign' });
    expect((signButton as HTMLButtonElement).disabled).toBe(true);
    const reason = within(dialog).getByTestId('sign-open-first');
    expect(reason.textContent).toBe(
      'Sign is enabled once you have opened the PDF here and read it: a signature names that file by its SHA-256.',
    );
    expect(signButton.getAttribute('aria-describedby')).toBe(reason.id);
    fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'Open the PDF to sign' }));
    expect(await within(dialog).findByText('You opened this exact file: its SHA-256 matches.')).toBeTruthy();
    expect(opened).toHaveBeenCalledWith('blob:award', '_blank', 'noopener');
    expect((signButton as HTMLButtonElement).disabled).toBe(false);
    expect(within(dialog).queryByTestId('sign-open-first')).toBeNull();
    const password = dialog.querySelector('input[type="password"]') as HTMLInputElement;
    fireEvent.change(password, { target: { value: 'salasana' } });
    const codeField = () =>
      within(dialog).getByRole('textbox', { hidden: true, name: 'Authenticator code (6 digits) or recovery code' });
    fireEvent.change(codeField(), { target: { value: '12345' } });
    fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'Sign' }));
    expect(
      await within(dialog).findByText(
        'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
      ),
    ).toBeTruthy();
    expect(api.callsTo('POST /api/dispute/d1/award/aw1/sign')).toHaveLength(0);

    fireEvent.change(codeField(), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'Sign' }));
    expect((await within(dialog).findByRole('alert', { hidden: true })).textContent).toBe(
      TRIBUNAL_MESSAGES.reauthFailed,
    );
    fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'Sign' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('You have signed the award.'));
    expect(api.callsTo('POST /api/dispute/d1/award/aw1/sign')[1]!.body).toEqual({
      password: 'salasana',
      code: '123456',
      pdfSha256: sha,
    });
    expect(screen.getByTestId('signatures').textContent).toContain('Maija Virtanen, OTT – signed');
    expect(screen.queryByRole('button', { name: 'Sign' })).toBeNull();
  });

  it('the chair adopts the saved version, naming a member who will not sign and why', async () => {
    const three: DisputeView = {
      ...dispute,
      tribunal: {
        ...dispute.tribunal!,
        size: 3,
        members: [
          {
            userId: 'arb1',
            name: 'Maija Virtanen',
            title: 'OTT',
            role: 'chair',
            status: 'Accepted',
            appointedAt: AT,
            statement: 'none',
          },
          {
            userId: 'arb2',
            name: 'Pekka Kallio',
            title: 'OTK',
            role: 'member',
            status: 'Accepted',
            appointedAt: AT,
            statement: 'none',
          },
          {
            userId: 'arb3',
            name: 'Liisa Laine',
            title: 'OTK',
            role: 'member',
            status: 'Accepted',
            appointedAt: AT,
            statement: 'none',
          },
        ],
      },
    };
    const api = renderPage(
      {
        [AWARD]: () => jsonResponse(award({ requiredSignatures: 2 })),
        'GET /api/dispute/d1/award/aw1/dispositive-check': () => jsonResponse({ data: { version: 2, mismatches: [] } }),
        'POST /api/dispute/d1/award/aw1/adopt': () =>
          jsonResponse({
            data: award({
              status: 'Adopted',
              adoptedAt: AT,
              notSigning: [{ userId: 'arb2', name: 'Pekka Kallio', reason: 'Sairastui.' }],
            }),
          }),
      },
      three,
    );
    fireEvent.change(await screen.findByRole('textbox', { name: 'Text 2' }), { target: { value: 'Muutettu.' } });
    expect((screen.getByRole('button', { name: 'Adopt' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Text 2' }), { target: { value: 'Kanne hyväksytään.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adopt' }));
    const dialog = await screen.findByRole('dialog', { hidden: true, name: 'Adopt the award' });
    fireEvent.click(within(dialog).getByRole('checkbox', { hidden: true, name: 'Pekka Kallio will not sign' }));
    fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'Adopt' }));
    expect(await within(dialog).findByText('Give the reason (at least 3 characters).')).toBeTruthy();
    fireEvent.change(
      within(dialog).getByRole('textbox', { hidden: true, name: /^Reason Pekka Kallio does not sign/u }),
      {
        target: { value: 'Sairastui.' },
      },
    );
    fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'Adopt' }));
    await waitFor(() => expect(api.callsTo('POST /api/dispute/d1/award/aw1/adopt')).toHaveLength(1));
    expect(api.callsTo('POST /api/dispute/d1/award/aw1/adopt')[0]!.body).toEqual({
      version: 2,
      notSigning: [{ userId: 'arb2', reason: 'Sairastui.' }],
      confirmMismatches: false,
    });
    expect((await screen.findByTestId('signatures')).textContent).toContain('Pekka Kallio does not sign: Sairastui.');
    // Awaited: the page behind the dialog is reachable again once the dialog's exit has ended (a slow run is later).
    expect(await screen.findByRole('button', { name: 'Sign' })).toBeTruthy();
  });

  it('regenerates a chapter with an instruction, shows its place in line and stage, and the new version when done', async () => {
    let current = award();
    const drafting = { stage: 'drafting', done: 1, total: 2 } as const;
    const states: JobStatusView[] = [
      { jobId: 'job-9', status: 'Queued', queue: { position: 2, etaSeconds: 240 } },
      {
        jobId: 'job-9',
        status: 'Running',
        progress: drafting,
        estimateSeconds: 400,
        queue: { position: 1, etaSeconds: 20, capacity: true },
      },
      { jobId: 'job-9', status: 'Running', progress: drafting, estimateSeconds: 400 },
    ];
    const api = renderPage({
      [AWARD]: () => jsonResponse({ data: current }),
      'POST /api/dispute/d1/award/aw1/regenerate': () => jsonResponse({ data: { jobId: 'job-9' } }, 202),
      // Its place in line, its wait for capacity, its writing: one answer per check, then done.
      'GET /api/dispute/job/job-9/status': () => {
        const next = states.shift();
        if (next) return jsonResponse(next);
        current = award({
          version: 3,
          chapters: [award().chapters[0]!, { heading: 'Ratkaisu', text: 'Uusi perusteltu teksti.' }],
        });
        return jsonResponse({ jobId: 'job-9', status: 'Completed' });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Regenerate this chapter 2' }));
    const instruction = screen.getByRole('textbox', { name: 'What should chapter 2 do differently?' });
    fireEvent.change(instruction, { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(await screen.findByText('Say what the chapter should do differently (at least 3 characters).')).toBeTruthy();
    fireEvent.change(instruction, { target: { value: 'Perustele tarkemmin.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(api.callsTo('POST /api/dispute/d1/award/aw1/regenerate')).toHaveLength(1));
    expect(api.callsTo('POST /api/dispute/d1/award/aw1/regenerate')[0]!.body).toEqual({
      baseVersion: 2,
      chapter: 2,
      instruction: 'Perustele tarkemmin.',
    });
    expect(screen.getByText('Chapter 2 is being written again…')).toBeTruthy();
    const stage = async (text: string) =>
      waitFor(
        () => expect(within(screen.getByTestId('regeneration-progress')).getByRole('status').textContent).toBe(text),
        {
          timeout: 4000,
        },
      );
    await stage('Waiting for model capacity — 2nd in line, about 4 minutes');
    await stage('Waiting for model capacity before chapter 2 — next in line, about 20 seconds');
    await stage('Writing chapter 2…');
    await waitFor(() => expect(textOf(2).value).toBe('Uusi perusteltu teksti.'), { timeout: 8000 });
    expect(screen.queryByTestId('regeneration-progress')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Chapter 2 was written again: version 3.');
  });

  it('does not regenerate over unsaved changes', async () => {
    renderPage({ [AWARD]: () => jsonResponse(award()) });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Text 1' }), { target: { value: 'Muokattu.' } });
    expect((screen.getByRole('button', { name: 'Regenerate this chapter 1' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('marks a chapter stale, records an open once, keeps or blanks a chapter, and has adoption confirm the gaps', async () => {
    const review = (stale: number[], openedBy: string[] = []) => [
      { chapter: 1, dependsOn: [], changedAt: 2, staleBecause: [], changedShare: 0.25, openedBy: [] },
      {
        chapter: 2,
        dependsOn: [1],
        changedAt: 1,
        staleBecause: stale,
        changedShare: 0,
        openedBy: openedBy.map((name) => ({ userId: 'arb1', name, at: AT, version: 2 })),
      },
    ];
    const api = renderPage({
      [AWARD]: () => jsonResponse(award({ chapterReview: review([1]) })),
      'GET /api/dispute/d1/award/aw1/dispositive-check': () => jsonResponse({ data: { version: 2, mismatches: [] } }),
      'POST /api/dispute/d1/award/aw1/chapters/1/open': () =>
        jsonResponse({ data: award({ chapterReview: review([1]) }) }),
      'POST /api/dispute/d1/award/aw1/chapters/2/keep': () =>
        jsonResponse({ data: award({ chapterReview: review([], ['Maija Virtanen']) }) }),
      'POST /api/dispute/d1/award/aw1/chapters/2/blank': () =>
        jsonResponse({
          data: award({
            version: 3,
            chapters: [award().chapters[0]!, { heading: 'Ratkaisu', text: '' }],
            chapterReview: review([], ['Maija Virtanen']),
          }),
        }),
    });
    const stale = await screen.findByTestId('stale-2');
    expect(stale.textContent).toContain('chapter 1 it is written from changed after it');
    expect(screen.getByTestId('oversight-1').textContent).toContain('25 % changed from the AI’s text');
    expect(screen.getByTestId('oversight-1').textContent).toContain('1 flagged reference');
    expect(screen.getByTestId('oversight-2').textContent).toContain('Not opened by any member');

    // Focus inside a chapter records its opening, once.
    fireEvent.focus(textOf(1));
    fireEvent.focus(textOf(1));
    await waitFor(() => expect(api.callsTo('POST /api/dispute/d1/award/aw1/chapters/1/open')).toHaveLength(1));

    // Adoption lists the chapters nobody opened and the stale one, and needs the chair's confirmation.
    fireEvent.click(screen.getByRole('button', { name: 'Adopt' }));
    const dialog = await screen.findByRole('dialog', { hidden: true, name: 'Adopt the award' });
    const gaps = within(dialog).getByTestId('adopt-review').textContent ?? '';
    expect(gaps).toContain('No member has opened these chapters since they last changed: 1, 2.');
    expect(gaps).toContain('These chapters may no longer fit the chapters they are written from: 2.');
    // Adopt waits for the comparison of the dispositive part with chapter 6.
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { hidden: true, name: 'Adopt' }).hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'Adopt' }));
    expect(
      await within(dialog).findByText('Confirm that you adopt the award with these chapters as they are.'),
    ).toBeTruthy();
    expect(api.callsTo('POST /api/dispute/d1/award/aw1/adopt')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());

    // Kept as it is: the notice goes, the chapter shows who opened it.
    // Found once the page behind the closed dialog is accessible again (Fluent lifts aria-hidden after its exit).
    fireEvent.click(await within(stale).findByRole('button', { name: 'Keep as it is' }));
    await waitFor(() => expect(screen.queryByTestId('stale-2')).toBeNull());
    expect(api.callsTo('POST /api/dispute/d1/award/aw1/chapters/2/keep')[0]!.body).toEqual({ baseVersion: 2 });
    expect(screen.getByRole('status').textContent).toBe('Chapter 2 is kept as it is.');
    expect(screen.getByTestId('oversight-2').textContent).toContain('Opened by Maija Virtanen');

    // Write from blank: one confirmed act, the chapter empty in the new version.
    fireEvent.click(screen.getByRole('button', { name: 'Write from blank 2' }));
    const confirm = await screen.findByRole('dialog', { hidden: true, name: 'Write chapter 2 from blank?' });
    fireEvent.click(within(confirm).getByRole('button', { hidden: true, name: 'Write from blank' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
    expect(textOf(2).value).toBe('');
    expect(api.callsTo('POST /api/dispute/d1/award/aw1/chapters/2/blank')[0]!.body).toEqual({ baseVersion: 2 });
    expect(screen.getByRole('status').textContent).toBe('Chapter 2 is empty: version 3. Write it in your own words.');
  });
});
