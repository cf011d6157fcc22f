import type { DispositiveOrder, DispositivePart, FlaggedReference } from '@ratkaisu/core';
import * as W from './award-wording-fi.js';

/**
 * The award's fixed frame (issue "The award document"): the sections a Finnish
 * arbitral award needs, in this order, from the case's data, whatever the
 * chapter prompts say. The model writes only the reasons (the chapters) and
 * proposes the dispositive part as data; everything else comes from the case
 * record. The wording is award-wording-fi.ts's; this module only arranges it.
 */

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

const SUPERSCRIPT = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];

/** The footnote mark of the n-th flagged reference: ⁽¹²⁾. */
export function flagMark(n: number): string {
  return `⁽${String(n)
    .split('')
    .map((digit) => SUPERSCRIPT[Number(digit)])
    .join('')}⁾`;
}

export function awardMarkdown(input: AwardFrameInput): string {
  const out: string[] = [];
  const date = W.finnishDate(input.date);
  const isAward = input.kind === 'award' || input.kind === 'draftAward';

  // 1. Title, case number, date and seat.
  out.push(`# ${W.TITLES[input.kind]}`);
  if (input.kind !== 'award') out.push(`*${W.SUBTITLES[input.kind]}*`);
  out.push(
    [
      ...(input.caseNumber ? [`**${W.LABELS.caseNumber}:** ${input.caseNumber}`] : []),
      `**${W.LABELS.caseName}:** ${inline(input.caseName)}`,
      `**${input.kind === 'award' ? W.LABELS.dateAndSeat : W.LABELS.dateAndSeatDraft}:** ${W.SEAT}, ${date}`,
      `**${W.LABELS.law}:** ${W.APPLICABLE_LAW}; **${W.LABELS.language}:** ${W.LANGUAGE}`,
    ].join('  \n'),
  );

  // 2. Parties and counsel.
  if (input.claimant || input.respondent) {
    out.push(`## ${W.HEADINGS.parties}`);
    if (input.claimant) out.push(partyBlock(W.LABELS.claimant, input.claimant));
    if (input.respondent) out.push(partyBlock(W.LABELS.respondent, input.respondent));
  }

  // 3. The tribunal.
  if (input.kind !== 'offlineExtract' && !input.anonymous) {
    out.push(`## ${W.HEADINGS.tribunal}`);
    if (input.tribunal && input.tribunal.length > 0) {
      out.push(
        input.tribunal
          .map((member) => {
            const statement =
              member.statement === 'disclosed'
                ? `${W.TRIBUNAL_TEXT.statementDisclosed}: ${inline(member.disclosure ?? '')}`
                : member.statement === 'none'
                  ? W.TRIBUNAL_TEXT.statementNone
                  : '';
            const sentence = statement ? `; ${statement.replace(/[.\s]+$/u, '')}.` : '';
            const basis = member.appointment
              ? `; ${W.CONSTITUTION_TEXT.appointmentBasis(inline(member.appointment.by), W.finnishShortDate(member.appointment.at))}`
              : '';
            return `- **${inline(member.name)}**, ${inline(member.title)} (${W.TRIBUNAL_TEXT.roles[member.role]}${basis})${sentence}`;
          })
          .join('\n'),
      );
    } else {
      out.push(W.TRIBUNAL_TEXT.none);
    }
  }

  // 4. Agreement and jurisdiction.
  if (input.agreement?.clause) {
    out.push(`## ${W.HEADINGS.agreement}`, agreementSection(input.agreement.clause, isAward));
  } else if (input.agreement) {
    out.push(`## ${W.HEADINGS.agreement}`);
    const lines = [W.AGREEMENT_TEXT.terms(input.agreement.termsVersion)];
    lines.push(
      input.agreement.claimantAcceptedAt
        ? W.AGREEMENT_TEXT.accepted(W.LABELS.claimant, W.finnishShortDate(input.agreement.claimantAcceptedAt))
        : W.AGREEMENT_TEXT.notRecorded(W.LABELS.claimant),
    );
    lines.push(
      input.agreement.respondentAcceptedAt
        ? W.AGREEMENT_TEXT.accepted(W.LABELS.respondent, W.finnishShortDate(input.agreement.respondentAcceptedAt))
        : W.AGREEMENT_TEXT.notRecorded(W.LABELS.respondent),
    );
    lines.push(isAward ? W.AGREEMENT_TEXT.jurisdiction : W.AGREEMENT_TEXT.aiOnly);
    out.push(lines.join(' '));
  }

  // 5. Procedural history, from the case record.
  if (input.anonymous) {
    out.push(W.ANONYMOUS_NOTICE);
  } else if (input.history.length > 0 || input.kind !== 'offlineExtract') {
    out.push(`## ${W.HEADINGS.history}`);
    out.push(
      input.history.length === 0
        ? W.HISTORY_TEXT.none
        : input.history.map((entry) => `- ${W.finnishShortDate(entry.at)}: ${entry.text}`).join('\n'),
    );
  }

  // 6. The parties' requests for relief and grounds, as they confirmed or corrected them.
  if (isAward) {
    out.push(`## ${W.HEADINGS.claims}`);
    if (input.claims) {
      out.push(W.CLAIMS_TEXT.intro);
      for (const side of ['claimant', 'respondent'] as const) {
        const entry = input.claims[side];
        const party = W.CLAIMS_TEXT.party[side]!;
        const status =
          entry.status === 'Confirmed'
            ? W.CLAIMS_TEXT.confirmed(party, entry.answeredAt ? W.finnishShortDate(entry.answeredAt) : '')
            : entry.status === 'Corrected'
              ? W.CLAIMS_TEXT.corrected(party, entry.answeredAt ? W.finnishShortDate(entry.answeredAt) : '')
              : W.CLAIMS_TEXT.proposed;
        out.push(
          `### ${side === 'claimant' ? W.LABELS.claimant : W.LABELS.respondent} (${status.trim()})`,
          demoteHeadings(entry.text.trim()) || '—',
        );
      }
      if (input.claims.comments.length > 0) {
        out.push(
          `### ${W.CLAIMS_TEXT.comments}`,
          input.claims.comments
            .map(
              (comment) =>
                `- ${W.finnishShortDate(comment.at)}, ${inline(comment.name)} (${W.CLAIMS_TEXT.by[comment.by] ?? comment.by}): ${inline(comment.text)}`,
            )
            .join('\n'),
        );
      }
    } else {
      out.push(W.CLAIMS_TEXT.none);
    }
  }

  // 7. The reasons: the chapters under their own headings, flagged references marked where they stand.
  out.push(`## ${W.HEADINGS.reasons}`);
  const marks = markFlags(input.chapters, input.flagged);
  marks.texts.forEach((text, index) => {
    out.push(`### ${index + 1}. ${inline(input.chapters[index]!.heading)}`, demoteHeadings(text));
  });

  // 8. The dispositive part.
  if (input.kind !== 'offlineExtract') {
    out.push(`## ${isAward ? W.HEADINGS.dispositive : W.HEADINGS.dispositiveAi}`);
    if (input.dispositive && input.dispositive.orders.length > 0) {
      out.push(input.dispositive.orders.map((order, index) => `${index + 1}. ${orderText(order)}`).join('\n'));
    } else {
      out.push(isAward ? W.DISPOSITIVE_TEXT.missing : W.DISPOSITIVE_TEXT.missingAi);
    }
  } else {
    out.push(`## ${W.HEADINGS.dispositiveAi}`, W.DISPOSITIVE_TEXT.offline);
  }

  // 9. Costs and the notices.
  if (isAward) {
    out.push(
      `## ${W.HEADINGS.costs}`,
      W.COSTS_TEXT.intro,
      input.costs?.trim() ? input.costs.trim() : W.COSTS_TEXT.none,
      W.COSTS_TEXT.fees,
    );
    out.push(`## ${W.HEADINGS.notices}`, W.CHALLENGE_NOTICE, W.FEE_NOTICE);
  } else if (input.kind === 'aiDecision' && !input.anonymous) {
    out.push(`## ${W.HEADINGS.costs}`, W.COSTS_TEXT.aiNoCosts, W.AI_DECISION_NOTICE);
  }

  // 10. Signatures (awards only: an AI decision has no signature lines), then the annexes.
  if (isAward) {
    out.push(`## ${W.HEADINGS.signatures}`, W.SIGNATURE_TEXT.line(date));
    const members = input.tribunal ?? [];
    for (const member of members) {
      if (member.notSigningReason) continue;
      out.push(
        [
          '\\_'.repeat(36),
          `${inline(member.name)}`,
          `${inline(member.title)}, ${W.TRIBUNAL_TEXT.roles[member.role]}`,
        ].join('  \n'),
      );
    }
    for (const member of members.filter((m) => m.notSigningReason)) {
      out.push(`*${W.SIGNATURE_TEXT.notSigned(inline(member.name), inline(member.notSigningReason!))}*`);
    }
    out.push(
      `*${input.kind === 'award' ? W.SIGNATURE_TEXT.electronic : W.SIGNATURE_TEXT.draft}*`,
      `*${W.SIGNATURE_TEXT.law36}*`,
    );
  }

  out.push(`## ${W.HEADINGS.documents}`);
  if (input.documents.length === 0) {
    out.push(W.DOCUMENTS_TEXT.none);
  } else {
    out.push(
      [
        W.DOCUMENTS_TEXT.header,
        W.DOCUMENTS_TEXT.rule,
        ...input.documents.map(
          (document) =>
            `| ${document.code} | ${cell(document.phase ?? '')} | ${cell(document.fileName)} | ${document.pages}${document.note ? ` (${cell(document.note)})` : ''} |`,
        ),
      ].join('\n'),
    );
  }

  out.push(`## ${W.HEADINGS.aiUse}`, aiUseStatement(input, marks.count));

  out.push(`## ${W.HEADINGS.flagged}`);
  if (marks.rows.length === 0) {
    out.push(W.FLAGGED_TEXT.none(input.checkedReferences));
  } else {
    out.push(
      W.FLAGGED_TEXT.intro(marks.rows.length, input.checkedReferences),
      [
        W.FLAGGED_TEXT.header,
        W.FLAGGED_TEXT.rule,
        ...marks.rows.map(
          (row) =>
            `| ${flagMark(row.n)} | ${row.flag.chapter} | ${cell(row.flag.reference)} | ${cell(row.flag.reason)} |`,
        ),
      ].join('\n'),
    );
  }
  return `${out.join('\n\n')}\n`;
}

