import { describe, expect, it } from 'vitest';
import { sanitizeFileName } from './sanitize-file-name.js';

describe('sanitizeFileName', () => {
  it('keeps an ordinary name as typed, any case of .pdf', () => {
    expect(sanitizeFileName('Claim – Hääyö 2026.PDF')).toEqual({
      name: 'Claim – Hääyö 2026.PDF',
      isPdfName: true,
      tooLong: false,
    });
  });

  it('drops the path, whichever separator the client used', () => {
    expect(sanitizeFileName('C:\\Users\\anna\\claim.pdf').name).toBe('claim.pdf');
    expect(sanitizeFileName('../../etc/claim.pdf').name).toBe('claim.pdf');
  });

  it('strips markup and script, and names an emptied stem document.pdf', () => {
    expect(sanitizeFileName('<b onclick="x()">report</b><script>alert(1)</script>.pdf').name).toBe('report.pdf');
    expect(sanitizeFileName('<img src=x onerror=alert(1)>.pdf').name).toBe('document.pdf');
  });

  it('removes control, bidirectional and zero-width characters and folds whitespace', () => {
    expect(sanitizeFileName('in\u202Evoice\u200b\r\n  final\t.pdf').name).toBe('invoice final.pdf');
  });

  it('gives one form to names that differ only in Unicode normalisation', () => {
    expect(sanitizeFileName('Ha\u0308a\u0308.pdf').name).toBe(sanitizeFileName('H\u00e4\u00e4.pdf').name);
  });

  it('tells names that are not .pdf and names that are too long', () => {
    expect(sanitizeFileName('notes.txt')).toEqual({ name: 'notes.txt', isPdfName: false, tooLong: false });
    expect(sanitizeFileName('report.pdf.exe').isPdfName).toBe(false);
    expect(sanitizeFileName(`${'a'.repeat(196)}.pdf`).tooLong).toBe(false);
    expect(sanitizeFileName(`${'a'.repeat(197)}.pdf`).tooLong).toBe(true);
  });
});
