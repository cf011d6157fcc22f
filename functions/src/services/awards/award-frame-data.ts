import {
  ARBITRATION_AGREEMENT,
  CLAIMANT_PHASES,
  PHASE_TYPES,
  TERMS_OF_SERVICE_VERSION,
  defaultDecisionSettings,
} from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { UserDocument } from '../../records/user-document.js';
import type { DisputeDocument, Side } from '../disputes/dispute-document.js';
import { representative } from '../disputes/case-representative.js';
import type { AwardDocument } from './award-document.js';
import type {
  AwardFrameInput,
  AwardFrameKind,
  FrameClaimsSide,
  FrameHistoryEntry,
  FramePartyInput,
} from './award-frame.js';
import * as W from './award-wording-fi.js';
import { constitutionOf } from '../disputes/constitution-record.js';

/**
 * The frame's data from the case record: parties with their counsel (the representative users), the
 * tribunal with its statements, the terms both parties accepted, and the procedural history — nothing here
 * comes from the model.
 */
export async function awardFrameInput(
  deps: Pick<Deps, 'store'>,
  dispute: DisputeDocument,
  award: AwardDocument,
  kind: AwardFrameKind,
  date: Date,
): Promise<AwardFrameInput> {
  const claimantUser = await representative(deps, dispute, 'claimant');
  const respondentUser = await representative(deps, dispute, 'respondent');
  const members = (dispute.tribunal?.members ?? []).filter((member) => member.status === 'Accepted');
  const appointers = await appointerNames(deps, dispute);
  const constitution = constitutionOf(dispute);
  const defaults = defaultDecisionSettings();
  const settings = award.settings.settings;
  const customPrompts =
    settings.instructions !== defaults.instructions ||
    settings.chapterPrompts.some((prompt, index) => prompt !== defaults.chapterPrompts[index]);
  return {
    kind,
    caseNumber: award.caseNumber,
    caseName: dispute.name,
    date,
    claimant: framedParty(dispute.claimant, claimantUser),
    respondent: framedParty(dispute.respondent, respondentUser),
    tribunal: members.map((member) => ({
      userId: member.userId,
      name: member.name,
      title: member.title,
      role: member.role,
      ...(member.statement ? { statement: member.statement } : {}),
      ...(member.disclosure ? { disclosure: member.disclosure } : {}),
      appointment: {
        by: appointers.get(member.appointedBy) ?? W.CONSTITUTION_TEXT.unknownAdmin,
        at: member.appointedAt,
      },
      ...(award.notSigning.find((entry) => entry.userId === member.userId)
        ? { notSigningReason: award.notSigning.find((entry) => entry.userId === member.userId)!.reason }
        : {}),
    })),
    agreement: {
      termsVersion: TERMS_OF_SERVICE_VERSION,
      ...(claimantUser?.agreedTermsAt ? { claimantAcceptedAt: claimantUser.agreedTermsAt } : {}),
      ...(respondentUser?.agreedTermsAt ? { respondentAcceptedAt: respondentUser.agreedTermsAt } : {}),
      clause: {
        version: ARBITRATION_AGREEMENT.version,
        text: ARBITRATION_AGREEMENT.fi,
        ...(constitution.agreement.claimant ? { claimant: acceptance(constitution.agreement.claimant) } : {}),
        ...(constitution.agreement.respondent ? { respondent: acceptance(constitution.agreement.respondent) } : {}),
        ...(constitution.jurisdiction
          ? {
              jurisdiction: {
                text: constitution.jurisdiction.text,
                at: constitution.jurisdiction.at,
                name: constitution.jurisdiction.name,
              },
            }
          : {}),
      },
    },
    history: proceduralHistory(dispute, award, appointers, date),
    ...(dispute.claimsSummary
      ? {
          claims: {
            claimant: claimsSide(dispute.claimsSummary.sides.claimant),
            respondent: claimsSide(dispute.claimsSummary.sides.respondent),
            comments: dispute.claimsSummary.comments.map(({ by, name, text, at }) => ({ by, name, text, at })),
          },
        }
      : {}),
    chapters: award.chapters,
    ...(award.dispositive ? { dispositive: award.dispositive } : {}),
    ...(award.costs ? { costs: award.costs } : {}),
    documents: award.documents,
    aiUse: {
      offline: award.production.offline,
      model: award.production.model,
      ...(award.production.sampling ? { sampling: award.production.sampling } : {}),
      condensed: award.production.condensed,
      generatedAt: award.production.generatedAt,
      settingsBy: award.settings.setBy.name,
      settingsAt: award.settings.setAt,
      settingsSha256: award.settings.sha256,
      customPrompts,
      ...(award.kind === 'award' ? { changedPercent: changedPercent(award) } : {}),
      injections: award.injections.length,
    },
    flagged: award.flagged,
    checkedReferences: award.checkedReferences,
  };
}

