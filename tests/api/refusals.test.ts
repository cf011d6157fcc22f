import { refusalPlaceholders, refusalTemplate, type ApiErrorBody, type RefusalReason } from '@ratkaisu/core';
import { describe, expect, it } from 'vitest';
import { apiClient, FINNISH_CASE, uniqueEmail, uploadForm } from './support/api-client.js';
import { CONTRACT_PAGES, makeFinnishPdf } from './support/finnish-pdf.js';
import { finnishText, refusedWith } from './support/refused-with.js';
import { useTestHost } from './support/use-test-host.js';

/**
 * A Finnish user meets refusals of the accounts, cases, tribunal, administration, incident, retention and
 * data-rights routes, and a request field that fails its schema (docs/architecture.md "Errors"): each
 * answer names its reason in the catalogue and its parameters beside the generic code and the English text, and
 * the web's Finnish catalogue has the text for that reason with the same parameters.
 */

const api = apiClient(() => host);
const { call, json } = api;
const FINNISH = { 'accept-language': 'fi-FI,fi;q=0.9' };

const host = useTestHost();

/** A request field refused by its schema: its reason and params beside its English, its Finnish text at hand. */
function fieldRefusedWith(
  body: ApiErrorBody,
  path: string,
  reason: RefusalReason,
  params: Record<string, unknown> = {},
) {
  expect(body.fieldReasons?.[path]).toEqual({ reason, params });
  const english = refusalTemplate(reason).replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => String(params[name]));
  expect(body.fields?.[path]).toBe(english);
  const finnish = finnishText(reason);
  expect(finnish, `fi-refusals.ts has no text for ${reason}`).toBeTruthy();
  expect(finnish).not.toBe(refusalTemplate(reason));
  expect(refusalPlaceholders(finnish!).sort()).toEqual(Object.keys(params).sort());
}