/** Section 4 from the agreement accepted on the case: the clause quoted, each party's acceptance, jurisdiction. */
function agreementSection(clause: FrameClause, isAward: boolean): string {
  const accepted = (role: string, entry: FrameClause['claimant']) =>
    entry
      ? W.CONSTITUTION_TEXT.clauseAccepted(role, inline(entry.name), W.finnishShortDate(entry.at), entry.version)
      : W.CONSTITUTION_TEXT.clauseNotAccepted(role);
  const closing = !isAward
    ? W.AGREEMENT_TEXT.aiOnly
    : clause.jurisdiction
      ? W.CONSTITUTION_TEXT.jurisdictionDecision(
          W.finnishShortDate(clause.jurisdiction.at),
          inline(clause.jurisdiction.name),
          inline(clause.jurisdiction.text),
        )
      : W.CONSTITUTION_TEXT.jurisdictionBasis;
  return [
    W.CONSTITUTION_TEXT.clauseIntro(clause.version),
    `> ${inline(clause.text)}`,
    [accepted(W.LABELS.claimant, clause.claimant), accepted(W.LABELS.respondent, clause.respondent), closing].join(' '),
  ].join('\n\n');
}

function aiUseStatement(input: AwardFrameInput, flagged: number): string {
  const ai = input.aiUse;
  const parts: string[] = [];
  if (ai.offline) parts.push(W.AI_USE_TEXT.offline);
  else {
    parts.push(W.AI_USE_TEXT.intro(inline(ai.model)));
    parts.push(
      ai.sampling ? W.AI_USE_TEXT.sampling(ai.sampling.temperature, ai.sampling.top_p) : W.AI_USE_TEXT.noSampling,
    );
  }
  if (ai.settingsBy && ai.settingsAt) {
    parts.push(
      W.AI_USE_TEXT.settings(
        inline(ai.settingsBy),
        W.finnishShortDate(ai.settingsAt),
        ai.customPrompts ? W.AI_USE_TEXT.customPrompts : W.AI_USE_TEXT.defaultPrompts,
      ),
    );
  }
  if (ai.settingsSha256) parts.push(W.AI_USE_TEXT.settingsHash(ai.settingsSha256));
  parts.push(W.AI_USE_TEXT.generatedAt(W.finnishShortDate(ai.generatedAt)));
  if (ai.condensed) parts.push(W.AI_USE_TEXT.condensed);
  if (ai.changedPercent !== undefined) {
    parts.push(ai.changedPercent > 0 ? W.AI_USE_TEXT.changed(ai.changedPercent) : W.AI_USE_TEXT.unchanged);
  }
  parts.push(W.AI_USE_TEXT.citations(input.checkedReferences, flagged));
  if (ai.injections > 0) parts.push(W.AI_USE_TEXT.injections(ai.injections));
  parts.push(
    input.kind === 'award' || input.kind === 'draftAward' ? W.AI_USE_TEXT.oversight : W.AI_USE_TEXT.oversightAi,
  );
  return parts.join(' ');
}