function acceptance(entry: { name: string; at: string; version: string }) {
  return { name: entry.name, at: entry.at, version: entry.version };
}

/** The names of the administrators who appointed the tribunal's members (the appointing authority's acts). */
async function appointerNames(deps: Pick<Deps, 'store'>, dispute: DisputeDocument): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const users = deps.store.collection<UserDocument>('users');
  for (const id of new Set((dispute.tribunal?.members ?? []).map((member) => member.appointedBy))) {
    const user = await users.read(id, id);
    if (user) names.set(id, user.userName);
  }
  return names;
}

function claimsSide(side: NonNullable<DisputeDocument['claimsSummary']>['sides']['claimant']): FrameClaimsSide {
  return { text: side.text, status: side.status, ...(side.answeredAt ? { answeredAt: side.answeredAt } : {}) };
}

/**
 * A party as the award prints it. Counsel is the representative's account by its full name; an account that never
 * gave one (registered with a username only) is printed as "nimeä ei ilmoitettu" with its e-mail, never by its
 * username, which is a sign-in name and not a person's name.
 */
export function framedParty(stored: DisputeDocument['claimant'], user: UserDocument | undefined): FramePartyInput {
  return {
    name: stored.name,
    ...(stored.identificationNumber ? { identificationNumber: stored.identificationNumber } : {}),
    ...(stored.address ? { address: stored.address } : {}),
    ...(user
      ? { counsel: { name: user.fullName?.trim() || W.LABELS.counselNameNotGiven, email: user.email } }
      : stored.email
        ? { counsel: { name: W.LABELS.notGiven, email: stored.email } }
        : {}),
  };
}

