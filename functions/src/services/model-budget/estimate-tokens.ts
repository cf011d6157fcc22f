/**
 * What a job will ask of the model, estimated before it starts from the token counts its pipeline makes
 * (the case-file message counted with the model's tokenizer, as draft-decision.ts does to decide whether to
 * condense). Azure counts a call against the quota by its prompt and its completion limit, so every call
 * here counts its `max_completion_tokens` in full.
 */
export interface JobEstimate {
  tokens: number;
  requests: number;
}

/** What a chapter is expected to be long when a later chapter reads it (the text, not its completion limit). */
export const EXPECTED_CHAPTER_TOKENS = 1_500;
/** The completion limit counted for a call that sets none (the dispositive part's correction, a summary). */
export const DEFAULT_CALL_OUTPUT_TOKENS = 4_000;
/** Tokens of a condensing call's instructions, beside the pages it reads. */
const CONDENSE_OVERHEAD_TOKENS = 600;
/** The share of the case-file budget a dossier is written to fill (draft-decision.ts `condense`). */
const DOSSIER_SHARE = 0.85;
/** Pages one condensing call reads at most (draft-decision.ts `condense`: runs up to 32,000 tokens). */
const CONDENSE_RUN_TOKENS = 32_000;

export interface DecisionEstimateInput {
  /** The case-file message's tokens. */
  caseTokens: number;
  /** What the model reads at once (draft-decision.ts `caseFileBudget`); over it, the case is condensed first. */
  caseFileBudget: number;
  /** Tokens of the instructions and each chapter's prompt. */
  instructionTokens: number;
  promptTokens: readonly number[];
  /** Each chapter's completion limit. */
  maxOutputTokens: readonly number[];
  /** Chapters (0-based) each chapter reads. */
  dependencies: readonly (readonly number[])[];
  /** Chapters to write (0-based); all when absent (a regenerated chapter: only it). */
  write?: readonly number[];
}

/**
 * A decision (or a regenerated chapter): the condensing round when the case is too large (each run of pages
 * read once, the dossier written to 85 % of the budget), then its chapters on the case file or the dossier.
 */
export function estimateDecision(input: DecisionEstimateInput): JobEstimate {
  let tokens = 0;
  let requests = 0;
  let material = input.caseTokens;
  if (input.caseTokens > input.caseFileBudget) {
    const runs = Math.max(1, Math.ceil(input.caseTokens / CONDENSE_RUN_TOKENS));
    // Each run reads its pages and writes its share of a dossier that fills 85 % of the budget.
    const dossier = Math.floor(input.caseFileBudget * DOSSIER_SHARE);
    tokens += input.caseTokens + runs * CONDENSE_OVERHEAD_TOKENS + dossier;
    requests += runs;
    material = dossier;
  }
  const chapters = input.write ?? input.promptTokens.map((_prompt, index) => index);
  for (const index of chapters) {
    const earlier = (input.dependencies[index] ?? []).length * EXPECTED_CHAPTER_TOKENS;
    const limit = input.maxOutputTokens[Math.min(index, input.maxOutputTokens.length - 1)] ?? 0;
    tokens += material + input.instructionTokens + (input.promptTokens[index] ?? 0) + earlier + limit;
    requests += 1;
  }
  return { tokens, requests };
}

/** The claims' summary: one call per side on the same case file (condensed like a decision's when too large). */
export function estimateClaimsSummary(caseTokens: number, caseFileBudget: number): JobEstimate {
  if (caseTokens <= caseFileBudget) return { tokens: 2 * (caseTokens + 4_000), requests: 2 };
  const dossier = Math.floor(caseFileBudget * DOSSIER_SHARE);
  const condensing = estimateDecision({
    caseTokens,
    caseFileBudget,
    instructionTokens: 0,
    promptTokens: [],
    maxOutputTokens: [0],
    dependencies: [],
  });
  return { tokens: condensing.tokens + 2 * (dossier + 4_000), requests: condensing.requests + 2 };
}

/** A claim draft: one call on the case file with the largest completion limit. */
export function estimateClaim(promptTokens: number, maxOutputTokens: number): JobEstimate {
  return { tokens: promptTokens + maxOutputTokens, requests: 1 };
}
