import { describe, expect, it } from 'vitest';
import { createOfflineModel } from '../adapters/model/offline-model.js';
import type { ChatMessage, Model } from '../ports/model.js';
import type { DecisionDraft } from '../services/decisions/decision-draft.js';
import { gradeRubric, parseRubric } from './rubric.js';

const draft = {
  chapters: [
    { index: 5, heading: 'Ratkaisu perusteluineen', text: 'Vastaaja velvoitetaan suorittamaan 48 000 euroa.' },
  ],
} as unknown as DecisionDraft;

describe('the model-graded rubric', () => {
  it('reads the grades from the answer and scales their mean to 0–1', () => {
    expect(parseRubric('Arvio:\n```json\n{"reasoning":5,"legalAnalysis":3,"clarity":4}\n```')).toEqual({
      scores: { reasoning: 5, legalAnalysis: 3, clarity: 4 },
      mean: 0.75,
    });
  });

  it('takes no answer without three grades from 1 to 5', () => {
    expect(parseRubric('Hyvä luonnos.')).toBeNull();
    expect(parseRubric('{"reasoning":6,"legalAnalysis":3,"clarity":4}')).toBeNull();
    expect(parseRubric('{"reasoning":4,"clarity":4}')).toBeNull();
    expect(parseRubric('{"reasoning":4, legalAnalysis}')).toBeNull();
  });

  it('asks the model that wrote the draft, with the draft, and never the offline model', async () => {
    const asked: ChatMessage[][] = [];
    const model: Model = {
      kind: 'openai-compatible',
      writesLegalText: true,
      complete: async (request) => {
        asked.push(request.messages);
        return { text: '{"reasoning":4,"legalAnalysis":4,"clarity":4}', model: 'x' };
      },
    };
    expect(await gradeRubric(model, 'Teräsputket', draft)).toMatchObject({ mean: 0.75 });
    expect(asked[0]!.at(-1)!.content).toContain('48 000 euroa');
    expect(await gradeRubric(createOfflineModel(), 'Teräsputket', draft)).toBeNull();
  });
});
