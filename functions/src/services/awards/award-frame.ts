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
  /** A sole arbitrator: "välimies", "välimiehen palkkio"; several: "välimiesoikeus", "välimiesten palkkio". */
  const sole = (input.tribunal?.length ?? 0) <= 1;
  const orders = input.dispositive?.orders ?? [];

  // 1. Title, case number, date and seat.
  out.push(`# ${W.TITLES[input.kind]}`);
  if (input.kind === 'aiDecision' && input.anonymous) out.push(`*${W.SUBTITLES.anonymousAiDecision}*`);
  else if (input.kind !== 'award') out.push(`*${W.SUBTITLES[input.kind]}*`);
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
        out.push(`### ${side === 'claimant' ? W.LABELS.claimant : W.LABELS.respondent} (${status.trim()})`);
        const parts = splitReliefAndGrounds(entry.text);
        if (parts) {
          out.push(`#### ${W.HEADINGS.claimsRelief}`, demoteHeadings(parts.relief, '#####') || '—');
          if (parts.grounds) out.push(`#### ${W.HEADINGS.claimsGrounds}`, demoteHeadings(parts.grounds, '#####'));
        } else {
          out.push(demoteHeadings(entry.text.trim()) || '—');
        }
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
    if (orders.length > 0) {
      out.push(
        orders
          .map((order, index) => `${index + 1}. ${orderText(order, sole, isAward ? 'award' : 'proposal')}`)
          .join('\n'),
      );
    } else {
      out.push(isAward ? W.DISPOSITIVE_TEXT.missing : W.DISPOSITIVE_TEXT.missingAi);
    }
  } else {
    out.push(`## ${W.HEADINGS.dispositiveAi}`, W.DISPOSITIVE_TEXT.offline);
  }

  // 9. Costs and the notices: only what the record makes true (which orders concern costs and fees).
  const costsPoints = pointsOf(orders, 'costs');
  const feesPoints = pointsOf(orders, 'fees');
  if (isAward) {
    out.push(`## ${W.HEADINGS.costs}`, W.COSTS_TEXT.intro(sole));
    const costsText = input.costs?.trim();
    if (costsText) out.push(costsText);
    out.push(
      [
        costsPoints.length > 0
          ? W.COSTS_TEXT.costsOrders(W.COSTS_TEXT.points(costsPoints))
          : costsText
            ? ''
            : W.COSTS_TEXT.noCostsOrder(sole),
        feesPoints.length > 0
          ? W.COSTS_TEXT.feesOrders(W.COSTS_TEXT.points(feesPoints), sole)
          : W.COSTS_TEXT.noFeesOrder(sole),
      ]
        .filter(Boolean)
        .join(' '),
    );
    out.push(`## ${W.HEADINGS.requests}`, W.REQUEST_NOTICE(sole), `## ${W.HEADINGS.notices}`, W.CHALLENGE_NOTICE);
    if (feesPoints.length > 0) {
      out.push(
        `## ${sole ? W.HEADINGS.feeNoticeSole : W.HEADINGS.feeNotice}`,
        W.FEE_NOTICE(sole, W.COSTS_TEXT.points(feesPoints)),
      );
    }
  } else if (input.kind === 'aiDecision' && !input.anonymous) {
    out.push(
      `## ${W.HEADINGS.costsAi}`,
      costsPoints.length > 0 ? W.COSTS_TEXT.aiCostsOrders(W.COSTS_TEXT.points(costsPoints)) : W.COSTS_TEXT.aiNoCosts,
      `## ${W.HEADINGS.binding}`,
      W.AI_DECISION_NOTICE,
    );
  }

  // 10. Signatures (awards only: an AI decision has no signature lines), then the annexes.
  if (isAward) {
    out.push(`## ${W.HEADINGS.signatures}`, W.SIGNATURE_TEXT.line(date));
    const members = input.tribunal ?? [];
    for (const member of members) {
      if (member.notSigningReason) continue;
      out.push(
        [
          // Room above the line for the visible signature block (the PDF's reserved signature field).
          ...Array.from({ length: W.SIGNATURE_BLOCK.blankLines }, () => '\u00a0'),
          W.SIGNATURE_BLOCK.line,
          `${inline(member.name)}`,
          `${inline(member.title)}, ${W.TRIBUNAL_TEXT.roles[member.role]}`,
        ].join('  \n'),
      );
    }
    for (const member of members.filter((m) => m.notSigningReason)) {
      out.push(`*${W.SIGNATURE_TEXT.notSigned(inline(member.name), inline(member.notSigningReason!))}*`);
    }
    out.push(
      `*${input.kind === 'award' ? W.SIGNATURE_TEXT.electronic(sole) : W.SIGNATURE_TEXT.draft}*`,
      `*${W.SIGNATURE_TEXT.law36(sole)}*`,
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
    clause.claimant && clause.respondent
      ? W.CONSTITUTION_TEXT.clauseIntro(clause.version)
      : W.CONSTITUTION_TEXT.clauseIntroPending(clause.version),
    `> ${inline(clause.text)}`,
    [accepted(W.LABELS.claimant, clause.claimant), accepted(W.LABELS.respondent, clause.respondent), closing].join(' '),
  ].join('\n\n');
}

