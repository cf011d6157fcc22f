import type { JobProgress } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { JobFailure } from '../jobs/run-job.js';
import { caseMaterial, stripOfflineNoise } from '../decisions/condense-case-file.js';
import type { DraftDecisionInput } from '../decisions/decision-draft.js';
import { claimsMessages, CLAIMS_OFFLINE_LABEL, type DecisionCaseHeader } from '../decisions/decision-prompt.js';
import { DecisionModelCalls } from '../decisions/model-calls.js';
import { readCaseFile } from '../decisions/read-case-file.js';

/** What extractClaims found for each side. */
export interface ClaimsExtract {
  claimant: string;
  respondent: string;
  model: string;
  offline: boolean;
  details: string[];
}

/**
 * The first validation gate (before the tribunal drafts): the same case file as draftDecision (condensed
 * the same way when it is too large), and one call per side for that party's requests for relief and
 * grounds as the party stated them, with page references. The offline model's answer is labelled an extract.
 */
export async function extractClaims(
  deps: Deps,
  input: Pick<DraftDecisionInput, 'caseName' | 'claimant' | 'respondent' | 'groups' | 'settings'>,
  signal: AbortSignal,
  progress?: (progress: JobProgress) => void,
): Promise<ClaimsExtract> {
  const header: DecisionCaseHeader = {
    caseName: input.caseName,
    ...(input.claimant ? { claimant: input.claimant } : {}),
    ...(input.respondent ? { respondent: input.respondent } : {}),
  };
  const { texts, caseFile } = await readCaseFile(deps, input.groups, signal, progress);
  if (caseFile.documents.length === 0) throw new JobFailure('The case has no documents to extract the claims from.');
  const calls = new DecisionModelCalls(deps, input.settings, signal);
  const details = [...caseFile.notes];
  const { material, condensed } = await caseMaterial(
    calls,
    { header, caseFile, texts, contextTokens: deps.config.generation.contextTokens, settings: input.settings },
    signal,
  );
  if (condensed) {
    details.push('The case file was condensed per document (with page references) before the claims were extracted.');
  }
  const offline = !deps.model.writesLegalText;
  const [claimant, respondent] = await Promise.all(
    (['claimant', 'respondent'] as const).map(async (side) => {
      const text = stripOfflineNoise(
        await calls.complete(claimsMessages({ header, material, condensed, side }), 4_000),
      );
      return offline ? `${CLAIMS_OFFLINE_LABEL}\n\n${text}` : text;
    }),
  );
  signal.throwIfAborted();
  details.push(...calls.notes);
  return {
    claimant: claimant!,
    respondent: respondent!,
    model: calls.model ?? deps.model.kind,
    offline,
    details,
  };
}
