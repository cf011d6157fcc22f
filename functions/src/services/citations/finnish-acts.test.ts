import { describe, expect, it } from 'vitest';
import { checkLegalReferences } from './check-statutes.js';
import { FINNISH_ACTS } from './finnish-acts.js';

describe('FINNISH_ACTS', () => {
  it('gives each act one number, a range, a source, and names that the check recognises', () => {
    const numbers = FINNISH_ACTS.map((act) => act.number);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const act of FINNISH_ACTS) {
      expect(act.number).toMatch(/^\d{1,4}\/\d{4}$/);
      expect(act.source).not.toBe('');
      expect(act.sections ?? act.chapters).toBeGreaterThan(0);
      if (act.chapters) expect(act.sectionsPerChapter).toBeGreaterThan(0);
      for (const word of act.words) expect(word).toMatch(/(?:laki|kaari)$/);
      // Every name and abbreviation, with section 1, is a reference to this act that checks out.
      const names = [...act.words, ...act.abbreviations, ...(act.phrases ?? []).map((phrase) => `laki ${phrase}`)];
      for (const name of names) {
        const section = act.chapters ? `1 luvun 1 §` : '1 §';
        const found = checkLegalReferences(`Ks. ${name} (${act.number}) ${section}.`);
        expect(found, name).toEqual([
          expect.objectContaining({ kind: 'statute', reference: `${name} (${act.number}) ${section}` }),
        ]);
        expect(found[0]!.reason, name).toBeUndefined();
      }
    }
  });

  it('reads the inflected forms of one-word names and the "… annetun lain" form', () => {
    for (const text of [
      'oikeustoimilaissa 36 §',
      'oikeustoimilakia 36 §',
      'kauppalakiin 17 §',
      'maakaaressa 2 luvun 17 §',
      'oikeudenkäymiskaaren 17 luvun 2 §',
      'elinkeinonharjoittajien välisten sopimusehtojen sääntelystä annetun lain 1 §',
      'lain velan vanhentumisesta 10 §',
    ]) {
      const found = checkLegalReferences(text);
      expect(found, text).toEqual([expect.objectContaining({ kind: 'statute', reference: text })]);
      expect(found[0]!.reason, text).toBeUndefined();
    }
  });
});