describe('refusals named by reason, for a Finnish user', () => {
  it('accounts: a two-factor key asked for while two-factor is on, and a wrong password', async () => {
    const user = await api.signedInUser({ email: uniqueEmail('fi-user'), tfaEnabled: true });
    const body = await refusedWith(
      await call('GET', '/user/get-tfa-key', user.token, undefined, FINNISH),
      400,
      'bad_request',
      'accounts.tfaAlreadyEnabled',
    );
    // docs/product.md's exact text stays the message.
    expect(body.message).toBe('Cant get key if Tfa enabled.');
    await refusedWith(
      await call(
        'POST',
        '/user/login',
        undefined,
        { username: user.user.userName, password: 'not it at all' },
        FINNISH,
      ),
      401,
      'unauthorized',
      'accounts.wrongCredentials',
    );
  });

  it('cases: a file that is no PDF, and two files of one name with the names as a parameter', async () => {
    const c = await api.openCase(FINNISH_CASE);
    const target = `/${c.dispute.id}/phases/${c.dispute.activePhaseId}/attachments`;
    await refusedWith(
      await call(
        'POST',
        target,
        c.claimant.token,
        uploadForm([{ name: 'kirje.txt', bytes: new TextEncoder().encode('hei') }]),
        FINNISH,
      ),
      400,
      'not_pdf',
      'uploads.onlyPdf',
    );
    const pdf = await makeFinnishPdf([...CONTRACT_PAGES]);
    const twice = await refusedWith(
      await call(
        'POST',
        target,
        c.claimant.token,
        uploadForm([
          { name: 'Sopimus.pdf', bytes: pdf },
          { name: 'Sopimus.pdf', bytes: pdf },
        ]),
        FINNISH,
      ),
      409,
      'duplicate_file_name',
      'uploads.duplicateNames',
    );
    expect(String(twice.params?.names)).toContain('Sopimus.pdf');
  });

  it('cases: moving on a phase of the other side, to a phase out of turn, to no phase at all', async () => {
    const c = await api.openCase(FINNISH_CASE);
    const advance = (target: string) => `/api/dispute/${c.dispute.id}/phase/${target}`;
    const notTheirs = await refusedWith(
      await call('POST', advance('Response'), c.respondent.token, undefined, FINNISH),
      403,
      'forbidden',
      'cases.moveClaimantPhase',
    );
    expect(notTheirs.params).toEqual({ phase: 'Claim' });
    const outOfTurn = await refusedWith(
      await call('POST', advance('ClaimantLetter1'), c.claimant.token, undefined, FINNISH),
      400,
      'bad_request',
      'cases.onlyNextPhase',
    );
    expect(outOfTurn).toMatchObject({
      params: { phase: 'Response' },
      message: 'The case can only move on to the Response phase.',
    });
    await refusedWith(
      await call('POST', advance('Appeal'), c.claimant.token, undefined, FINNISH),
      400,
      'bad_request',
      'cases.phaseTypeInvalid',
    );
  });

  it('tribunal: an arbitrator asked for twice', async () => {
    const c = await api.openCase(FINNISH_CASE);
    const path = `/api/dispute/${c.dispute.id}/tribunal/request`;
    await json(await call('POST', path, c.claimant.token, { size: 1 }, FINNISH), 200);
    await refusedWith(
      await call('POST', path, c.respondent.token, { size: 1 }, FINNISH),
      409,
      'conflict',
      'tribunal.alreadyRequested',
    );
  });

  it('administration: a user name another account holds, with the name as a parameter', async () => {
    const root = await api.signedInUser({ email: uniqueEmail('fi-root'), roles: ['User', 'SuperAdmin'] });
    const existing = await api.signedInUser({ email: uniqueEmail('fi-existing') });
    const body = await refusedWith(
      await call(
        'POST',
        '/api/superadmin/users',
        root.token,
        { userName: existing.user.userName, email: uniqueEmail('fi-new'), tenantId: 'default', roles: ['User'] },
        FINNISH,
      ),
      409,
      'conflict',
      'admin.userNameTaken',
    );
    expect(body.params).toEqual({ userName: existing.user.userName });
  });

  it('incidents: an incident that does not exist', async () => {
    const root = await api.signedInUser({ email: uniqueEmail('fi-inc'), roles: ['User', 'SuperAdmin'] });
    await refusedWith(
      await call('GET', `/api/superadmin/incidents/${crypto.randomUUID()}`, root.token, undefined, FINNISH),
      404,
      'not_found',
      'incidents.notFound',
    );
  });

  it('retention: a legal hold lifted from a case under none, and a reason longer than allowed', async () => {
    const root = await api.signedInUser({ email: uniqueEmail('fi-hold'), roles: ['User', 'SuperAdmin'] });
    const c = await api.openCase(FINNISH_CASE);
    const hold = `/api/superadmin/disputes/${c.dispute.id}/legal-hold`;
    await refusedWith(
      await call('POST', `${hold}/lift`, root.token, { reason: 'The court case has ended.' }, FINNISH),
      409,
      'conflict',
      'retention.notHeld',
    );
    // A zod field problem without a text of its own: the kind's reason, with its max.
    const long = await refusedWith(
      await call('POST', hold, root.token, { reason: 'x'.repeat(1001) }, FINNISH),
      400,
      'validation_failed',
      'fields.tooLong',
    );
    fieldRefusedWith(long, 'reason', 'fields.tooLong', { max: 1000 });
    // A schema's own text is that text's reason.
    const short = await json<ApiErrorBody>(await call('POST', hold, root.token, { reason: 'short' }, FINNISH), 400);
    fieldRefusedWith(short, 'reason', 'retention.reasonRequired');
  });

  it('data rights: a copy that does not exist, and closing an account without confirming', async () => {
    const user = await api.signedInUser({ email: uniqueEmail('fi-rights') });
    await refusedWith(
      await call('GET', `/user/data-export/${crypto.randomUUID()}`, user.token, undefined, FINNISH),
      404,
      'not_found',
      'dataRights.exportNotFound',
    );
    const unconfirmed = await refusedWith(
      await call('POST', '/user/close-account', user.token, { password: 'whatever' }, FINNISH),
      400,
      'validation_failed',
      'dataRights.confirmClosure',
    );
    fieldRefusedWith(unconfirmed, 'confirm', 'dataRights.confirmClosure');
  });

  it('fields: a registration whose fields fail, each named by its reason', async () => {
    const body = await json<ApiErrorBody>(
      await call(
        'POST',
        '/user/register',
        undefined,
        { username: 'a@b', email: 'nope', password: 'correct-horse-battery' },
        FINNISH,
      ),
      400,
    );
    expect(body.code).toBe('validation_failed');
    fieldRefusedWith(body, 'username', 'registration.usernameCharacters');
    fieldRefusedWith(body, 'email', 'registration.emailInvalid');
  });
});

