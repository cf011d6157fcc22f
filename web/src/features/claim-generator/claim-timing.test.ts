import { describe, expect, it } from 'vitest';
import { claimMarkdownFileName, statusCheckDelay } from './claim-timing';

describe('claim timing', () => {
  it('waits 15 s × 2^n between status checks, at most 60 s', () => {
    expect([0, 1, 2, 3, 4, 10].map(statusCheckDelay)).toEqual([15_000, 30_000, 60_000, 60_000, 60_000, 60_000]);
  });

  it('names the download after the day in Helsinki', () => {
    expect(claimMarkdownFileName(new Date('2026-03-05T10:00:00Z'))).toBe('Claim_2026-03-05.md');
    // 23:30 UTC on 31 December is already New Year's Day in Helsinki.
    expect(claimMarkdownFileName(new Date('2025-12-31T23:30:00Z'))).toBe('Claim_2026-01-01.md');
    // A Finnish case names its files in Finnish (core i18n/file-names.ts).
    expect(claimMarkdownFileName(new Date('2026-03-05T10:00:00Z'), 'fi')).toBe('Kanne_2026-03-05.md');
    expect(claimMarkdownFileName(new Date('2026-03-05T10:00:00Z'), 'en')).toBe('Claim_2026-03-05.md');
  });
});
