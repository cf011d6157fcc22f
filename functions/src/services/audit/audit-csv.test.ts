import { describe, expect, it } from 'vitest';
import { auditCsvHeader, auditCsvRow, csvCell } from './audit-csv.js';

describe('csvCell', () => {
  it('leaves plain text alone and empties a missing value', () => {
    expect(csvCell('Login')).toBe('Login');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(false)).toBe('false');
  });

  it('quotes cells with commas, quotes or line breaks, doubling the quotes (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('one\r\ntwo')).toBe('"one\r\ntwo"');
    expect(csvCell('one\ntwo')).toBe('"one\ntwo"');
    expect(csvCell('one\rtwo')).toBe('"one\rtwo"');
  });

  it('defuses cells a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}1+1`).replace(/^"/, '')).toMatch(/^'/);
    }
    expect(csvCell('=cmd|" /C calc"!A0')).toBe(`"'=cmd|"" /C calc""!A0"`);
    expect(csvCell('a=b')).toBe('a=b');
  });
});

describe('audit CSV rows', () => {
  it('end with CRLF and keep the header order', () => {
    expect(auditCsvHeader()).toBe(
      'Timestamp (UTC),Action,User ID,User Email,Entity Type,Entity ID,Success,IP Address,Details,Error Message,Tenant ID\r\n',
    );
    expect(
      auditCsvRow({
        id: 'x',
        timestamp: '2026-03-02T09:00:00.000Z',
        action: 'Login',
        success: true,
        userEmail: 'a@b.fi',
      }),
    ).toBe('2026-03-02T09:00:00.000Z,Login,,a@b.fi,,,true,,,,\r\n');
  });
});
