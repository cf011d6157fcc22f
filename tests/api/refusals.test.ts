import { refusalPlaceholders, refusalTemplate, type ApiErrorBody, type RefusalReason } from '@ratkaisu/core';
import { describe, expect, it } from 'vitest';
import { fiRefusals } from '../../web/src/i18n/fi-refusals.js';
import { apiClient, FINNISH_CASE, uniqueEmail, uploadForm } from './support/api-client.js';
import { CONTRACT_PAGES, makeFinnishPdf } from './support/finnish-pdf.js';
import { useTestHost } from './support/use-test-host.js';

/**
 * A Finnish user meets refusals of the accounts, cases and tribunal routes (docs/architecture.md "Errors"): each
 * answer names its reason in the catalogue and its parameters beside the generic code and the English text, and
 * the web's Finnish catalogue has the text for that reason with the same parameters.
 */

const api = apiClient(() => host);
const { call, json } = api;
const FINNISH = { 'accept-language': 'fi-FI,fi;q=0.9' };

const host = useTestHost();

function finnishText(reason: RefusalReason): string | undefined {
  const [group, key] = reason.split('.') as [keyof typeof fiRefusals, string];
  return (fiRefusals[group] as Record<string, string | undefined>)[key];
}

/** The refusal as sent, checked against the catalogue: its English text filled in, its Finnish text at hand. */
async function refusedWith(response: Response, status: number, code: string, reason: RefusalReason) {
  const body = await json<ApiErrorBody>(response, status);
  expect(body).toMatchObject({ code, reason });
  const params = body.params ?? {};
  expect(Object.keys(params).sort()).toEqual(refusalPlaceholders(refusalTemplate(reason)).sort());
  const english = refusalTemplate(reason).replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => String(params[name]));
  if (!Object.keys(params).some((name) => name.endsWith('Bytes'))) expect(body.message).toBe(english);
  const finnish = finnishText(reason);
  expect(finnish, `fi-refusals.ts has no text for ${reason}`).toBeTruthy();
  expect(refusalPlaceholders(finnish!).sort()).toEqual(Object.keys(params).sort());
  return body;
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
});
