import type { DispositiveOrder, DispositivePart, FlaggedReference } from '@ratkaisu/core';

/** What the document is: the tribunal's adopted award, its draft, an AI decision, or the offline extract. */
export type AwardFrameKind = 'award' | 'draftAward' | 'aiDecision' | 'offlineExtract';

export interface FramePartyInput {
  name: string;
  identificationNumber?: string;
  address?: string;
  /** The representative user: name as registered and email. */
  counsel?: { name: string; email: string };
}

export interface FrameMemberInput {
  name: string;
  title: string;
  role: 'sole' | 'chair' | 'member';
  statement?: 'none' | 'disclosed';
  disclosure?: string;
  notSigningReason?: string;
  /** The member's account: names the PDF signature field reserved for the member's signature. */
  userId?: string;
  /** Who appointed the arbitrator for the service as appointing authority, and when. */
  appointment?: { by: string; at: string };
}

/** The arbitration agreement the parties accepted on the case (core ARBITRATION_AGREEMENT) and the jurisdiction. */
export interface FrameClause {
  version: string;
  text: string;
  claimant?: { name: string; at: string; version: string };
  respondent?: { name: string; at: string; version: string };
  /** The tribunal's decision on its jurisdiction, when a party's documents hold another clause. */
  jurisdiction?: { text: string; at: string; name: string };
}

export interface FrameHistoryEntry {
  at: string;
  text: string;
}

export interface FrameDocumentRow {
  code: string;
  phase?: string;
  fileName: string;
  pages: number;
  note?: string;
}

export interface FrameClaimsSide {
  text: string;
  status: 'Proposed' | 'Confirmed' | 'Corrected';
  answeredAt?: string;
}

/** Section 6: the summary of the parties' claims with each side's answer and the comments. */
export interface FrameClaims {
  claimant: FrameClaimsSide;
  respondent: FrameClaimsSide;
  comments: { by: string; name: string; text: string; at: string }[];
}

export interface AwardFrameInput {
  kind: AwardFrameKind;
  /** The public generator's proposal: no case, parties, tribunal or agreement to state. */
  anonymous?: boolean;
  caseNumber?: string;
  caseName: string;
  /** The award's date (adoption) or the draft's. */
  date: Date;
  claimant?: FramePartyInput;
  respondent?: FramePartyInput;
  tribunal?: FrameMemberInput[];
  agreement?: {
    termsVersion: string;
    claimantAcceptedAt?: string;
    respondentAcceptedAt?: string;
    clause?: FrameClause;
  };
  history: FrameHistoryEntry[];
  /** The summary of the parties' claims (awards of a tribunal); absent, section 6 says none was made. */
  claims?: FrameClaims;
  chapters: { heading: string; text: string }[];
  dispositive?: DispositivePart;
  costs?: string;
  documents: FrameDocumentRow[];
  aiUse: {
    offline: boolean;
    model: string;
    sampling?: { temperature: number; top_p: number };
    condensed: boolean;
    generatedAt: string;
    settingsBy?: string;
    settingsAt?: string;
    settingsSha256?: string;
    customPrompts: boolean;
    /** Share (0–100) of the final reasons' characters that differ from the AI's text; undefined before review. */
    changedPercent?: number;
    injections: number;
  };
  flagged: FlaggedReference[];
  checkedReferences: number;
}

/** What every section of the frame asks of the document as a whole. */
export interface FrameContext {
  /** The document's date, as printed. */
  date: string;
  /** The tribunal's award or its draft (not an AI decision or the offline extract). */
  isAward: boolean;
  /** A sole arbitrator: "välimies", "välimiehen palkkio"; several: "välimiesoikeus", "välimiesten palkkio". */
  sole: boolean;
  orders: readonly DispositiveOrder[];
}
