import { SAME_PARTY_MESSAGES, type ApiErrorBody } from '@ratkaisu/core';
import { describe, expect, it } from 'vitest';
import { apiClient, newDispute } from './support/api-client.js';
import { useTestHost } from './support/use-test-host.js';

/**
 * No dead cases: a case whose claimant and respondent share a representative's e-mail or a
 * Business ID/PIN would invite the claimant's own counsel as the respondent and wait for ever. `POST
 * /api/dispute` refuses it with a catalogued code, the respondent's field named, in the caller's language, and
 * creates nothing (docs/decisions.md, "One side per representative").
 */

const api = apiClient(() => host);
const { call, json } = api;

const host = useTestHost();

const stamp = () => `${Date.now()}.${Math.random().toString(36).slice(2, 8)}`;

describe('the same party on both sides', () => {
  it('refuses one representative e-mail for both sides, in English and in Finnish, and creates nothing', async () => {
    const english = await api.signedInUser({ email: `en.${stamp()}@example.fi` });
    const finnish = await api.signedInUser({ email: `fi.${stamp()}@example.fi`, language: 'fi' });
    for (const [caller, language] of [
      [english, 'en'],
      [finnish, 'fi'],
    ] as const) {
      const counsel = `Counsel.${stamp()}@Example.fi`;
      const input = newDispute(`  ${counsel.toLowerCase()} `, {
        claimant: { name: 'Rakennus Oy', identificationNumber: '1234567-8', email: counsel, address: 'Katu 1' },
      });
      const refused = await json<ApiErrorBody>(await call('POST', '/api/dispute', caller.token, input), 400);
      expect(refused).toEqual({
        code: 'same_party_on_both_sides',
        message: SAME_PARTY_MESSAGES[language].email,
        fields: { 'respondent.email': SAME_PARTY_MESSAGES[language].email },
      });
      await json(await call('GET', `/api/dispute/${input.id}`, caller.token), 404);
    }
    expect(SAME_PARTY_MESSAGES.fi.email).toMatch(/^Kantajalla ja vastaajalla ei voi olla samaa asiamiehen/);
  });

  it('refuses one Business ID/PIN for both sides however it is spaced, and opens the case once they differ', async () => {
    const caller = await api.signedInUser({ email: `id.${stamp()}@example.fi`, language: 'fi' });
    const input = newDispute(`respondent.${stamp()}@example.fi`, {
      claimant: { name: 'Rakennus Oy', identificationNumber: '1234567-8', email: caller.user.email, address: '' },
    });
    const sameId = { ...input, respondent: { ...input.respondent, identificationNumber: ' 1234567 8 ' } };
    const refused = await json<ApiErrorBody>(await call('POST', '/api/dispute', caller.token, sameId), 400);
    expect(refused.code).toBe('same_party_on_both_sides');
    expect(refused.message).toBe(SAME_PARTY_MESSAGES.fi.identificationNumber);
    expect(refused.fields).toEqual({ 'respondent.identificationNumber': SAME_PARTY_MESSAGES.fi.identificationNumber });
    await json(await call('GET', `/api/dispute/${input.id}`, caller.token), 404);

    // Blank IDs on both sides are not "the same company": the case opens, and the corrected form opens too.
    const blank = newDispute(`blank.${stamp()}@example.fi`, {
      claimant: { name: 'Rakennus Oy', identificationNumber: '', email: caller.user.email, address: '' },
    });
    await json(
      await call('POST', '/api/dispute', caller.token, {
        ...blank,
        respondent: { ...blank.respondent, identificationNumber: '' },
      }),
      201,
    );
    await json(await call('POST', '/api/dispute', caller.token, input), 201);
  });
});