function aiUseStatement(input: AwardFrameInput, flagged: number): string {
  const ai = input.aiUse;
  const sole = (input.tribunal?.length ?? 0) <= 1;
  const isAward = input.kind === 'award' || input.kind === 'draftAward';
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
    parts.push(ai.changedPercent > 0 ? W.AI_USE_TEXT.changed(ai.changedPercent, sole) : W.AI_USE_TEXT.unchanged(sole));
  }
  parts.push(W.AI_USE_TEXT.citations(input.checkedReferences, flagged));
  if (ai.injections > 0) parts.push(W.AI_USE_TEXT.injections(ai.injections, isAward));
  parts.push(isAward ? W.AI_USE_TEXT.oversight(sole) : W.AI_USE_TEXT.oversightAi);
  return parts.join(' ');
}

/**
 * Puts a footnote mark after each flagged passage where it stands, by offsets into the very text printed:
 * at `index + length` when the text there still reads what was flagged (`marked`: the reference, the quote
 * or the number); when the text moved (the tribunal edited above it), after the occurrence of that passage
 * nearest to where it stood — so of two identical references the flagged one keeps the mark; a flag whose
 * passage is no longer in the text (edited away) is dropped.
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
    const passage = flag.marked ?? flag.reference;
    let at = -1;
    if (passage && text.slice(flag.index, flag.index + passage.length) === passage) {
      at = flag.index + passage.length;
    } else if (passage) {
      let best = -1;
      for (let found = text.indexOf(passage); found >= 0; found = text.indexOf(passage, found + 1)) {
        if (best < 0 || Math.abs(found - flag.index) < Math.abs(best - flag.index)) best = found;
      }
      if (best >= 0) at = best + passage.length;
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

/** The 1-based numbers of the orders of one kind (costs also counts a payment-shaped costs order). */
function pointsOf(orders: readonly DispositiveOrder[], kind: 'costs' | 'fees'): number[] {
  return orders.flatMap((order, index) => (order.kind === kind ? [index + 1] : []));
}

/**
 * One order as a sentence of the dispositive part. A structured payment, costs or fees order is written from
 * its data ("Vastaaja velvoitetaan suorittamaan kantajalle 372,00 euroa sekä … viivästyskorkoa … lukien");
 * its wording follows as the order's ground when it is not a sentence stating the same obligation, so no
 * fragment stands alone. Other orders print their wording as written, ending with a full stop.
 */
export function orderText(order: DispositiveOrder, sole = true, voice: 'award' | 'proposal' = 'award'): string {
  const refs = order.references.length > 0 ? W.DISPOSITIVE_TEXT.references(order.references.join('; ')) : '';
  const wording = inline(order.text).trim();
  const structured = structuredOrder(order, sole, voice);
  if (structured === undefined) return sentence(`${wording.replace(/[.\s]+$/u, '')}${refs}`);
  // A costs or fees order says all in its structured sentence; a payment's wording is its ground.
  const restates = order.kind !== 'payment' || /velvoitetaan|vahvistetaan|suorittaa|vastaa\b/iu.test(wording);
  const ground = wording && !restates ? W.DISPOSITIVE_TEXT.ground(lowerFirst(wording.replace(/[.\s]+$/u, ''))) : '';
  return sentence(`${structured}${ground}${refs}`);
}