/**
 * Puts a footnote mark after each flagged reference where it stands: at its
 * offset when the check gave one and the text there still reads the same,
 * else at the first occurrence of the reference in its chapter; a flag whose
 * reference is no longer in the text (the tribunal edited it away) is dropped.
 */
export function markFlags(
  chapters: readonly { text: string }[],
  flagged: readonly FlaggedReference[],
): { texts: string[]; rows: { n: number; flag: FlaggedReference }[]; count: number } {
  const rows: { n: number; flag: FlaggedReference }[] = [];
  const inserts = new Map<number, { at: number; n: number }[]>();
  for (const flag of flagged) {
    const text = chapters[flag.chapter - 1]?.text;
    if (text === undefined) continue;
    let at = -1;
    if (flag.length > 0 && text.slice(flag.index, flag.index + flag.length) === flag.reference) {
      at = flag.index + flag.length;
    } else {
      const found = text.indexOf(flag.reference);
      if (found >= 0) at = found + flag.reference.length;
    }
    if (at < 0) continue;
    const n = rows.length + 1;
    rows.push({ n, flag });
    const list = inserts.get(flag.chapter - 1) ?? [];
    list.push({ at, n });
    inserts.set(flag.chapter - 1, list);
  }
  const texts = chapters.map((chapter, index) => {
    const list = (inserts.get(index) ?? []).sort((a, b) => b.at - a.at || b.n - a.n);
    let text = chapter.text;
    for (const { at, n } of list) text = `${text.slice(0, at)}${flagMark(n)}${text.slice(at)}`;
    return text;
  });
  return { texts, rows, count: rows.length };
}

