import {
  type AiOutput,
  type AiProblemKind,
  type AiProblemReportView,
  type DisplayLanguage,
  refusal,
  reportAiProblemSchema,
} from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { NotFoundError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import type { MailMessage } from '../../ports/mailer.js';
import type { UserDocument } from '../../records/user-document.js';
import { recordAudit } from '../audit/record-audit.js';
import type { AwardDocument } from '../awards/award-document.js';
import { readCaseForReader } from '../disputes/dispute-access.js';
import { caseLink } from '../disputes/dispute-mails.js';
import type { JobDocument } from '../jobs/job-document.js';
import { takeQuotaSlot, type QuotaSpec } from '../limits/fixed-window-quota.js';
import { withAiUse, type AiUseKind } from '../ai-use/ai-use-details.js';
import { sendRecordedMail } from '../outbox/enqueue-mail.js';
import type { SendMailDeps } from '../outbox/send-mail.js';

/**
 * Report a problem with AI output (EU AI Act Arts. 26(5), 73): a party or an arbitrator on
 * a decision, a tribunal draft or a claim draft of their case, or anyone holding a public generator's job id
 * on its proposal. The report goes into the audit chain of the case's tenant (the AI-use log, so the
 * oversight view and the export read it from there) and by mail to the tenant's administrators — the
 * public generator's to the service's SuperAdmins.
 */

export interface ProblemReportFacts {
  kind: AiProblemKind;
  location: string;
  description: string;
  role: AiProblemReportView['reporter']['role'];
}

const USE_OF: Record<AiOutput, AiUseKind> = {
  aiDecision: 'decision',
  award: 'award',
  claimDraft: 'claimDraft',
  anonymousDecision: 'anonymousDecision',
};

/** Public reports per address and hour: enough for a person, too few for a flood of mail. */
const PUBLIC_REPORTS: QuotaSpec = {
  name: 'ai-problem-report',
  limit: 10,
  windowMs: 3_600_000,
  message: 'Too many problem reports from this address. Please try again later.',
};

/** `POST /api/dispute/{id}/ai-problem-reports`: a reader of the case reports a problem with its AI output. */
export async function reportCaseAiProblem(
  deps: Deps,
  caller: Caller,
  disputeId: string,
  input: unknown,
  client: ClientInfo,
): Promise<AiProblemReportView> {
  const body = reportAiProblemSchema.parse(input);
  const { dispute, role } = await readCaseForReader(deps, caller, disputeId);
  if (body.output === 'anonymousDecision') throw new NotFoundError(refusal('aiUse.outputNotFound'));
  if (body.output === 'claimDraft') {
    if (body.outputId !== dispute.id) throw new NotFoundError(refusal('aiUse.outputNotFound'));
  } else {
    const award = await deps.store.collection<AwardDocument>('awards').read(dispute.id, body.outputId);
    // A party sees no tribunal draft (award-access.ts): it cannot report on one either.
    const hidden = award?.kind === 'award' && award.status !== 'Issued' && role !== 'tribunal';
    if (!award || hidden) throw new NotFoundError(refusal('tribunal.awardNotFound'));
  }
  const report = { kind: body.kind, location: body.location, description: body.description, role };
  const now = deps.clock.now().toISOString();
  await recordAudit(deps, {
    action: 'ReportAiProblem',
    userId: caller.userId,
    userEmail: caller.email,
    entityType: 'Dispute',
    entityId: dispute.id,
    tenantId: dispute.tenantId,
    success: true,
    ipAddress: client.ipAddress,
    details: problemDetails(body.output, body.outputId, report),
  });
  const admins = await tenantAdministrators(deps, dispute.tenantId);
  const link = caseLink(deps.config.publicUrl, dispute.id);
  await mailAll(deps, admins, (to, language) =>
    problemMail(to, { caseName: dispute.name, output: body.output, reporter: caller.email, report, link }, language),
  );
  return {
    id: `${dispute.id}:${now}`,
    reportedAt: now,
    output: body.output,
    outputId: body.outputId,
    disputeId: dispute.id,
    kind: body.kind,
    location: body.location,
    description: body.description,
    reporter: { role, email: caller.email },
  };
}

/** `POST /api/dispute/job/{jobId}/ai-problem-reports`: a visitor of the public generator reports on its proposal. */
export async function reportAnonymousAiProblem(
  deps: Deps,
  jobId: string,
  input: unknown,
  client: ClientInfo,
): Promise<AiProblemReportView> {
  const body = reportAiProblemSchema.parse(input);
  const job = await deps.store.collection<JobDocument>('jobs').read(jobId, jobId);
  if (!job || job.kind !== 'anonymous-decision' || body.output !== 'anonymousDecision' || body.outputId !== jobId) {
    throw new NotFoundError(refusal('aiUse.outputNotFound'));
  }
  await takeQuotaSlot(deps, PUBLIC_REPORTS, client.ipAddress);
  const report = { kind: body.kind, location: body.location, description: body.description, role: 'public' as const };
  const now = deps.clock.now().toISOString();
  await recordAudit(deps, {
    action: 'ReportAiProblem',
    entityType: 'AnonymousDecisionJob',
    entityId: jobId,
    success: true,
    ipAddress: client.ipAddress,
    details: problemDetails(body.output, jobId, report),
  });
  const superAdmins = await usersWithRole(deps, 'SuperAdmin');
  await mailAll(deps, superAdmins, (to, language) =>
    problemMail(
      to,
      {
        caseName: language === 'fi' ? 'Julkinen ratkaisugeneraattori' : 'Public decision generator',
        output: body.output,
        reporter: language === 'fi' ? 'vierailija' : 'a visitor',
        report,
        link: deps.config.publicUrl,
      },
      language,
    ),
  );
  return {
    id: `${jobId}:${now}`,
    reportedAt: now,
    output: body.output,
    outputId: jobId,
    kind: body.kind,
    location: body.location,
    description: body.description,
    reporter: { role: 'public' },
  };
}

function problemDetails(output: AiOutput, outputId: string, report: ProblemReportFacts): string {
  return withAiUse(`Problem reported with the ${output} ${outputId} (${report.kind})`, {
    event: 'reported',
    use: USE_OF[output],
    outputId,
    report: { output, ...report },
  });
}

async function tenantAdministrators(deps: Pick<Deps, 'store'>, tenantId: string): Promise<UserDocument[]> {
  const admins = (await usersWithRole(deps, 'Admin')).filter((user) => user.tenantId === tenantId);
  // A tenant without an administrator of its own: the service's SuperAdmins hear of it instead.
  return admins.length > 0 ? admins : usersWithRole(deps, 'SuperAdmin');
}

async function usersWithRole(deps: Pick<Deps, 'store'>, role: 'Admin' | 'SuperAdmin'): Promise<UserDocument[]> {
  const page = await deps.store.collection<UserDocument>('users').query({
    where: [
      { field: 'roles', op: 'arrayContains', value: role },
      { field: 'isActive', op: '=', value: true },
    ],
    limit: 200,
  });
  return page.items;
}

/**
 * Mail failures are never the reporter's problem: the report is in the log already, and each mail is in the
 * outbox, tried again while the transport fails (services/outbox). Each in its language.
 */
async function mailAll(
  deps: SendMailDeps,
  users: UserDocument[],
  mail: (to: string, language: DisplayLanguage) => MailMessage,
): Promise<void> {
  const seen = new Set<string>();
  for (const user of users) {
    if (seen.has(user.email)) continue;
    seen.add(user.email);
    await sendRecordedMail(deps, {
      message: mail(user.email, user.language ?? 'en'),
      purpose: 'aiProblemReport',
      tenantId: user.tenantId,
    }).catch((error: unknown) => {
      deps.log.error('Recording a problem report’s mail failed', { error });
    });
  }
}

const KIND_TEXT_FI: Record<AiProblemKind, string> = {
  fact: 'tosiseikka on väärin tai puuttuu',
  law: 'oikeusohje on väärin',
  reference: 'viittaus ei tue tekstiä',
  bias: 'teksti on puolueellinen tai epäreilu',
  language: 'kieli on epäselvää tai virheellistä',
  other: 'muu',
};

const ROLE_TEXT_FI: Record<ProblemReportFacts['role'], string> = {
  claimant: 'kantaja',
  respondent: 'vastaaja',
  tribunal: 'välimiesoikeus',
  public: 'julkisen generaattorin käyttäjä',
};

const OUTPUT_TEXT_FI: Record<AiOutput, string> = {
  aiDecision: 'tekoälyratkaisu',
  award: 'välitystuomio',
  claimDraft: 'kanneluonnos',
  anonymousDecision: 'julkisen generaattorin ratkaisuehdotus',
};

const KIND_TEXT: Record<AiProblemKind, string> = {
  fact: 'a fact is wrong or missing',
  law: 'the law is wrong',
  reference: 'a reference does not say what the text claims',
  bias: 'the text is biased or unfair',
  language: 'the language is unclear or wrong',
  other: 'other',
};

function problemMail(
  to: string,
  input: { caseName: string; output: AiOutput; reporter: string; report: ProblemReportFacts; link: string },
  language: DisplayLanguage = 'en',
): MailMessage {
  const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
  if (language === 'fi') {
    return {
      to,
      subject: `Ratkaisu: tekoälyn tekstistä ilmoitettiin ongelma asiassa "${oneLine(input.caseName)}"`,
      text: [
        'Hei,',
        '',
        `Tekoälyn tekstistä (${OUTPUT_TEXT_FI[input.output]}) ilmoitettiin ongelma asiassa "${oneLine(input.caseName)}".`,
        `Ilmoittaja: ${input.reporter} (${ROLE_TEXT_FI[input.report.role]})`,
        `Mikä: ${KIND_TEXT_FI[input.report.kind]}`,
        `Missä: ${input.report.location || 'ei kerrottu'}`,
        '',
        input.report.description,
        '',
        'Ilmoitus on asian tekoälyn käyttölokissa ja hallintapaneelin tekoälyn valvonta -näkymässä.',
        input.link,
        '',
        'Ratkaisu',
      ].join('\n'),
    };
  }
  return {
    to,
    subject: `Ratkaisu: a problem was reported with AI output in "${oneLine(input.caseName)}"`,
    text: [
      'Hello,',
      '',
      `A problem was reported with the AI output (${input.output}) in "${oneLine(input.caseName)}".`,
      `Reported by: ${input.reporter} (${input.report.role})`,
      `What: ${KIND_TEXT[input.report.kind]}`,
      `Where: ${input.report.location || 'not given'}`,
      '',
      input.report.description,
      '',
      'The report is in the case’s AI-use log and in the AI oversight view of the administration panel.',
      input.link,
      '',
      'Ratkaisu',
    ].join('\n'),
  };
}
