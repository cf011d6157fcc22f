import { readFileSync } from 'node:fs';
import { avoidedSynonyms, GLOSSARY, type GlossaryTerm } from '@ratkaisu/core';
import { describe, expect, it } from 'vitest';
import { PHASE_NAMES, TITLES } from './award-wording-fi.js';

/** The award's Finnish wording keeps to the glossary (core/src/i18n/glossary.ts): no ruled-out synonym anywhere. */
describe("the award's Finnish wording and the glossary", () => {
  const terms = Object.keys(GLOSSARY).filter((term) => term !== 'upload' && term !== 'download') as GlossaryTerm[];

  it.each(['award-wording-fi.ts', 'correction-wording-fi.ts', '../claims/claim-prompt.ts'])(
    '%s uses no synonym the glossary rules out',
    (file) => {
      const text = readFileSync(new URL(file, import.meta.url), 'utf8')
        // the claim prompt compares the kanne with the court's summons application on purpose
        .replace('käräjäoikeudelle laadittavaa haastehakemusta', '');
      expect(terms.flatMap((term) => avoidedSynonyms(text, term))).toEqual([]);
    },
  );

  it("takes the phases' names and the award's title from the glossary", () => {
    expect(PHASE_NAMES.Claim).toBe('Kanne');
    expect(TITLES.award).toBe('VÄLITYSTUOMIO');
  });
});
