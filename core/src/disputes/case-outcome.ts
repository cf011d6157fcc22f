import type { PartySide } from './case-turn.js';
import { caseFileStem, type CaseLanguage } from '../i18n/file-names.js';

/**
 * How a case ended, once it is final (docs/architecture.md "The outcome holds"): both parties accepted the same
 * version of an AI decision, or the tribunal issued its award. A final case takes no new decision, tribunal
 * request, upload or phase move; only the requests of §§ 38–39 of the Arbitration Act remain.
 */
export type CaseOutcome =
  | {
      kind: 'accepted';
      /** The accepted decision's attachment id. */
      decisionId: string;
      /** Its version number on the case (1, 2, …) and the SHA-256 of its PDF, as both acceptances recorded them. */
      version: number;
      sha256: string;
      /** When the second acceptance made it binding. */
      at: string;
    }
  | {
      kind: 'award';
      /** The award's attachment id. */
      decisionId: string;
      /** When the award was issued (the last required signature). */
      at: string;
    };

/** What finality is read from: the outcome the server recorded, else the case's decisions as they stand. */
export interface OutcomeFacts {
  outcome?: CaseOutcome;
  phases?: readonly {
    type: string;
    attachments: readonly {
      id: string;
      dateCreated: string;
      status?: string;
      decisionKind?: 'aiDecision' | 'award';
      version?: number;
      sha256?: string;
      acceptances?: readonly { side: PartySide; at: string }[];
    }[];
  }[];
}

/**
 * The case's final outcome, or undefined while it is open. The server records the outcome when it happens;
 * a case that ended before that record existed is read from its decisions (an AI decision both sides
 * accepted, or a completed award), so web and server always agree on the same rule.
 */
export function finalOutcome(facts: OutcomeFacts): CaseOutcome | undefined {
  if (facts.outcome) return facts.outcome;
  for (const phase of facts.phases ?? []) {
    if (phase.type !== 'Resolution') continue;
    for (const file of phase.attachments) {
      if (file.decisionKind === 'award' && file.status === 'Completed') {
        return { kind: 'award', decisionId: file.id, at: file.dateCreated };
      }
      const acceptances = file.acceptances ?? [];
      const claimant = acceptances.find((entry) => entry.side === 'claimant');
      const respondent = acceptances.find((entry) => entry.side === 'respondent');
      if (file.decisionKind === 'aiDecision' && claimant && respondent) {
        return {
          kind: 'accepted',
          decisionId: file.id,
          version: file.version ?? 0,
          sha256: file.sha256 ?? '',
          at: claimant.at > respondent.at ? claimant.at : respondent.at,
        };
      }
    }
  }
  return undefined;
}

/** Whether the case is final: nothing in it may change any more but the §§ 38–39 requests. */
export function isFinal(facts: OutcomeFacts): boolean {
  return finalOutcome(facts) !== undefined;
}

/** `Decision_RAT-2026-000123_v2.pdf` (`Ratkaisu_…` in a Finnish case): the case number and the version travel with every copy. */
export function decisionFileName(caseNumber: string | undefined, version: number, language?: CaseLanguage): string {
  return `${caseFileStem('decision', language)}_${caseNumber ? `${caseNumber}_` : ''}v${version}.pdf`;
}

/** Texts of the server's answers about a final case and about accepting an AI decision. */
export const OUTCOME_MESSAGES = {
  caseFinal:
    'This case is final: the outcome can no longer be changed. Only a request for correction, interpretation or an additional award (Arbitration Act §§ 38–39) can still be made.',
  notOpened: 'Open this version of the decision before you accept it: you can accept only a version you have read.',
  notLatest: 'A newer version of this decision exists: only the latest version can be accepted.',
  generating: 'A new version of the decision is being generated: wait for it before you accept.',
  lapsedByRegeneration: (side: PartySide) =>
    `The ${side} asked for a new version of the decision before both parties had accepted this one.`,
} as const;
