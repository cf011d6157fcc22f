import { TERMS_OF_SERVICE_VERSION } from '@ratkaisu/core';
import { describe, expect, it } from 'vitest';
import type { Clock } from '../../functions/src/ports/clock.js';
import { apiClient } from './support/api-client.js';
import { useTestHost } from './support/use-test-host.js';

/**
 * The terms of service decision (docs/product.md sections 3 and 4): a user who accepted
 * may decline later; the server records which version was accepted and when, so
 * the terms page can say so.
 */
const ACCEPTED_AT = '2026-03-02T10:00:00.000Z';
const clock: Clock = { now: () => new Date(ACCEPTED_AT) };

const host = useTestHost({}, { clock });

const api = apiClient(() => host, clock);

describe('terms of service decision', () => {
  it('records the accepted version and time, forgets them on a later decline, and asks again', async () => {
    const { token } = await api.signedInUser({ email: 'ehdot@example.fi', agreedTermsOfService: 0 });
    const decide = (agreed: number) =>
      api.call('POST', '/user/update-agreed-terms', token, { AgreedTermsOfService: agreed });

    const accepted = await api.json<Record<string, unknown>>(await decide(1), 200);
    expect(accepted).toMatchObject({
      agreedTermsOfService: 1,
      agreedTermsAt: ACCEPTED_AT,
      agreedTermsVersion: TERMS_OF_SERVICE_VERSION,
    });
    const me = await api.json<Record<string, unknown>>(await api.call('GET', '/user/check-auth', token), 200);
    expect(me).toMatchObject({ agreedTermsAt: ACCEPTED_AT, agreedTermsVersion: TERMS_OF_SERVICE_VERSION });

    // Declining after accepting is allowed; the acceptance is no longer claimed.
    const declined = await api.json<Record<string, unknown>>(await decide(2), 200);
    expect(declined.agreedTermsOfService).toBe(2);
    expect(declined).not.toHaveProperty('agreedTermsAt');
    expect(declined).not.toHaveProperty('agreedTermsVersion');
  });
});
