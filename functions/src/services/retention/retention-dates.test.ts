import { describe, expect, it } from 'vitest';
import type { DisputeDocument } from '../disputes/dispute-document.js';
import { CASE_RETENTION_DEFAULT_YEARS, WRITE_ONCE_RETENTION_DEFAULT_DAYS } from '@ratkaisu/core';
import { deleteAfterOf, finishedAtOf, warnFrom, yearsAfter } from './retention-dates.js';

describe('retention dates', () => {
  it('counts calendar years from the day the case finished', () => {
    expect(yearsAfter('2026-03-01T10:00:00.000Z', 15)).toBe('2041-03-01T10:00:00.000Z');
    expect(deleteAfterOf('2026-03-01T10:00:00.000Z', 6)).toBe('2032-03-01T10:00:00.000Z');
    expect(warnFrom('2032-03-01T10:00:00.000Z')).toBe('2031-12-02T10:00:00.000Z');
  });

  it('never deletes sooner than the warning period after the warning', () => {
    // Warned late (the period was shortened): 90 days from the warning, not the shorter period.
    expect(deleteAfterOf('2020-01-01T00:00:00.000Z', 6, '2026-05-01T00:00:00.000Z')).toBe('2026-07-30T00:00:00.000Z');
    // Warned on time: the period decides.
    expect(deleteAfterOf('2020-01-01T00:00:00.000Z', 6, '2025-10-03T00:00:00.000Z')).toBe('2026-01-01T00:00:00.000Z');
  });

  it('never deletes a case before the write-once originals of its documents may go, and with them', () => {
    // A tenant's six years are shorter than the originals' protection: the case stays until that ends.
    expect(deleteAfterOf('2026-03-01T10:00:00.000Z', 6, undefined, WRITE_ONCE_RETENTION_DEFAULT_DAYS)).toBe(
      '2041-02-28T10:00:00.000Z',
    );
    // Longer than it: the tenant's period decides.
    expect(deleteAfterOf('2026-03-01T10:00:00.000Z', 20, undefined, WRITE_ONCE_RETENTION_DEFAULT_DAYS)).toBe(
      '2046-03-01T10:00:00.000Z',
    );
    // The default protection ends by the default period's end whichever 15 years they are (3 or 4 leap days),
    // so a case kept the default period never leaves an original behind that the deletion may not remove.
    for (const start of ['2024-03-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z', '2027-06-30T00:00:00.000Z']) {
      const byDefault = deleteAfterOf(start, CASE_RETENTION_DEFAULT_YEARS);
      expect(deleteAfterOf(start, CASE_RETENTION_DEFAULT_YEARS, undefined, WRITE_ONCE_RETENTION_DEFAULT_DAYS)).toBe(
        byDefault,
      );
      const protectedUntil = Date.parse(start) + WRITE_ONCE_RETENTION_DEFAULT_DAYS * 24 * 3600 * 1000;
      expect(protectedUntil).toBeLessThanOrEqual(Date.parse(byDefault));
      expect(Date.parse(byDefault) - protectedUntil).toBeLessThanOrEqual(24 * 3600 * 1000);
    }
  });

  it('finishes a case at its outcome, a closed case at its last activity, and an open case never', () => {
    const base = {
      dateCreated: '2026-01-01T00:00:00.000Z',
      status: 'InProgress',
      phases: [
        {
          id: 'p',
          type: 'Claim',
          dateCreated: '2026-01-02T00:00:00.000Z',
          dateCompleted: '2026-02-03T00:00:00.000Z',
          attachments: [],
        },
      ],
    } as unknown as DisputeDocument;
    expect(finishedAtOf(base)).toBeUndefined();
    expect(finishedAtOf({ ...base, status: 'Closed' })).toBe('2026-02-03T00:00:00.000Z');
    const final = {
      ...base,
      status: 'Resolved',
      outcome: { kind: 'award', decisionId: 'a', at: '2026-04-04T00:00:00.000Z' },
    };
    expect(finishedAtOf(final as DisputeDocument)).toBe('2026-04-04T00:00:00.000Z');
  });
});
