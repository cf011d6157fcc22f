import { DEFAULT_CHAPTER_HEADINGS, DEFAULT_CHAPTER_PROMPTS, DEFAULT_DECISION_INSTRUCTIONS } from '@ratkaisu/core';
import { describe, expect, it } from 'vitest';
import { draft } from '../../adapters/model/offline-model.js';
import { chapterMessages } from './decision-prompt.js';

/** The offline model over the decision's own chapter prompts (adapters/model/offline-ranking.ts). */
const MATERIAL = [
  '<asiakirja tunnus="K1" tiedosto="Toimitussopimus.pdf" sivuja="2">',
  '[K1 s.1]',
  'TOIMITUSSOPIMUS',
  'Toimittaja Koneistus Oy (Y-tunnus 2345678-9) ja tilaaja Rakennus Laine Oy (Y-tunnus 3456789-0) solmivat sopimuksen 10.1.2026.',
  'Toimittaja toimittaa tilaajalle kaksi nosturia, ja kauppahinta on 48 000 euroa.',
  '[K1 s.2]',
  'Sopimukseen sovelletaan kauppalakia (355/1987), ja viivästyskorko määräytyy korkolain 4 §:n mukaan.',
  '</asiakirja>',
  '<asiakirja tunnus="K2" tiedosto="Kanne.pdf" sivuja="2">',
  '[K2 s.1]',
  'Kantaja vaatii vastaajaa maksamaan 48 000 euroa viivästyskorkoineen 15.3.2026 lukien.',
  'Vastaaja ei ole maksanut laskua, joka erääntyi 14.3.2026.',
  '[K2 s.2]',
  'Tarkastuspöytäkirja osoittaa, että nosturit vastaanotettiin moitteettomina 28.2.2026.',
  'Kantaja vaatii lisäksi oikeudenkäyntikulujensa korvaamista.',
  '</asiakirja>',
  '<asiakirja tunnus="V1" tiedosto="Vastaus.pdf" sivuja="1">',
  '[V1 s.1]',
  'Vastaaja kiistää kanteen ja esittää kuittausvaatimuksena 6 000 euroa viivästyksestä aiheutuneesta vahingosta.',
  'Vastaajan mukaan toimitus myöhästyi kaksi viikkoa sovitusta ajankohdasta.',
  '</asiakirja>',
].join('\n');

function chapter(index: number): string {
  return draft(
    chapterMessages({
      instructions: DEFAULT_DECISION_INSTRUCTIONS,
      header: { caseName: 'Nosturikauppa' },
      material: MATERIAL,
      condensed: false,
      chapterIndex: index,
      prompt: DEFAULT_CHAPTER_PROMPTS[index]!,
      heading: DEFAULT_CHAPTER_HEADINGS[index]!,
    }),
  );
}

/** The material's sentences a chapter quotes (bullets and the quoted context of its lists). */
function quoted(text: string): string[] {
  const sentences = MATERIAL.split('\n').filter((line) => !line.startsWith('<') && !line.startsWith('['));
  return sentences.filter((sentence) => sentence.length > 30 && text.includes(sentence.slice(0, 40)));
}

describe('the offline model writing the chapters of a decision', () => {
  const chapters = DEFAULT_CHAPTER_PROMPTS.map((_, index) => chapter(index));

  it('quotes no sentence of the material in two chapters', () => {
    const seen = new Map<string, number>();
    chapters.forEach((text, index) => {
      for (const sentence of quoted(text)) {
        expect(seen.get(sentence), `“${sentence}” in chapters ${seen.get(sentence)! + 1} and ${index + 1}`).toBe(
          undefined,
        );
        seen.set(sentence, index);
      }
    });
    // Between them the chapters quote most of the material, not the same few sentences.
    expect(seen.size).toBeGreaterThanOrEqual(6);
  });

  it('gives each chapter what its own question asks: the parties, the claims, the evidence, the law', () => {
    expect(chapters[0]).toContain('Y-tunnus 2345678-9');
    expect(chapters[1]).toContain('Kantaja vaatii vastaajaa maksamaan 48 000 euroa');
    expect(chapters[3]).toContain('Tarkastuspöytäkirja osoittaa');
    expect(chapters[6]).toContain('korkolain 4 §');
    expect(chapters[1]).not.toContain('korkolain 4 §');
  });

  it('answers the same chapter the same way every time', () => {
    expect(chapter(2)).toBe(chapters[2]);
  });
});
