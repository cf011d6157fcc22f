/**
 * First use and plain words: the "How it works" page, the empty dashboard's steps,
 * the invitation's deadline and task, Save and Send's dialog and confirmation, upload limits and errors in
 * plain words, and the sign-up form's username check.
 */
export const enFirstUse = {
  howItWorks: {
    title: 'How Ratkaisu works',
    intro:
      'Ratkaisu resolves commercial disputes between companies under Finnish law, in writing and online. This page is for the lawyer or in-house counsel who represents a company in a case.',
    phasesHeading: 'The seven phases',
    phasesIntro:
      'A case moves through seven phases in a fixed order. In each phase one side adds its documents as PDF files and sends them with Save and Send; the other side is then told by email and on their dashboard. Once sent, a phase is closed and its files can no longer be changed.',
    actor: {
      claimant: 'Claimant',
      respondent: 'Respondent',
      both: 'Both parties',
    },
    phaseText: {
      Claim:
        'The claimant opens the case, adds its claim and evidence, and sends. The respondent’s representative is invited by email.',
      Response: 'The respondent creates an account from the invitation, adds its response and evidence, and sends.',
      ClaimantLetter1: 'The claimant may answer the response. If it has nothing to add, it can end the exchange.',
      RespondentLetter1: 'The respondent may answer the claimant’s letter, or end the exchange.',
      ClaimantLetter2: 'The claimant’s last letter.',
      RespondentLetter2: 'The respondent’s last letter.',
      Resolution:
        'The exchange is over. A decision is drafted from all the documents, and the case ends as described below.',
    },
    deadlinesHeading: 'Deadlines',
    deadlines:
      'Each phase has a due date, shown on the case page, on the dashboard and in the email that tells you it is your turn (by default 14 days from the start of the phase). Send your documents before it. The side that has nothing more to say can end the exchange with End Process instead of waiting for the last letters.',
    aiHeading: 'The AI drafts; people decide',
    ai: 'A language model drafts: on request the claim application from your documents, and in the Resolution phase a reasoned decision in seven chapters with references to the pages of the documents. Every reference is checked automatically and unverified ones are flagged. The model drafts only: it decides nothing unless both parties accept its draft, and an arbitrator reviews and rewrites whatever the tribunal adopts.',
    humanHeading: 'A human arbitrator on request',
    human:
      'Either party can request an arbitrator (a sole arbitrator or a tribunal of three) instead of accepting the AI decision. The arbitrators disclose anything that could raise doubts about their impartiality, and each party may challenge them within the period the case page shows. The tribunal reads the case, reviews the draft chapter by chapter and decides.',
    outcomesHeading: 'What the two outcomes mean',
    acceptedHeading: 'An accepted AI decision',
    accepted:
      'When both parties accept the same version of the AI decision, it binds them as their agreement: a settlement of the dispute on those terms. It is not an arbitral award: it is not enforceable as such, and a party who does not comply must be sued on the agreement.',
    awardHeading: 'An arbitral award',
    award:
      'An award is adopted and signed by the tribunal under the Arbitration Act (967/1992). It is final and binding and can be enforced like a judgment once a district court has confirmed it as enforceable. It can be set aside or declared void only on the narrow grounds of the Act (sections 40–41, a challenge within three months); the parties may ask for a correction, an interpretation or an additional award (sections 38–39).',
    afterHeading: 'After the outcome',
    after:
      'A final case cannot be changed: the documents, decisions and the award stay readable and downloadable on the case page.',
    glossaryLink: 'The words Ratkaisu uses are explained in the glossary.',
    startCase: 'Start a case',
    backToLogin: 'Back to the login page',
  },
  dashboard: {
    emptyHeading: 'Start your first case',
    emptyIntro: 'A case goes like this:',
    step1: 'Name the case and the two parties, with the email address of the other side’s representative.',
    step2: 'Add your claim and evidence as PDF files, or let the AI draft the claim application from them.',
    step3: 'Save and Send: the other side is invited by email and answers in the Response phase.',
    step4: 'After the letters, a decision is drafted; accept it together, or request an arbitrator for an award.',
    startCase: 'Start a case',
    howItWorks: 'How it works',
  },
  invitation: {
    dueHeading: 'Your response is due',
    due: '{{date}}',
    noDue: 'The due date is shown on the case page once you open it.',
    taskHeading: 'What you are asked to do',
    task1: 'Create an account with the invited address (or log in if you already have one).',
    task2: 'Read the claim and its documents on the case page.',
    task3: 'Add your response and evidence as PDF files and Save and Send them before the due date.',
    resolved:
      'This case is already resolved: nothing waits for your answer. Open it to read its documents and the outcome.',
    taskNote:
      'The case waits for your response. A decision is drafted only after both sides have been heard, and either party may then request a human arbitrator.',
    howItWorks: 'How a case works',
  },
  send: {
    title: 'Send the {{phase}} phase?',
    filesHeading: 'These files will be sent ({{count}}):',
    toldHeading: 'Who will be told',
    inviteRespondent:
      '{{party}} will be invited as the respondent: an email with a link to the case goes to {{email}}.',
    tellOther: '{{party}} ({{role}}): their representative {{who}} is told by email and on their dashboard.',
    roleClaimant: 'claimant',
    roleRespondent: 'respondent',
    representative: '{{name}}, {{email}}',
    confirm: 'Send',
    sent_one: 'Sent: {{count}} file in the {{phase}} phase. {{party}} has been told.',
    sent_other: 'Sent: {{count}} files in the {{phase}} phase. {{party}} has been told.',
    sentInvited_one: 'Sent: {{count}} file. {{party}} has been invited by email to respond.',
    sentInvited_other: 'Sent: {{count}} files. {{party}} has been invited by email to respond.',
    addDocumentFirst: 'Add at least one document before sending',
  },
  upload: {
    limits: 'PDF only. Up to {{mb}} MB per upload (all files together); you can add several files at once.',
    tooLarge:
      '{{names}}: together {{size}} MB, more than the limit of {{mb}} MB per upload. Upload fewer or smaller files at a time.',
    tooLargeOne: '{{name}} is {{size}} MB, more than the limit of {{mb}} MB per upload. Reduce its size, or split it.',
    notPdf_one: '{{names}} is not a PDF.',
    notPdf_other: '{{names}} are not PDFs.',
  },
  username: {
    checking: 'Checking whether the username is free…',
    available: 'The username is free.',
    taken: 'This username is already taken. Choose another one.',
    checkFailed: 'Could not check the username now; it is checked again when you sign up.',
  },
} as const;
