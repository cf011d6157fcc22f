import { describe, expect, it } from 'vitest';
import { InjectedFaultError } from '../adapters/faults/inject-faults.js';
import { DependencyUnavailableError } from '../ports/unavailable.js';
import { toResponse } from './responses.js';

/** How a dependency's outage reaches the caller: a 503 to try again, not an unexpected 500. */
describe('toResponse', () => {
  it('answers a dependency that is out for now (an injected fault included) with 503 and Retry-After', () => {
    for (const error of [
      new DependencyUnavailableError('store', 'The database is busy.'),
      new InjectedFaultError('blobs', 'upload'),
    ]) {
      const { response, unexpected } = toResponse(error);
      expect(response.status).toBe(503);
      // The catalogued reason, so the web words it in the user's language (web/src/i18n/fi-refusals.ts).
      expect(response.jsonBody).toEqual({
        code: 'unavailable',
        reason: 'general.unavailable',
        params: {},
        message: 'The service is unavailable just now. Please try again in a moment.',
      });
      expect(response.headers).toMatchObject({ 'Retry-After': '5', 'Cache-Control': 'no-store' });
      // Still logged as an error: an outage is for the operators to see.
      expect(unexpected).toBe(true);
    }
  });

  it('keeps anything unknown a 500 that says nothing of the internals', () => {
    const { response, unexpected } = toResponse(new Error('SQLITE_CORRUPT: database disk image is malformed'));
    expect(response.status).toBe(500);
    expect(JSON.stringify(response.jsonBody)).not.toContain('SQLITE');
    expect(unexpected).toBe(true);
  });
});
