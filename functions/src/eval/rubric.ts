import { z } from 'zod';
import type { ChatMessage, Model } from '../ports/model.js';
import type { DecisionDraft } from '../services/decisions/decision-draft.js';

/**
 * The optional rubric (`npm run eval -- --rubric`, docs/eval.md): the same model on the same endpoint grades the
 * quality of a draft's reasoning from 1 to 5 on three criteria. A model grading itself is a weak judge, so the
 * rubric is reported apart from the computed metrics and gates nothing.
 */
export const RUBRIC_CRITERIA = ['reasoning', 'legalAnalysis', 'clarity'] as const;
export type RubricCriterion = (typeof RUBRIC_CRITERIA)[number];

export interface RubricScore {
  scores: Record<RubricCriterion, number>;
  /** The mean of the three, scaled to 0–1 ((score − 1) / 4). */
  mean: number;
}

const grade = z.number().int().min(1).max(5);
const rubricSchema = z.object({ reasoning: grade, legalAnalysis: grade, clarity: grade });

const RUBRIC_INSTRUCTIONS = [
  'Olet kokenut suomalainen välimies, joka arvioi toisen laatiman välitystuomion luonnoksen perustelujen laatua.',
  'Arvioi asteikolla 1–5 (5 paras):',
  '- reasoning: etenevätkö perustelut johdonmukaisesti tosiseikoista johtopäätöksiin, ja vastaako ratkaisu perusteluja;',
  '- legalAnalysis: sovelletaanko oikeita oikeussääntöjä oikein ja punnitaanko näyttö ja todistustaakka;',
  '- clarity: onko teksti selkeää, täsmällistä ja asiallista suomalaista juridista kieltä.',
  'Vastaa pelkällä JSON-oliolla muodossa {"reasoning":4,"legalAnalysis":3,"clarity":5} ilman muuta tekstiä.',
].join('\n');

export function rubricMessages(caseName: string, draft: DecisionDraft): ChatMessage[] {
  const text = draft.chapters
    .map((chapter) => `## ${chapter.index + 1}. ${chapter.heading}\n\n${chapter.text}`)
    .join('\n\n');
  return [
    { role: 'system', content: RUBRIC_INSTRUCTIONS },
    { role: 'user', content: `Asia: ${caseName}\n\nArvioitava luonnos:\n\n${text}` },
  ];
}

/** The grades from the answer's first JSON object, or null when it holds none that fits. */
export function parseRubric(text: string): RubricScore | null {
  const match = /\{[^{}]*\}/u.exec(text);
  if (!match) return null;
  let value: unknown;
  try {
    value = JSON.parse(match[0]);
  } catch {
    return null;
  }
  const parsed = rubricSchema.safeParse(value);
  if (!parsed.success) return null;
  const scores = parsed.data;
  const mean = RUBRIC_CRITERIA.reduce((sum, name) => sum + (scores[name] - 1) / 4, 0) / RUBRIC_CRITERIA.length;
  return { scores, mean: Math.round(mean * 1000) / 1000 };
}

/** One call to the model that wrote the draft; null for the offline model (it grades nothing) or an unusable answer. */
export async function gradeRubric(model: Model, caseName: string, draft: DecisionDraft): Promise<RubricScore | null> {
  if (!model.writesLegalText) return null;
  const result = await model.complete({ messages: rubricMessages(caseName, draft), temperature: 0 });
  return parseRubric(result.text);
}