describe('the host’s own refusals and the bodies it cannot read, for a Finnish user', () => {
  it('an address with nothing at it, and a method the address does not take (with the methods it does)', async () => {
    await refusedWith(
      await call('GET', '/api/no/such/route', undefined, undefined, FINNISH),
      404,
      'route_not_found',
      'requests.noRoute',
    );
    const wrong = await refusedWith(
      await call('DELETE', '/health', undefined, undefined, FINNISH),
      405,
      'method_not_allowed',
      'requests.methodNotAllowed',
    );
    expect(wrong.params).toEqual({ method: 'DELETE', allow: 'GET' });
  });

  it('a JSON body that does not parse, one sent as another type, and one over the limit (a number of bytes)', async () => {
    await refusedWith(
      await api.request('POST', '/user/login', undefined, {
        headers: { 'content-type': 'application/json', ...FINNISH },
        body: '{"username": ',
      }),
      400,
      'malformed_json',
      'requests.notJson',
    );
    await refusedWith(
      await api.request('POST', '/user/login', undefined, {
        headers: { 'content-type': 'text/plain', ...FINNISH },
        body: 'username=someone',
      }),
      400,
      'bad_request',
      'requests.jsonOnly',
    );
    const limit = host.deps.config.limits.maxJsonBodyBytes;
    const over = await refusedWith(
      await api.request('POST', '/user/login', undefined, {
        headers: { 'content-type': 'application/json', ...FINNISH },
        body: JSON.stringify({ username: 'x'.repeat(limit), password: 'y' }),
      }),
      413,
      'payload_too_large',
      'general.requestTooLarge',
    );
    // The limit is a number beside the reason: no client reads it out of the English sentence.
    expect(over.params).toEqual({ limitBytes: limit });
  });

  it('files sent as no form, a form that cannot be read, and a form field over its byte limit', async () => {
    const c = await api.openCase(FINNISH_CASE);
    const target = `/${c.dispute.id}/phases/${c.dispute.activePhaseId}/attachments`;
    const notForm = await refusedWith(
      await call('POST', target, c.claimant.token, { files: [] }, FINNISH),
      415,
      'unsupported_media_type',
      'requests.formOnly',
    );
    expect(notForm.params).toEqual({ field: 'file' });
    await refusedWith(
      await api.request('POST', target, c.claimant.token, {
        headers: { 'content-type': 'multipart/form-data; boundary=raja', ...FINNISH },
        body: 'this is no form at all',
      }),
      400,
      'bad_request',
      'requests.formUnreadable',
    );
    const form = new FormData();
    form.append('settings', 'x'.repeat(600 * 1024));
    const long = await refusedWith(
      await call('POST', '/api/dispute/generatedecisionanonymous', undefined, form, FINNISH),
      400,
      'bad_request',
      'requests.formFieldTooLong',
    );
    expect(long.params).toEqual({ name: 'settings', limitBytes: 256 * 1024 });
  });
});

describe('the claim generator’s refusals, for a Finnish user', () => {
  const claimBody = (overrides: Record<string, unknown> = {}) => ({
    fileIds: ['no-such-file'],
    settings: { language: 'fi' },
    claimant_info: { name: 'Rakennus Oy', contact_info: '' },
    process_type: 'claim',
    ...overrides,
  });

  it('files that are not the case’s, a field the request gets wrong, and no draft to change', async () => {
    const c = await api.openCase(FINNISH_CASE);
    const generate = `/api/dispute/${c.dispute.id}/generateclaim`;
    await refusedWith(
      await call('POST', generate, c.claimant.token, claimBody(), FINNISH),
      400,
      'bad_request',
      'claims.filesNotFound',
    );
    const english = await refusedWith(
      await call('POST', generate, c.claimant.token, claimBody({ settings: { language: 'en' } }), FINNISH),
      400,
      'validation_failed',
      'claims.language',
    );
    fieldRefusedWith(english, 'settings.language', 'claims.language');
    await refusedWith(
      await call(
        'PUT',
        `/api/dispute/${c.dispute.id}/claimdraft`,
        c.claimant.token,
        { markdown: 'x', version: 'v1' },
        FINNISH,
      ),
      404,
      'not_found',
      'claims.noDraft',
    );
  });

  it('saving a draft that still holds placeholders, with them as a parameter', async () => {
    const c = await api.openCase(FINNISH_CASE);
    const refused = await refusedWith(
      await call(
        'POST',
        `/dispute/${c.dispute.id}/saveclaimaspdf`,
        c.claimant.token,
        { markdownContent: '# Haastehakemus\n\nKantaja: [täydennettävä]\n' },
        FINNISH,
      ),
      400,
      'validation_failed',
      'claims.placeholdersLeft',
    );
    expect(refused.params).toEqual({ placeholders: '[täydennettävä]' });
    fieldRefusedWith(refused, 'markdownContent', 'claims.placeholdersLeft', { placeholders: '[täydennettävä]' });
  });
});