/** The procedural history from the record: filing, each phase's submissions, the tribunal, the decision. */
export function proceduralHistory(
  dispute: DisputeDocument,
  award?: Pick<AwardDocument, 'adoptedAt'>,
  appointers: Map<string, string> = new Map(),
  asOf: Date = new Date(),
): FrameHistoryEntry[] {
  const entries: FrameHistoryEntry[] = [
    { at: dispute.dateCreated, text: W.HISTORY_TEXT.filed(dispute.claimant.name || W.LABELS.claimant) },
  ];
  const order = (type: string) => PHASE_TYPES.indexOf(type as (typeof PHASE_TYPES)[number]);
  for (const phase of [...dispute.phases].sort((a, b) => order(a.type) - order(b.type))) {
    if (phase.type === 'Resolution') {
      entries.push({ at: phase.dateCreated, text: W.HISTORY_TEXT.resolutionOpened });
      continue;
    }
    const files = phase.attachments.filter((file) => file.blobName && !file.decisionKind);
    if (files.length === 0) continue;
    const partyLabel = CLAIMANT_PHASES.includes(phase.type) ? W.LABELS.claimant : W.LABELS.respondent;
    entries.push({
      at: phase.dateCompleted ?? files[files.length - 1]!.dateCreated,
      text: `${W.HISTORY_TEXT.submission(partyLabel, W.PHASE_NAMES[phase.type], files.length)} ${W.HISTORY_TEXT.submissionFiles(files.map((file) => file.fileName).join(', '))}`,
    });
  }
  const tribunal = dispute.tribunal;
  if (tribunal) {
    entries.push({
      at: tribunal.requestedAt,
      text: W.HISTORY_TEXT.tribunalRequested(
        tribunal.requestedBySide === 'claimant' ? W.LABELS.claimant : W.LABELS.respondent,
        tribunal.size,
      ),
    });
    for (const member of tribunal.members) {
      entries.push({
        at: member.appointedAt,
        text: W.CONSTITUTION_HISTORY.appointedBy(
          member.name,
          W.CONSTITUTION_HISTORY.roleIllative[member.role]!,
          appointers.get(member.appointedBy) ?? W.CONSTITUTION_TEXT.unknownAdmin,
        ),
      });
      if (member.removedByChallenge) continue; // the challenge's decision says it
      if (member.respondedAt) {
        entries.push({
          at: member.respondedAt,
          text:
            member.status === 'Declined' ? W.HISTORY_TEXT.declined(member.name) : W.HISTORY_TEXT.accepted(member.name),
        });
      }
    }
  }
  const claims = dispute.claimsSummary;
  if (claims) {
    entries.push({ at: claims.extractedAt, text: W.HISTORY_TEXT.claimsExtracted(claims.version) });
    for (const side of ['claimant', 'respondent'] as const) {
      const answer = claims.sides[side];
      if (answer.status === 'Proposed' || !answer.answeredAt) continue;
      const label = side === 'claimant' ? W.LABELS.claimant : W.LABELS.respondent;
      entries.push({
        at: answer.answeredAt,
        text:
          answer.status === 'Confirmed' ? W.HISTORY_TEXT.claimsConfirmed(label) : W.HISTORY_TEXT.claimsCorrected(label),
      });
    }
  }
  entries.push(...constitutionHistory(dispute, asOf));
  for (const proceeded of dispute.claimsProceeded ?? []) {
    entries.push({ at: proceeded.at, text: W.HISTORY_TEXT.proceeded(proceeded.name, proceeded.reason) });
  }
  const resolution = dispute.phases.find((phase) => phase.type === 'Resolution');
  for (const decision of resolution?.attachments.filter((file) => file.decisionKind) ?? []) {
    entries.push({ at: decision.dateCreated, text: W.HISTORY_TEXT.decisionRequested });
  }
  if (award?.adoptedAt) {
    const seated = (dispute.tribunal?.members ?? []).filter((member) => member.status === 'Accepted');
    entries.push({ at: award.adoptedAt, text: W.HISTORY_TEXT.adopted(seated.length <= 1) });
  }
  const sorted = entries.sort((a, b) => a.at.localeCompare(b.at));
  // How the case was heard: a hearing the tribunal recorded, else on the documents as the agreement provides.
  const hearing = constitutionOf(dispute).hearing;
  if (dispute.tribunal) {
    sorted.push(
      hearing && (hearing.procedure ?? 'hearing') === 'hearing'
        ? {
            at: hearing.recordedAt,
            text: W.CONSTITUTION_HISTORY.hearing(W.finnishShortDate(hearing.date), hearing.note),
          }
        : hearing
          ? {
              at: hearing.recordedAt,
              text: W.CONSTITUTION_HISTORY.documentsDecided(W.finnishShortDate(hearing.date), hearing.note),
            }
          : { at: award?.adoptedAt ?? asOf.toISOString(), text: W.CONSTITUTION_HISTORY.written },
    );
  }
  return sorted;
}

