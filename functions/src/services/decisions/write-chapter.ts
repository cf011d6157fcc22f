import { DECISION_PIPELINE_MESSAGES, type DispositivePart } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { ChatMessage, CompletionResult } from '../../ports/model.js';
import { JobFailure } from '../jobs/run-job.js';
import { unfenced } from './condense-case-file.js';
import {
  MAX_CONTINUATIONS,
  type ChapterCheckpoint,
  type DraftDecisionInput,
  type TokenUsage,
} from './decision-draft.js';
import { CONTINUE_INSTRUCTION, correctDispositiveMessage } from './decision-prompt.js';
import { PromptFilteredError, type DecisionModelCalls } from './model-calls.js';
import { readDispositive } from './read-dispositive.js';

/**
 * Writes one chapter: a call with its completion limit; an answer cut off
 * there (`length`) continued by follow-up calls that append to it, up to
 * MAX_CONTINUATIONS, then the chapter fails; an answer withheld by the content
 * filter fails the job with a message naming the chapter. Chapter 6 also
 * yields the dispositive part from the fenced JSON at its end (one correction
 * asked for when it is missing or invalid), stripped from the printed text.
 */
export async function writeChapter(
  deps: Pick<Deps, 'clock'>,
  calls: DecisionModelCalls,
  chapter: {
    index: number;
    heading: string;
    maxOutputTokens: number;
    dispositive: boolean;
    onPrefilled: () => void;
    messages: ChatMessage[];
  },
): Promise<ChapterCheckpoint> {
  const { index, heading } = chapter;
  const usage: TokenUsage = { promptTokens: 0, cachedTokens: 0, completionTokens: 0 };
  const add = (result: { usage?: { promptTokens: number; completionTokens: number; cachedTokens?: number } }) => {
    usage.promptTokens += result.usage?.promptTokens ?? 0;
    usage.cachedTokens += result.usage?.cachedTokens ?? 0;
    usage.completionTokens += result.usage?.completionTokens ?? 0;
  };
  let raw = '';
  let parts = 0;
  let finishReason: string | undefined;
  let model: string | undefined;
  for (;;) {
    parts += 1;
    const messages: ChatMessage[] =
      parts === 1
        ? chapter.messages
        : [...chapter.messages, { role: 'assistant', content: raw }, { role: 'user', content: CONTINUE_INSTRUCTION }];
    let result: CompletionResult;
    try {
      result = await calls.completion(messages, {
        maxOutputTokens: chapter.maxOutputTokens,
        ...(parts === 1 ? { onPrefilled: chapter.onPrefilled } : {}),
      });
    } catch (error) {
      if (!(error instanceof PromptFilteredError)) throw error;
      const message = DECISION_PIPELINE_MESSAGES.contentFiltered(index + 1, heading);
      throw new JobFailure(message, [message, error.message]);
    }
    add(result);
    raw += result.text;
    finishReason = result.finishReason;
    model ??= result.model;
    if (finishReason === 'content_filter') {
      const message = DECISION_PIPELINE_MESSAGES.contentFiltered(index + 1, heading);
      throw new JobFailure(message, [message]);
    }
    if (finishReason !== 'length') break;
    if (parts > MAX_CONTINUATIONS) {
      const message = DECISION_PIPELINE_MESSAGES.truncated(index + 1, heading, parts);
      throw new JobFailure(message, [message]);
    }
  }
  const notes = parts > 1 ? [DECISION_PIPELINE_MESSAGES.continued(index + 1, heading, parts)] : [];

  let dispositive: DispositivePart | undefined;
  if (chapter.dispositive) {
    const first = readDispositive(raw);
    raw = first.text;
    dispositive = first.part;
    if (!dispositive) {
      const retry = await calls.completion([
        ...chapter.messages,
        { role: 'assistant', content: raw },
        { role: 'user', content: correctDispositiveMessage(first.problem) },
      ]);
      add(retry);
      dispositive = readDispositive(retry.text, true).part;
      if (!dispositive) notes.push(DECISION_PIPELINE_MESSAGES.dispositiveMissing);
    }
  }
  return {
    index,
    heading,
    text: cleanChapter(raw, index, heading),
    ...(finishReason ? { finishReason } : {}),
    ...(model ? { model } : {}),
    generatedAt: deps.clock.now().toISOString(),
    usage,
    parts,
    ...(dispositive ? { dispositive } : {}),
    ...(notes.length > 0 ? { notes } : {}),
  };
}

/**
 * A chapter as the award prints it: without a fence around the whole answer,
 * and without a first heading that repeats the chapter's number or title
 * (the award prints its own).
 */
function cleanChapter(text: string, index: number, title: string): string {
  const body = unfenced(text).trim();
  const [first = '', ...rest] = body.split('\n');
  const heading = /^\s{0,3}(#{1,6})\s+(.*)$/u.exec(first);
  const repeatsTitle =
    heading &&
    (heading[1]!.length <= 2 ||
      heading[2]!.includes(`${index + 1}.`) ||
      heading[2]!.toLowerCase().includes(title.toLowerCase()));
  const cleaned = repeatsTitle ? rest.join('\n').trim() : body;
  return cleaned || '_Luku jäi tyhjäksi: kielimalli ei kirjoittanut siihen tekstiä._';
}

/** A chapter's prompt with the tribunal's instruction for it, when it has one. */
export function withInstruction(
  prompt: string,
  index: number,
  instruction: DraftDecisionInput['chapterInstruction'],
): string {
  if (!instruction || instruction.index !== index || !instruction.text.trim()) return prompt;
  return `${prompt}\n\n${TRIBUNAL_INSTRUCTION_LEAD}\n${instruction.text.trim()}`;
}

/** How the tribunal's instruction is introduced in a chapter's prompt (it is the tribunal's, not a party's). */
export const TRIBUNAL_INSTRUCTION_LEAD =
  'Välimiesoikeuden ohje tämän luvun uudelleenkirjoittamiseen (noudata sitä; muut luvut ovat välimiesoikeuden hyväksymässä muodossa):';