function orderText(order: DispositiveOrder): string {
  const refs = order.references.length > 0 ? W.DISPOSITIVE_TEXT.references(order.references.join('; ')) : '';
  if (order.kind === 'payment' || (order.kind === 'costs' && order.amountCents !== undefined)) {
    if (order.debtor && order.creditor && order.amountCents !== undefined) {
      let text = W.DISPOSITIVE_TEXT.payment(
        W.DISPOSITIVE_TEXT.party[order.debtor]!,
        W.DISPOSITIVE_TEXT.partyGenitive[order.creditor]!,
        W.euros(order.amountCents),
      );
      if (order.interest) {
        const from = W.finnishShortDate(`${order.interest.from}T12:00:00Z`);
        text +=
          order.interest.basis === 'penalty'
            ? W.DISPOSITIVE_TEXT.penaltyInterest(from)
            : W.DISPOSITIVE_TEXT.fixedInterest(String(order.interest.ratePercent ?? 0).replace('.', ','), from);
      }
      return `${text}. ${inline(order.text)}${refs}`.trim();
    }
  }
  return `${inline(order.text)}${refs}`;
}

function partyBlock(role: string, party: FramePartyInput): string {
  const lines = [`**${role}:** ${inline(party.name || '—')}`];
  lines.push(
    `${W.LABELS.businessId}: ${party.identificationNumber ? inline(party.identificationNumber) : W.LABELS.notGiven}`,
  );
  lines.push(`${W.LABELS.address}: ${party.address ? inline(party.address) : W.LABELS.notGiven}`);
  lines.push(
    `${W.LABELS.counsel}: ${party.counsel ? `${inline(party.counsel.name)} (${inline(party.counsel.email)})` : W.LABELS.noCounsel}`,
  );
  return lines.join('  \n');
}

/** A chapter's own headings go below the chapter's (level 3): `#`, `##` and `###` become `####`. */
function demoteHeadings(text: string): string {
  return text.replace(/^(\s{0,3})(#{1,3})(\s)/gmu, '$1####$3');
}

/** Text from the case (names, file names) placed into Markdown: its own markup must not take effect. */
export function inline(text: string): string {
  return text.replace(/([\\`*_[\]<>|#])/g, '\\$1').replace(/\s+/g, ' ');
}

function cell(text: string): string {
  return inline(text);
}