/** The tribunal's size, the challenge periods, waivers and challenges, the new matters and their answers. */
function constitutionHistory(dispute: DisputeDocument, asOf: Date): FrameHistoryEntry[] {
  const record = constitutionOf(dispute);
  const label = (side: Side) => (side === 'claimant' ? W.LABELS.claimant : W.LABELS.respondent);
  const other = (side: Side): Side => (side === 'claimant' ? 'respondent' : 'claimant');
  const entries: FrameHistoryEntry[] = [];
  const size = record.sizeRequest;
  if (size?.answeredAt && size.status !== 'Pending') {
    const party = label(other(size.requestedBySide));
    entries.push({
      at: size.answeredAt,
      text:
        size.status === 'Agreed'
          ? W.CONSTITUTION_HISTORY.sizeAgreed(party)
          : size.status === 'Refused'
            ? W.CONSTITUTION_HISTORY.sizeRefused(party)
            : W.CONSTITUTION_HISTORY.sizeLapsed(party),
    });
  }
  for (const member of dispute.tribunal?.members ?? []) {
    const period = record.challengePeriods.find((entry) => entry.arbitratorId === member.userId);
    if (period && member.respondedAt && member.status === 'Accepted') {
      entries.push({
        at: member.respondedAt,
        text: W.CONSTITUTION_HISTORY.acceptedWithPeriod(member.name, W.finnishShortDate(period.until)),
      });
    }
  }
  const names = new Map((dispute.tribunal?.members ?? []).map((member) => [member.userId, member.name]));
  for (const waiver of record.waivers) {
    entries.push({
      at: waiver.at,
      text: W.CONSTITUTION_HISTORY.waived(
        label(waiver.side),
        waiver.arbitratorIds.map((id) => names.get(id) ?? id).join(', '),
      ),
    });
  }
  for (const challenge of record.challenges) {
    entries.push({
      at: challenge.at,
      text: W.CONSTITUTION_HISTORY.challenged(label(challenge.side), challenge.arbitratorName, challenge.grounds),
    });
    if (challenge.status !== 'Open' && challenge.decidedAt) {
      const decide =
        challenge.status === 'Sustained'
          ? W.CONSTITUTION_HISTORY.challengeSustained
          : W.CONSTITUTION_HISTORY.challengeRejected;
      entries.push({
        at: challenge.decidedAt,
        text: decide(challenge.arbitratorName, challenge.decidedBy ?? '', challenge.reasons ?? ''),
      });
    }
  }
  for (const matter of record.newMatters) {
    const answering = other(matter.raisedBy);
    entries.push({
      at: matter.raisedAt,
      text: W.CONSTITUTION_HISTORY.matterPut(
        label(matter.raisedBy),
        matter.kind,
        W.CONSTITUTION_HISTORY.partyAllative[answering]!,
        W.finnishShortDate(matter.answerBy),
      ),
    });
    if (matter.answer) {
      entries.push({ at: matter.answer.at, text: W.CONSTITUTION_HISTORY.matterAnswered(label(answering)) });
    } else if (new Date(matter.answerBy) <= asOf) {
      entries.push({ at: matter.answerBy, text: W.CONSTITUTION_HISTORY.matterLapsed(label(answering)) });
    }
  }
  if (record.jurisdiction) entries.push({ at: record.jurisdiction.at, text: W.CONSTITUTION_HISTORY.jurisdiction });
  return entries;
}

/** How much of the final reasons differs from the AI's text, in percent of characters (a line-level measure). */
export function changedPercent(award: Pick<AwardDocument, 'aiChapters' | 'chapters'>): number {
  let total = 0;
  let changed = 0;
  award.chapters.forEach((chapter, index) => {
    const ai = new Set((award.aiChapters[index]?.text ?? '').split('\n').map((line) => line.trim()));
    for (const line of chapter.text.split('\n')) {
      const length = line.trim().length;
      total += length;
      if (length > 0 && !ai.has(line.trim())) changed += length;
    }
  });
  return total === 0 ? 0 : Math.round((changed / total) * 100);
}
