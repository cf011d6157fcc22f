import type { ChapterCheckpoint, TokenUsage } from './decision-draft.js';
import type { DecisionModelCalls } from './model-calls.js';

/** Every call of the decision: the dossier's, the chapters' of this run, and the saved chapters' of earlier runs. */
export function totalUsage(
  calls: DecisionModelCalls,
  written: readonly ChapterCheckpoint[],
  saved: ReadonlyMap<number, ChapterCheckpoint>,
): TokenUsage {
  const usage: TokenUsage = {
    promptTokens: calls.promptTokens,
    cachedTokens: calls.cachedTokens,
    completionTokens: calls.completionTokens,
  };
  for (const chapter of written) {
    if (!saved.has(chapter.index) || !chapter.usage) continue;
    usage.promptTokens += chapter.usage.promptTokens;
    usage.cachedTokens += chapter.usage.cachedTokens;
    usage.completionTokens += chapter.usage.completionTokens;
  }
  return usage;
}

/** Euros: uncached prompt, cached prompt and completion tokens at their prices per million. */
export function estimateCost(
  usage: TokenUsage,
  prices: { prompt: number; cached: number; completion: number },
): number {
  const uncached = Math.max(0, usage.promptTokens - usage.cachedTokens);
  const euros =
    (uncached * prices.prompt + usage.cachedTokens * prices.cached + usage.completionTokens * prices.completion) /
    1_000_000;
  return Math.round(euros * 10_000) / 10_000;
}

/** What the job's details say about the tokens a decision took: the prompt cache's share, and the cost. */
export function usageDetails(usage: TokenUsage, estimatedCostEur: number | undefined): string[] {
  const details: string[] = [];
  if (usage.cachedTokens > 0) {
    details.push(
      `Prompt cache: ${usage.cachedTokens.toLocaleString('en')} of ${usage.promptTokens.toLocaleString('en')} ` +
        'input tokens were served from the cache.',
    );
  }
  if (estimatedCostEur !== undefined) {
    details.push(
      `Token usage: ${usage.promptTokens.toLocaleString('en')} prompt (${usage.cachedTokens.toLocaleString('en')} ` +
        `cached), ${usage.completionTokens.toLocaleString('en')} completion; estimated cost €${estimatedCostEur.toFixed(2)}.`,
    );
  }
  return details;
}
