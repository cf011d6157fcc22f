import { describe, expect, it } from 'vitest';
import { parseServerDate, reviveDates } from './revive-dates';

describe('parseServerDate', () => {
  it('reads /Date(ms)/', () => {
    expect(parseServerDate('/Date(1700000000000)/')?.toISOString()).toBe('2023-11-14T22:13:20.000Z');
    expect(parseServerDate('/Date(1700000000000+0200)/')?.toISOString()).toBe('2023-11-14T22:13:20.000Z');
  });

  it('reads ISO times with a zone', () => {
    expect(parseServerDate('2025-01-15T10:00:00Z')?.toISOString()).toBe('2025-01-15T10:00:00.000Z');
    expect(parseServerDate('2025-01-15T12:00:00+02:00')?.toISOString()).toBe('2025-01-15T10:00:00.000Z');
  });

  it('treats naive ISO times as UTC', () => {
    expect(parseServerDate('2025-01-15T10:00:00')?.toISOString()).toBe('2025-01-15T10:00:00.000Z');
    expect(parseServerDate('2025-01-15T10:00:00.1234567')?.toISOString()).toBe('2025-01-15T10:00:00.123Z');
  });

  it('leaves other strings alone', () => {
    expect(parseServerDate('hello')).toBeUndefined();
    expect(parseServerDate('2025-01-15')).toBeUndefined();
    expect(parseServerDate('2025-13-45T99:99:99Z')).toBeUndefined();
  });
});

describe('reviveDates', () => {
  it('revives nested dates in parsed JSON', () => {
    const parsed = JSON.parse(
      '{"name":"Case","dateCreated":"2025-01-15T10:00:00","phases":[{"dueDate":"/Date(0)/"}],"n":1}',
      reviveDates,
    ) as { name: string; dateCreated: Date; phases: { dueDate: Date }[]; n: number };
    expect(parsed.name).toBe('Case');
    expect(parsed.dateCreated).toBeInstanceOf(Date);
    expect(parsed.phases[0]?.dueDate.getTime()).toBe(0);
    expect(parsed.n).toBe(1);
  });
});
