import { allRefusalReasons, refusalPlaceholders, refusalTemplate, REFUSALS } from '@ratkaisu/core';
import { describe, expect, it } from 'vitest';
import { en } from './en-features';
import { fi } from './fi';

/**
 * Walks the catalogue of refusals (core refusals.ts): every reason the server can send has its English text in
 * the web's catalogue (the same as core's, which the server sends) and its Finnish text, with the same parameters.
 */

function textAt(catalogue: unknown, path: string): string | undefined {
  const value = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], catalogue);
  return typeof value === 'string' ? value : undefined;
}

const reasons = allRefusalReasons();

describe('the catalogue of refusals', () => {
  it('holds the server’s refusals of every catalogued domain, and the fields’ problems', () => {
    expect(Object.keys(REFUSALS).sort()).toEqual(
      [
        ...['accounts', 'cases', 'constitution', 'corrections', 'general', 'tribunal', 'uploads'],
        ...['claims', 'requests'],
        ...['fees', 'promoCodes', 'tribunalFees'],
        ...['admin', 'retention', 'dataRights', 'incidents', 'notices', 'aiUse', 'outbox', 'registration', 'entra'],
        'fields',
      ].sort(),
    );
    expect(reasons.length).toBeGreaterThan(140);
    expect(reasons).toContain('accounts.tfaAlreadyEnabled');
    expect(reasons).toContain('uploads.tooLarge');
    expect(reasons).toContain('admin.userNameTaken');
    expect(reasons).toContain('fields.tooShort');
  });

  it('gives every reason an English text, the one the server sends', () => {
    const missing = reasons.filter((reason) => textAt(en, `refusals.${reason}`) !== refusalTemplate(reason));
    expect(missing).toEqual([]);
  });

  it('gives every reason a Finnish text with the same parameters as the English', () => {
    const report = reasons.flatMap((reason) => {
      const finnish = textAt(fi, `refusals.${reason}`);
      if (!finnish?.trim()) return [`${reason}: no Finnish text`];
      const expected = refusalPlaceholders(refusalTemplate(reason)).sort().join(' ');
      const actual = refusalPlaceholders(finnish).sort().join(' ');
      return expected === actual ? [] : [`${reason}: en has [${expected}], fi has [${actual}]`];
    });
    expect(report, report.join('\n')).toEqual([]);
  });

  it('translates every text: no Finnish text is the English one', () => {
    const untranslated = reasons.filter((reason) => textAt(fi, `refusals.${reason}`) === refusalTemplate(reason));
    // None is listed: a refusal's text always has words to translate.
    expect(untranslated).toEqual([]);
  });

  it('keeps docs/product.md’s exact English where it names one', () => {
    expect(refusalTemplate('accounts.tfaAlreadyEnabled')).toBe('Cant get key if Tfa enabled.');
    expect(refusalTemplate('uploads.onlyPdf')).toBe('Only PDF files are allowed');
    expect(refusalTemplate('uploads.failed')).toBe('An error occurred while uploading files. Please try again.');
    expect(refusalTemplate('uploads.duplicateNames')).toBe('File(s) with the same name already exist: {{names}}');
  });
});
