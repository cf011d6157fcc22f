import { randomUUID } from 'node:crypto';
import {
  formatIsoDate,
  MAX_CLAIM_MARKDOWN_LENGTH,
  type AttachmentView,
  type DisputeView,
  type PhaseView,
} from '@ratkaisu/core';
import { aiUseOf, humanDetails } from '../../functions/src/services/ai-use/ai-use-details.js';
import { describe, expect, it } from 'vitest';
import type { Clock } from '../../functions/src/ports/clock.js';
import type { AuditDocument } from '../../functions/src/records/audit-document.js';
import { CLAIM_AI_STATEMENT } from '../../functions/src/services/claims/save-claim-as-pdf.js';
import type { DisputeDocument } from '../../functions/src/services/disputes/dispute-document.js';
import { apiClient, newDispute, uniqueEmail, uploadForm, type OpenCase } from './support/api-client.js';
import { makePdf } from './support/pdf-fixtures.js';
import { pdfText } from './support/pdf-text.js';
import type { SignedInUser } from './support/seed-user.js';
import { useTestHost } from './support/use-test-host.js';
import { auditEntriesOf } from './support/audit-trail.js';

/**
 * POST /dispute/{id}/saveclaimaspdf through the real local host: the claim
 * draft rendered to a PDF and filed in the Claim phase under a dated, unique
 * name, for the claimant side only and only while Claim is open.
 */

// 22:30 UTC on 2 March is 00:30 on 3 March in Helsinki (UTC+2): the file is dated as in Helsinki.
const START = Date.parse('2026-03-02T22:30:00.000Z');
const HELSINKI_DATE = '2026-03-03';
const CASE_NAME = 'Teräspalkkien myöhästynyt toimitus';
const CASE_NOT_FOUND = { code: 'not_found', reason: 'cases.notFound', params: {}, message: 'Case not found.' };
const PHASE_LOCKED = {
  code: 'phase_locked',
  reason: 'cases.phaseLocked',
  params: {},
  message: 'This phase is closed: its files can no longer be changed.',
};

const CLAIM = `# Haastehakemus

**Kantaja:** Rakennus Oy, **vastaaja:** Teräs Oy.

## Vaatimukset

1. Vastaaja velvoitetaan maksamaan 12 500 € korkolain § 4:n mukaisine viivästyskorkoineen.
2. Oikeudenkäyntikulut – arviolta 3 000 € – korvataan “täysimääräisinä”.

| Todiste | Viittaus |
|---|---|
| Kauppasopimus | [K1 s.3] |
`;

let now = START;
const clock: Clock = { now: () => new Date(now) };

const host = useTestHost({}, { clock });

const api = apiClient(() => host, clock);
const { call, json, blobsWrittenDuring } = api;

interface Parties extends OpenCase {
  outsider: SignedInUser;
}

/** A case opened by `claimant`, naming a second claimant-side user and a respondent; and a user with no part in it. */
async function parties(): Promise<Parties> {
  const opened = await api.openCase({ name: CASE_NAME });
  const outsider = await api.signedInUser({ email: uniqueEmail('outsider') });
  return { ...opened, outsider };
}

function saveClaim(disputeId: string, token: string | undefined, body: unknown) {
  return api.post(`/dispute/${disputeId}/saveclaimaspdf`, body, token);
}

async function claimPhaseFiles(dispute: DisputeView, token: string): Promise<AttachmentView[]> {
  return json<AttachmentView[]>(
    await call('GET', `/api/dispute/phase/${dispute.activePhaseId}/attachments`, token),
    200,
  );
}

async function download(dispute: DisputeView, fileId: string, token: string): Promise<Response> {
  const response = await call(
    'GET',
    `/api/dispute/${dispute.id}/phases/${dispute.activePhaseId}/attachment/${fileId}/download`,
    token,
  );
  expect(response.status).toBe(200);
  return response;
}

async function storedClaimAttachments(dispute: DisputeView) {
  const doc = await host.deps.store.collection<DisputeDocument>('disputes').read(dispute.id, dispute.id);
  return doc!.phases.find((phase) => phase.id === dispute.activePhaseId)!.attachments;
}

const auditEntries = (entityId: string): Promise<AuditDocument[]> => auditEntriesOf(host, entityId);

