import type { AwardFrameInput, FrameClause, FrameContext, FramePartyInput } from './award-frame-input.js';
import { inline } from './award-frame-markdown.js';
import * as W from './award-wording-fi.js';

/** Section 1: the title, case number, date and seat. */
export function titleSection(input: AwardFrameInput, frame: FrameContext): string[] {
  const out: string[] = [];
  const { date } = frame;
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
  return out;
}

/** Section 2: the parties and their counsel. */
export function partiesSection(input: AwardFrameInput): string[] {
  const out: string[] = [];
  if (input.claimant || input.respondent) {
    out.push(`## ${W.HEADINGS.parties}`);
    if (input.claimant) out.push(partyBlock(W.LABELS.claimant, input.claimant));
    if (input.respondent) out.push(partyBlock(W.LABELS.respondent, input.respondent));
  }
  return out;
}

/** Section 3: the tribunal, each member's appointment and statement. */
export function tribunalSection(input: AwardFrameInput): string[] {
  const out: string[] = [];
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
  return out;
}

/** Section 4: the arbitration agreement and jurisdiction. */
export function agreementSection(input: AwardFrameInput, frame: FrameContext): string[] {
  const out: string[] = [];
  const { isAward } = frame;
  if (input.agreement?.clause) {
    out.push(`## ${W.HEADINGS.agreement}`, clauseParagraphs(input.agreement.clause, isAward));
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
  return out;
}

/** Section 5: the procedural history, from the case record. */
export function historySection(input: AwardFrameInput): string[] {
  const out: string[] = [];
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
  return out;
}

/** Section 4 from the agreement accepted on the case: the clause quoted, each party's acceptance, jurisdiction. */
function clauseParagraphs(clause: FrameClause, isAward: boolean): string {
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
