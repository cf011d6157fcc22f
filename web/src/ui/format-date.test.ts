import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { formatDate, formatDateTime } from './format-date';

const i18n = initI18n();

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('formatDate', () => {
  it('shows the Helsinki calendar day in Finnish order', () => {
    expect(formatDate(new Date('2025-01-15T10:00:00Z'))).toBe('15.1.2025');
    // 22:30 UTC on 14 January is already 15 January in Helsinki (UTC+2).
    expect(formatDate(new Date('2025-01-14T22:30:00Z'))).toBe('15.1.2025');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatDate('nonsense')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('follows the UI language: no "klo" on an English screen', async () => {
    await i18n.changeLanguage('en');
    expect(formatDateTime(new Date('2025-01-15T10:00:00Z'))).toBe('15.1.2025, 12:00');
    await i18n.changeLanguage('fi');
    expect(formatDateTime(new Date('2025-01-15T10:00:00Z'))).toBe('15.1.2025 klo 12.00');
  });

  it('shows Helsinki wall-clock time, including summer time', async () => {
    expect(formatDateTime(new Date('2025-07-01T10:00:00Z'))).toBe('1.7.2025, 13:00');
    await i18n.changeLanguage('fi');
    expect(formatDateTime(new Date('2025-07-01T10:00:00Z'))).toBe('1.7.2025 klo 13.00');
  });
});
