import { describe, expect, it } from 'vitest';
import { decisionFileName } from '../disputes/case-outcome.js';
import { caseFileStem } from './file-names.js';

describe("file names in the case's language", () => {
  it('names a Finnish case’s documents with the glossary’s words', () => {
    expect(['decision', 'award', 'claim', 'correction'].map((kind) => caseFileStem(kind as never, 'fi'))).toEqual([
      'Ratkaisu',
      'Välitystuomio',
      'Kanne',
      'Korjaus',
    ]);
    expect(decisionFileName('RAT-2026-000123', 2, 'fi')).toBe('Ratkaisu_RAT-2026-000123_v2.pdf');
  });

  it('keeps docs/product.md’s English names for an English case and a case without a language', () => {
    expect(decisionFileName('RAT-2026-000123', 2, 'en')).toBe('Decision_RAT-2026-000123_v2.pdf');
    expect(decisionFileName('RAT-2026-000123', 2)).toBe('Decision_RAT-2026-000123_v2.pdf');
    expect(caseFileStem('award', undefined)).toBe('Award');
  });
});