describe('POST /dispute/{id}/saveclaimaspdf', () => {
  it('files the claim as a PDF in the Claim phase, dated as in Helsinki, whose text is the draft’s', async () => {
    const { claimant, respondent, dispute } = await parties();
    const { data, ...rest } = await json<{ data: AttachmentView }>(
      await saveClaim(dispute.id, claimant.token, { markdownContent: CLAIM }),
      201,
    );
    // Nothing to warn about: korkolain 4 § exists. The phase it is in comes beside it, for a link.
    expect(rest).toEqual({ phaseId: dispute.activePhaseId });
    expect(data).toEqual({
      id: expect.any(String),
      fileName: `Claim_${HELSINKI_DATE}.pdf`,
      dateCreated: new Date(now).toISOString(),
      size: expect.any(Number),
    });

    // Listed in the Claim phase for both sides, and stored under a generated blob name.
    expect(await claimPhaseFiles(dispute, claimant.token)).toEqual([data]);
    expect((await claimPhaseFiles(dispute, respondent.token)).map((file) => file.id)).toEqual([data.id]);
    const [stored] = await storedClaimAttachments(dispute);
    expect(stored).toMatchObject({ id: data.id, uploadedBy: claimant.user.id });
    expect(stored!.blobName).toMatch(new RegExp(`^${dispute.id}/[0-9a-f-]{36}$`));

    // Downloads as a PDF whose text is the markdown's, rendered rather than printed as markup.
    const response = await download(dispute, data.id, respondent.token);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.length).toBe(data.size);
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const { text, pages } = await pdfText(bytes);
    expect(pages).toHaveLength(1);
    const flowing = text.replace(/\s+/g, ' ');
    for (const phrase of [
      'Haastehakemus',
      'Kantaja: Rakennus Oy, vastaaja: Teräs Oy.',
      'Vastaaja velvoitetaan maksamaan 12 500 € korkolain § 4:n mukaisine viivästyskorkoineen.',
      'Oikeudenkäyntikulut – arviolta 3 000 € – korvataan “täysimääräisinä”.',
      'Kauppasopimus',
      '[K1 s.3]',
      CASE_NAME,
      'Sivu 1 / 1',
      // The one-line statement that the draft was made with AI, last under the claimant's text.
      CLAIM_AI_STATEMENT,
    ]) {
      expect(flowing).toContain(phrase);
    }
    expect(text).not.toContain('**');

    const audit = (await auditEntries(dispute.id)).filter((entry) => entry.action === 'UploadFile');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: claimant.user.id, entityType: 'Attachment', success: true });
    expect(humanDetails(audit[0]!.details)).toBe(
      `Claim: Claim_${HELSINKI_DATE}.pdf (${data.size} bytes), saved from the claim generator`,
    );
    // The AI-use log's part of the entry: the claim filed (no draft of the generator: counted as edited).
    expect(aiUseOf(audit[0]!.details)).toMatchObject({ event: 'edited', use: 'claimDraft', outputId: dispute.id });
  });

  it('names the filed claim in the case’s language: Kanne_… in a case opened in Finnish', async () => {
    const { claimant, dispute } = await api.openCase({ name: CASE_NAME, language: 'fi' });
    // The language is the case's, stored when it was opened and shown with it.
    expect(dispute.language).toBe('fi');
    const names: string[] = [];
    for (const version of [1, 2]) {
      const { data } = await json<{ data: AttachmentView }>(
        await saveClaim(dispute.id, claimant.token, { markdownContent: `${CLAIM}\nVersio ${version}.\n` }),
        201,
      );
      names.push(data.fileName);
    }
    expect(names).toEqual([`Kanne_${HELSINKI_DATE}.pdf`, `Kanne_${HELSINKI_DATE} (2).pdf`]);
    // The review copy downloads under the Finnish name too.
    const review = await call('POST', `/api/dispute/${dispute.id}/claimdraft/pdf`, claimant.token, {
      markdownContent: CLAIM,
    });
    expect(review.status).toBe(200);
    expect(review.headers.get('content-disposition')).toContain(`filename="Kanne_${HELSINKI_DATE}.pdf"`);
  });

  it('refuses a case language other than fi or en, and keeps docs/product.md’s English names without one', async () => {
    const { claimant, dispute } = await parties();
    expect(dispute.language).toBeUndefined();
    const refused = await call('POST', '/api/dispute', claimant.token, {
      ...newDispute(uniqueEmail('respondent')),
      language: 'sv',
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('Language must be fi or en.');
  });

  it('gives a second save the same day the next free name, whoever on the claimant side saves', async () => {
    now = Date.parse('2026-03-05T21:50:00.000Z'); // 23:50 in Helsinki
    const { claimant, coClaimant, dispute } = await parties();
    const names: string[] = [];
    // Three different texts (the same text is filed once: see claim-draft.test.ts).
    for (const [index, user] of [claimant, coClaimant, claimant].entries()) {
      const { data } = await json<{ data: AttachmentView }>(
        await saveClaim(dispute.id, user.token, { markdownContent: `${CLAIM}\nVersio ${index + 1}.\n` }),
        201,
      );
      names.push(data.fileName);
    }
    expect(names).toEqual(['Claim_2026-03-05.pdf', 'Claim_2026-03-05 (2).pdf', 'Claim_2026-03-05 (3).pdf']);
    // Past midnight in Helsinki (still 5 March in UTC) a new day starts from the plain name.
    now += 20 * 60 * 1000;
    const { data } = await json<{ data: AttachmentView }>(
      await saveClaim(dispute.id, claimant.token, { markdownContent: `${CLAIM}\nVersio 4.\n` }),
      201,
    );
    expect(data.fileName).toBe('Claim_2026-03-06.pdf');
    expect(await claimPhaseFiles(dispute, claimant.token)).toHaveLength(4);
  });

  it('takes two saves of different texts at once into two files with different names', async () => {
    const { claimant, dispute } = await parties();
    const answers = await Promise.all(
      [1, 2].map(async (version) =>
        json<{ data: AttachmentView }>(
          await saveClaim(dispute.id, claimant.token, { markdownContent: `${CLAIM}\nVersio ${version}.\n` }),
          201,
        ),
      ),
    );
    const names = answers.map((answer) => answer.data.fileName);
    expect(new Set(names)).toEqual(new Set([`Claim_${dateOf(now)}.pdf`, `Claim_${dateOf(now)} (2).pdf`]));
    expect(await storedClaimAttachments(dispute)).toHaveLength(2);
  });

  it('takes two saves of the same text at once into one file: the other answer names it as already filed', async () => {
    const { claimant, dispute } = await parties();
    const responses = await Promise.all(
      [1, 2].map(() => saveClaim(dispute.id, claimant.token, { markdownContent: CLAIM })),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([200, 201]);
    const bodies = await Promise.all(
      responses.map((response) => response.json() as Promise<{ data: AttachmentView; alreadyFiled?: boolean }>),
    );
    expect(bodies[0]!.data.id).toBe(bodies[1]!.data.id);
    expect(bodies.filter((body) => body.alreadyFiled)).toHaveLength(1);
    expect(await storedClaimAttachments(dispute)).toHaveLength(1);
  });

  it('refuses the respondent (403) and anyone outside the case (404), writing nothing', async () => {
    const { respondent, outsider, dispute } = await parties();
    const written = await blobsWrittenDuring(async () => {
      expect(await json(await saveClaim(dispute.id, respondent.token, { markdownContent: CLAIM }), 403)).toMatchObject({
        code: 'forbidden',
      });
      expect(await json(await saveClaim(dispute.id, outsider.token, { markdownContent: CLAIM }), 404)).toEqual(
        CASE_NOT_FOUND,
      );
      expect(await json(await saveClaim(randomUUID(), outsider.token, { markdownContent: CLAIM }), 404)).toEqual(
        CASE_NOT_FOUND,
      );
      expect((await saveClaim(dispute.id, undefined, { markdownContent: CLAIM })).status).toBe(401);
    });
    expect(written).toEqual([]);
    expect(await storedClaimAttachments(dispute)).toEqual([]);
  });

  it('refuses once the Claim phase is closed (409 phase_locked)', async () => {
    const { claimant, dispute } = await parties();
    await json(await saveClaim(dispute.id, claimant.token, { markdownContent: CLAIM }), 201);
    await json<PhaseView[]>(await call('POST', `/api/dispute/${dispute.id}/phase/Response`, claimant.token), 200);
    const written = await blobsWrittenDuring(async () => {
      expect(await json(await saveClaim(dispute.id, claimant.token, { markdownContent: CLAIM }), 409)).toEqual(
        PHASE_LOCKED,
      );
    });
    expect(written).toEqual([]);
    expect(await storedClaimAttachments(dispute)).toHaveLength(1);
  });

  it('deletes its PDF again when the Claim phase closes while the PDF is being stored', async () => {
    const { claimant, dispute } = await parties();
    const form = uploadForm([{ name: 'sopimus.pdf', bytes: await makePdf() }]);
    await json(
      await call('POST', `/${dispute.id}/phases/${dispute.activePhaseId}/attachments`, claimant.token, form),
      201,
    );

    let sentOn = false;
    const written = await blobsWrittenDuring(
      async () => {
        expect(await json(await saveClaim(dispute.id, claimant.token, { markdownContent: CLAIM }), 409)).toEqual(
          PHASE_LOCKED,
        );
      },
      {
        afterWrite: async () => {
          // Save and Send lands after the PDF's blob is written and before it is recorded.
          if (sentOn) return;
          sentOn = true;
          await json(await call('POST', `/api/dispute/${dispute.id}/phase/Response`, claimant.token), 200);
        },
      },
    );
    expect(written).toHaveLength(1);
    expect(await host.deps.blobs.properties('attachments', written[0]!.name)).toBeUndefined();
    expect((await storedClaimAttachments(dispute)).map((file) => file.fileName)).toEqual(['sopimus.pdf']);
  });

  it('refuses an empty, blank, oversized or malformed body with a clear 400', async () => {
    const { claimant, dispute } = await parties();
    const written = await blobsWrittenDuring(async () => {
      for (const markdownContent of ['', '   \n\t  ']) {
        expect(await json(await saveClaim(dispute.id, claimant.token, { markdownContent }), 400)).toMatchObject({
          code: 'validation_failed',
          message: 'The claim text is empty.',
        });
      }
      const oversized = await json<{ code: string; message: string }>(
        await saveClaim(dispute.id, claimant.token, { markdownContent: 'a'.repeat(MAX_CLAIM_MARKDOWN_LENGTH + 1) }),
        400,
      );
      expect(oversized.code).toBe('validation_failed');
      expect(oversized.message).toMatch(/200000|200 000/);
      expect(await json(await saveClaim(dispute.id, claimant.token, {}), 400)).toMatchObject({
        code: 'validation_failed',
      });
      expect(await json(await saveClaim(dispute.id, claimant.token, '{"markdownContent": '), 400)).toMatchObject({
        code: 'malformed_json',
      });
    });
    expect(written).toEqual([]);
    // The longest draft allowed is accepted.
    const longest = `# Pitkä\n\n${'Sopimusrikkomus aiheutti vahinkoa. '.repeat(MAX_CLAIM_MARKDOWN_LENGTH / 40)}`;
    expect(longest.length).toBeLessThanOrEqual(MAX_CLAIM_MARKDOWN_LENGTH);
    const { data } = await json<{ data: AttachmentView }>(
      await saveClaim(dispute.id, claimant.token, { markdownContent: longest }),
      201,
    );
    const { pages } = await pdfText(
      new Uint8Array(await (await download(dispute, data.id, claimant.token)).arrayBuffer()),
    );
    expect(pages.length).toBeGreaterThan(20);
  });
});

describe('POST /dispute/{id}/saveclaimaspdf checks the draft first', () => {
  it('refuses a draft with placeholders left in it, naming them, and writes nothing', async () => {
    const { claimant, dispute } = await parties();
    const draft =
      `${CLAIM}\nVastaajan osoite: [täydennettävä]. Sopimus allekirjoitettiin XX.XX.20XX. ` +
      'Todisteet: [lisää todisteen nimi] ja [TÄYDENNÄ].\n';
    const written = await blobsWrittenDuring(async () => {
      const refused = await json<{ code: string; message: string }>(
        await saveClaim(dispute.id, claimant.token, { markdownContent: draft }),
        400,
      );
      expect(refused).toMatchObject({
        code: 'validation_failed',
        reason: 'claims.placeholdersLeft',
        params: { placeholders: '[täydennettävä], XX.XX.20XX, [lisää todisteen nimi], [TÄYDENNÄ]' },
      });
      expect(refused.message).toBe(
        'Fill in or remove the placeholders before saving the claim as PDF: [täydennettävä], XX.XX.20XX, ' +
          '[lisää todisteen nimi], [TÄYDENNÄ].',
      );
    });
    expect(written).toEqual([]);
    expect(await storedClaimAttachments(dispute)).toEqual([]);
  });

  it('saves a draft citing a section an act does not have or a precedent, and warns about each', async () => {
    const { claimant, dispute } = await parties();
    const draft = `${CLAIM}\nVaatimus perustuu oikeustoimilain 52 §:ään, tuotemääräyslain 3 §:ään ja ratkaisuun KKO 2019:56.\n`;
    const body = await json<{ data: AttachmentView; warnings: string[] }>(
      await saveClaim(dispute.id, claimant.token, { markdownContent: draft }),
      201,
    );
    expect(body.data.fileName).toMatch(/^Claim_\d{4}-\d\d-\d\d\.pdf$/);
    expect(body.warnings).toEqual([
      expect.stringMatching(
        /^Check oikeustoimilain 52 § before filing the claim: .*ei ole 52 §:ää; pykälät ovat 1–41\.$/,
      ),
      expect.stringMatching(/^Check tuotemääräyslain 3 § before filing the claim: .*taulukossa/),
      'Check KKO 2019:56 before filing the claim: Ennakkopäätöstä KKO 2019:56 ei ole tarkistettu asiakirja-aineistosta.',
    ]);
    const audit = await auditEntries(dispute.id);
    expect(audit.map((entry) => entry.details)).toContainEqual(
      expect.stringContaining('3 reference(s) to acts or precedents not verified'),
    );
  });
});

function dateOf(instant: number): string {
  return formatIsoDate(instant);
}
