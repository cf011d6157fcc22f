import { defaultDecisionSettings } from '@ratkaisu/core';
import { describe, expect, it } from 'vitest';
import { chapterMessages, PROPOSAL_VOICE } from './decision-prompt.js';

const settings = defaultDecisionSettings();
const chapter = (voice?: 'tribunal' | 'proposal') =>
  chapterMessages({
    instructions: settings.instructions,
    header: { caseName: 'Asia' },
    material: '[K1 s.1] Sopimus.',
    condensed: false,
    chapterIndex: 5,
    prompt: settings.chapterPrompts[5]!,
    dispositive: true,
    ...(voice ? { voice } : {}),
  });

describe('the voice of the chapters', () => {
  it('writes a proposal without a tribunal as the proposal, never as a tribunal that does not sit', () => {
    const messages = chapter('proposal');
    expect(messages[0]!.content).toContain(PROPOSAL_VOICE);
    expect(PROPOSAL_VOICE).toContain('ratkaisuehdotuksessa katsotaan');
    expect(messages.at(-1)!.content).toMatch(/^Kirjoita seuraavaksi ratkaisuehdotuksen luku 6:/u);
  });

  it('keeps the tribunal’s voice for a tribunal’s draft', () => {
    for (const messages of [chapter('tribunal'), chapter()]) {
      expect(messages[0]!.content).not.toContain(PROPOSAL_VOICE);
      expect(messages.at(-1)!.content).toMatch(/^Kirjoita seuraavaksi välitystuomion luku 6:/u);
    }
  });
});
