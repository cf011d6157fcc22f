/**
 * The EU AI Act's texts: the notice that an AI system writes the text (Art. 50(1)), the "Report a
 * problem" dialog on every AI output, and the administrators' AI oversight view.
 */
export const enAiNotice = {
  title: 'An AI system writes this text.',
  claim:
    'The claim generator uses a language model to draft your claim from the documents you select. The draft may contain errors or references that do not say what the text claims: check every fact and reference before you file it. The PDF is marked as AI-generated.',
  decision:
    'Create decision has a language model draft a decision proposal from the case’s documents. It is not an arbitral award: it binds only if both parties accept the same version, and either party may ask for a tribunal instead. The model can be wrong; references it could not verify are marked. The PDF is marked as AI-generated.',
  tribunalDraft:
    'Create decision has a language model draft the award’s reasons from the case’s documents, for the tribunal to review. The model can be wrong: read every chapter against the documents before adopting. The draft and the award are marked as AI text.',
  anonymous:
    'This generator uses a language model to draft a decision proposal from the documents you upload. It is not an arbitral award and no person reviews it. The model can be wrong; references it could not verify are marked. The PDF is marked as AI-generated.',
} as const;

export const enAiProblem = {
  open: 'Report a problem',
  title: 'Report a problem with the AI text',
  intro:
    'Tell the institution what is wrong with this AI-written text. Your report is kept in the case’s AI-use log and sent to the institution’s administrators.',
  kind: 'What is wrong',
  kinds: {
    fact: 'A fact is wrong or missing',
    law: 'The law is wrong',
    reference: 'A reference does not say what the text claims',
    bias: 'The text is biased or unfair',
    language: 'The language is unclear or wrong',
    other: 'Something else',
  },
  location: 'Where',
  locationHint: 'A chapter, a page or a paragraph, e.g. “Chapter 3, page 2”.',
  description: 'Describe the problem',
  describe: 'Describe the problem in at least 10 characters.',
  send: 'Send report',
  cancel: 'Cancel',
  close: 'Done',
  sent: 'Thank you. Your report has been logged and sent to the institution’s administrators.',
  failed: 'The report could not be sent. Please try again.',
} as const;

export const enAiOversight = {
  tab: 'AI oversight',
  intro:
    'How the AI was used and overseen in one tenant and month, computed from the stored cases, decisions and the audit log. The AI Act file (docs/ai-act/) quotes these figures.',
  tenant: 'Tenant',
  month: 'Month',
  refresh: 'Refresh',
  loading: 'Computing the figures…',
  figuresFor: '{{tenant}} · {{month}}',
  empty:
    'No AI use, citation check, adopted award, tribunal request or problem report was recorded in this month. Choose another month above.',
  uses: 'AI uses',
  usesDetail: 'claim drafts {{claims}} · decisions {{decisions}} · chapters written again {{regenerations}}',
  usesMeaning:
    'Each time the language model wrote for this tenant: a claim draft, an AI decision or a tribunal’s draft award, or a chapter written again at the tribunal’s request. The public generator (no tenant) is not counted.',
  references: 'References flagged per 100 checked',
  referencesDetail: '{{flagged}} flagged of {{checked}} checked',
  referencesMeaning:
    'Of the references to the documents, statutes and precedents in the AI’s decisions of this month, how many per 100 the citation check could not verify and flagged for people to check. Lower is better; a flag is not always an error.',
  none: '—',
  chapters: 'Chapters written again',
  chaptersDetail: '{{per100}} per 100 of the {{generated}} chapters the AI wrote this month',
  chaptersDetailNone: 'The AI wrote no chapters this month.',
  chaptersMeaning:
    'Chapters of a draft award a tribunal had the AI write again this month: a sign of drafts that missed what the tribunal needed.',
  changed: 'Share of AI text the tribunals changed',
  changedDetail: 'average over the awards adopted this month ({{count}})',
  changedMeaning:
    'How much of the AI’s reasons the tribunal rewrote before adopting the award, averaged over the awards adopted this month: 0 % means adopted as the AI wrote it.',
  outcomes: 'AI decisions accepted by both parties',
  outcomesDetail: 'AI decisions made {{decisions}} · requests for a tribunal {{requests}}',
  outcomesMeaning:
    'AI decisions (cases without a tribunal) made this month that both parties accepted, of all made; and the parties’ requests for a tribunal this month.',
  reports: 'Problem reports',
  reportsNone: 'No problem was reported this month.',
  reportedAt: 'Reported',
  output: 'Output',
  kind: 'What',
  where: 'Where',
  description: 'Report',
  outputs: {
    aiDecision: 'AI decision',
    award: 'Award',
    claimDraft: 'Claim draft',
    anonymousDecision: "Public generator's proposal",
  },
  reporter: 'By',
  retention: 'Retention of the AI-use log',
  retentionHint:
    'Months the audit log with the AI-use log is kept, at least 6 (EU AI Act Arts. 19, 26(6)). A daily sweep removes older entries and keeps the chain verifiable.',
  retentionFailed: 'The retention could not be saved.',
  retentionSave: 'Save retention',
  retentionSaved: 'The AI-use log is now kept for {{months}} months.',
  retentionMonths: '{{months}} months',
  export: 'AI-use log of a case',
  exportHint:
    'For an authority: every AI use in the case with its inputs and outputs by hash, and every person’s action on them.',
  caseId: 'Case number',
  caseIdHint:
    'As the case page, mails and documents show it (RAT-2026-000002), or the case shown with a problem report above.',
  useForExport: 'Use for the export below',
  exportFailed: 'The AI-use log could not be exported. Check the case number.',
  exportJson: 'Download JSON',
  exportPdf: 'Download PDF',
  failed: 'The AI oversight figures could not be loaded.',
  evaluations: 'Evaluation on the gold set',
  evaluationsHint:
    'The last scorecard of each model deployment and prompt version on the twelve gold cases (npm run eval -- --publish, docs/eval.md). Percentages are means over the cases a metric applies to; a run fails when a gated metric is below its threshold.',
  evaluationsNone: 'No evaluation has been published. Run npm run eval -- --publish against a deployment.',
  evaluationsFailed: 'The evaluations could not be loaded.',
  evaluationDeployment: 'Deployment',
  evaluationPrompt: 'Prompt version',
  evaluationRun: 'Run',
  evaluationCases: 'Cases',
  evaluationResult: 'Result',
  evaluationPassed: 'Passed',
  evaluationBelow: 'Below threshold: {{metrics}}',
  evaluationCitations: 'Citation precision',
  evaluationAmounts: 'Amounts right',
  evaluationInstruction: 'Hidden instruction resisted',
} as const;
