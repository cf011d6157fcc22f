import { describe, expect, it } from 'vitest';
import {
  DECISION_CHAPTER_COUNT,
  DEFAULT_CHAPTER_HEADINGS,
  DEFAULT_CHAPTER_PROMPTS,
  DEFAULT_DECISION_INSTRUCTIONS,
  decisionSettingsSchema,
  defaultDecisionSettings,
} from './decision-settings.js';

describe('decision settings', () => {
  it('has seven default chapter prompts, each naming its heading, and defaults temperature 0 and top_p 1', () => {
    const settings = defaultDecisionSettings();
    expect(settings.chapterPrompts).toHaveLength(DECISION_CHAPTER_COUNT);
    DEFAULT_CHAPTER_HEADINGS.forEach((heading, index) => expect(DEFAULT_CHAPTER_PROMPTS[index]).toContain(heading));
    expect(settings.temperature).toBe(0);
    expect(settings.top_p).toBe(1);
    expect(decisionSettingsSchema.parse(settings)).toEqual(settings);
  });

  it('demands page references and nothing outside the case file as fact', () => {
    expect(DEFAULT_DECISION_INSTRUCTIONS).toContain('[K1 s.3]');
    expect(DEFAULT_DECISION_INSTRUCTIONS).toMatch(/Älä esitä tosiasiana mitään, mikä ei ilmene aineistosta/);
  });

  it('refuses an empty prompt, a wrong number of prompts and values outside 0–1', () => {
    const settings = defaultDecisionSettings();
    const blank = { ...settings, chapterPrompts: settings.chapterPrompts.map((p, i) => (i === 3 ? '   ' : p)) };
    expect(decisionSettingsSchema.safeParse(blank).error?.issues[0]?.message).toBe(
      'Every chapter prompt must have text.',
    );
    expect(
      decisionSettingsSchema.safeParse({ ...settings, chapterPrompts: settings.chapterPrompts.slice(1) }).success,
    ).toBe(false);
    expect(decisionSettingsSchema.safeParse({ ...settings, temperature: 1.1 }).error?.issues[0]?.message).toBe(
      'temperature must be between 0 and 1.',
    );
    expect(decisionSettingsSchema.safeParse({ ...settings, top_p: -0.1 }).success).toBe(false);
    expect(decisionSettingsSchema.safeParse({ ...settings, top_p: 'x' }).success).toBe(false);
  });
});
