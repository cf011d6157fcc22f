/**
 * Where a case stands and whose move it is (core case-turn.ts): the case page's status banner, the
 * dashboard's groups and the End Process explanation.
 */
export const enTurn = {
  bannerLabel: 'Where the case stands',
  yourTurn: 'Your turn',
  waitingForOtherParty: 'Waiting for the other party',
  waitingForParties: 'Waiting for the parties',
  waitingForTribunal: 'Waiting for the tribunal',
  decisionGenerating: 'The decision is being generated',
  resolved: 'The case is resolved',
  closed: 'The case is closed',
  activePhase: 'Active phase: {{phase}}',
  due: 'Due {{date}}',
  noDueDate: 'No due date',
  processEndedPhase: 'Process ended: the decision is next',
  // What comes next, one sentence each.
  nextUploadYours:
    'Upload your documents to the {{phase}} phase, then Save and Send. The other party is emailed when you send.',
  nextSendYours: 'Your documents are in the {{phase}} phase. Save and Send them when they are complete.',
  nextWaitClaimant: 'The claimant is preparing the {{phase}} phase.',
  nextWaitRespondent: 'The respondent is preparing the {{phase}} phase.',
  waitingEmail: 'Waiting — we’ll email you when it’s your turn.',
  nextCreateDecision:
    'The exchange of documents has ended. Either party may now create the AI decision, or request a tribunal to decide the case.',
  nextCreateDecisionTribunalSeat: 'The exchange of documents has ended. The parties may create an AI decision.',
  nextDecisionGenerating: 'This page updates itself when the decision is ready.',
  nextAcceptDecision: 'The AI decision is ready. It resolves the case once both parties accept it.',
  nextAcceptDecisionWaiting:
    'You have accepted the AI decision. It resolves the case once the other party accepts it too.',
  nextAppointTribunal:
    'A tribunal was requested. Administrators appoint the arbitrators, who each accept with a statement of independence.',
  nextAppointTribunalSeat: 'Answer your appointment to the tribunal.',
  nextTribunalDecides: 'The tribunal drafts, reviews and signs the award, which is then delivered to both parties.',
  nextTribunalDecidesSeat: 'Draft, review, adopt and sign the award.',
  nextResolved: 'The decision is below.',
  nextClosed: 'Nothing further happens in this case.',
  // The one next action.
  uploadDocuments: 'Upload documents',
  goToDecision: 'Go to the decision',
  goToTribunal: 'Go to the tribunal',
  endProcessExplained:
    'End Process skips the remaining letters and moves the case straight to the decision. Use it when you have nothing more to add to the {{phase}} phase; no document can be changed afterwards.',
  // The case page's active phase at the top, and its place in the list below.
  currentPhaseHeading: '{{phase}}: current phase',
  shownAtTop: 'This phase is open at the top of the page.',
  goToCurrentPhase: 'Go to the current phase',
  // The dashboard.
  yourTurnCases: 'Your turn',
  waitingCases: 'Waiting for the other party',
  noYourTurnCases: 'No case is waiting for you.',
  noWaitingCases: 'No case is waiting for others.',
  rowYourTurn: 'Your turn',
  rowWaitingOtherParty: 'Waiting for the other party',
  rowWaitingTribunal: 'Waiting for the tribunal',
  rowDecisionGenerating: 'Decision being generated',
  rowProcessEnded: 'Process ended',
} as const;