function structuredOrder(order: DispositiveOrder, sole: boolean, voice: 'award' | 'proposal'): string | undefined {
  const party = W.DISPOSITIVE_TEXT.party;
  if (order.amountCents === undefined) return undefined;
  let text: string | undefined;
  if (order.kind === 'fees') {
    text = W.DISPOSITIVE_TEXT.fees(sole, W.euroAmount(order.amountCents));
    if (order.debtor) {
      text += `. ${W.DISPOSITIVE_TEXT.feesBorne(party[order.debtor]!, sole)}`;
      if (order.creditor && order.creditor !== order.debtor) {
        text += W.DISPOSITIVE_TEXT.feesReimburse(W.DISPOSITIVE_TEXT.partyAllative[order.creditor]!);
      }
    }
    return text;
  }
  if (!order.debtor || !order.creditor) return undefined;
  if (order.kind === 'payment') {
    text = (voice === 'proposal' ? W.DISPOSITIVE_TEXT.proposalPayment : W.DISPOSITIVE_TEXT.payment)(
      party[order.debtor]!,
      W.DISPOSITIVE_TEXT.partyAllative[order.creditor]!,
      W.euroAmount(order.amountCents),
    );
  } else if (order.kind === 'costs') {
    text = (voice === 'proposal' ? W.DISPOSITIVE_TEXT.proposalCosts : W.DISPOSITIVE_TEXT.costs)(
      party[order.debtor]!,
      W.DISPOSITIVE_TEXT.partyGenitive[order.creditor]!,
      W.euroAmount(order.amountCents, 'adessive'),
    );
  } else {
    return undefined;
  }
  if (order.interest) {
    const from = W.finnishShortDate(`${order.interest.from}T12:00:00Z`);
    text +=
      order.interest.basis === 'penalty'
        ? W.DISPOSITIVE_TEXT.penaltyInterest(from)
        : W.DISPOSITIVE_TEXT.fixedInterest(String(order.interest.ratePercent ?? 0).replace('.', ','), from);
  }
  return text;
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/u.test(trimmed) ? trimmed : `${trimmed}.`;
}

function lowerFirst(text: string): string {
  return /^\p{Lu}\p{Ll}/u.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

const RELIEF_LINE = /^\s{0,3}(?:#{1,6}\s*)?(?:\*\*|__)?\s*vaatimukset\s*:?\s*(?:\*\*|__)?\s*:?\s*$/iu;
const GROUNDS_LINE = /^\s{0,3}(?:#{1,6}\s*)?(?:\*\*|__)?\s*perusteet\s*:?\s*(?:\*\*|__)?\s*:?\s*$/iu;

/**
 * A side's confirmed text split at its own "Vaatimukset" and "Perusteet" lines (a heading, a bold line or a
 * plain line, as the extract or the party wrote it), each part exactly as confirmed; undefined when the text
 * has no "Vaatimukset" line (it is then printed whole).
 */
export function splitReliefAndGrounds(text: string): { relief: string; grounds?: string } | undefined {
  const lines = text.split('\n');
  const reliefAt = lines.findIndex((line) => RELIEF_LINE.test(line));
  if (reliefAt < 0) return undefined;
  const groundsAt = lines.findIndex((line, index) => index > reliefAt && GROUNDS_LINE.test(line));
  const before = lines.slice(0, reliefAt).join('\n').trim();
  const relief = lines
    .slice(reliefAt + 1, groundsAt < 0 ? undefined : groundsAt)
    .join('\n')
    .trim();
  const grounds =
    groundsAt < 0
      ? ''
      : lines
          .slice(groundsAt + 1)
          .join('\n')
          .trim();
  return { relief: [before, relief].filter(Boolean).join('\n\n'), ...(grounds ? { grounds } : {}) };
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

/** A chapter's own headings go below the chapter's (level 3): `#`, `##` and `###` become `####` (or `level`). */
function demoteHeadings(text: string, level = '####'): string {
  return text.replace(new RegExp(`^(\\s{0,3})(#{1,${level.length - 1}})(\\s)`, 'gmu'), `$1${level}$3`);
}

/** Text from the case (names, file names) placed into Markdown: its own markup must not take effect. */
export function inline(text: string): string {
  return text.replace(/([\\`*_[\]<>|#])/g, '\\$1').replace(/\s+/g, ' ');
}

function cell(text: string): string {
  return inline(text);
}
