import { UPLOAD_MESSAGES } from '@ratkaisu/core';
import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en-features';
import {
  fileSizeParts,
  looksLikePdf,
  phaseOwner,
  PLAINTIFF_COLUMN,
  refuseSelection,
  RESPONDENT_COLUMN,
} from './case-rules';

const pdf = (name: string) => ({ name, type: 'application/pdf' });

describe('case page rules', () => {
  it('orders each column newest phase first and knows who acts in each phase', () => {
    expect(PLAINTIFF_COLUMN).toEqual(['ClaimantLetter2', 'ClaimantLetter1', 'Claim']);
    expect(RESPONDENT_COLUMN).toEqual(['RespondentLetter2', 'RespondentLetter1', 'Response']);
    expect(phaseOwner('ClaimantLetter1')).toBe('claimant');
    expect(phaseOwner('Response')).toBe('respondent');
    expect(phaseOwner('Resolution')).toBeNull();
  });

  it('takes a file for a PDF only when both name and type say so', () => {
    expect(looksLikePdf(pdf('a.pdf'))).toBe(true);
    expect(looksLikePdf(pdf('A.PDF'))).toBe(true);
    expect(looksLikePdf({ name: 'scan.pdf', type: '' })).toBe(true);
    expect(looksLikePdf({ name: 'notes.txt', type: 'text/plain' })).toBe(false);
    expect(looksLikePdf({ name: 'fake.pdf', type: 'text/plain' })).toBe(false);
    expect(looksLikePdf({ name: 'report', type: 'application/pdf' })).toBe(false);
  });

  it('refuses non-PDFs first, then duplicates against the phase and within the selection', () => {
    expect(refuseSelection([pdf('a.pdf'), { name: 'b.docx', type: 'application/msword' }], [])).toEqual({
      kind: 'notPdf',
      names: ['b.docx'],
    });
    expect(refuseSelection([pdf('Claim.pdf'), pdf('new.pdf'), pdf('NEW.pdf')], ['claim.pdf'])).toEqual({
      kind: 'duplicate',
      message: 'File(s) with the same name already exist: Claim.pdf, NEW.pdf (duplicate in current selection)',
    });
    expect(refuseSelection([pdf('a.pdf'), pdf('b.pdf')], ['c.pdf'])).toBeNull();
  });

  it('shows the catalogue texts the server also uses', () => {
    expect(en.cases.onlyPdfAllowed).toBe(UPLOAD_MESSAGES.onlyPdf);
    expect(en.cases.uploadFailed).toBe(UPLOAD_MESSAGES.uploadFailed);
    expect(en.cases.duplicateFileNames).toBe(UPLOAD_MESSAGES.duplicatePrefix);
  });

  it('formats sizes in B, KB and MB', () => {
    expect(fileSizeParts(512)).toEqual({ key: 'sizeBytes', value: '512' });
    expect(fileSizeParts(1536)).toEqual({ key: 'sizeKilobytes', value: '1.5' });
    expect(fileSizeParts(5 * 1024 * 1024)).toEqual({ key: 'sizeMegabytes', value: '5.0' });
  });
});
