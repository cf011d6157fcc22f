/** The account's data page (docs/data-subject-rights.md): a copy of one's data, and closing the account. */
export const enDataRights = {
  tab: 'Your data',
  exportHeading: 'A copy of your data',
  exportIntro:
    'Download everything Ratkaisu holds about you as one ZIP file: your account, sessions and sign-ins, notices, the emails recorded for your address, the audit log entries about you, and for each of your cases the case record, your side’s documents and work files, and the decisions both sides can see. A manifest lists every file with its SHA-256. Passwords and other secrets are never included.',
  exportStart: 'Prepare a copy',
  exportPreparing: 'Preparing your copy…',
  exportReady: 'Your copy is ready. You can download it for {{hours}} hours; we also mailed you a link.',
  exportDownload: 'Download ZIP',
  exportFailed: 'The copy could not be made. Try again later.',
  closeHeading: 'Close your account',
  closeIntro:
    'Closing ends every session at once and erases your password, two-factor secret, notices and profile, and your e-mail and IP addresses in the audit log. An arbitrator’s signing key is destroyed. Issued awards and their signatures, the case records, the audit chain and accounting records are kept, because the law requires them. You cannot close while you represent a party or sit as an arbitrator in an open case.',
  closeButton: 'Close my account…',
  closeDialogText: 'This cannot be undone. Confirm with your password.',
  closeDialogTextTfa: 'This cannot be undone. Confirm with your password and your authenticator code.',
  closeWorkAccount: 'This cannot be undone. Confirm by signing in again with Microsoft.',
  password: 'Password',
  passwordRequired: 'Enter your password.',
  confirmLabel: 'I understand that my account is closed for good',
  confirmRequired: 'Tick the box to confirm.',
  closeSubmit: 'Close account',
  reauthFailed: 'The password or the authenticator code is not correct.',
  signInCancelled: 'The Microsoft sign-in was cancelled. Nothing was closed.',
  openCases: 'Your account cannot be closed while you take part in open cases. Ask for a replacement first:',
  role: { claimant: 'claimant’s representative', respondent: 'respondent’s representative', arbitrator: 'arbitrator' },
  closedTitle: 'Your account is closed',
  closedIntro:
    'Your sessions, password, two-factor secret, notices and profile are erased, and so are your e-mail and IP addresses in the audit log.',
  keptHeading: 'What is kept, and why',
  kept: {
    issuedAwards:
      'Issued awards and decisions with their signatures ({{count}}): the parties need them to enforce the award, and its nullity can be invoked without a time limit (Arbitration Act §§ 40–41). Your signatures stay valid.',
    caseRecords:
      'Case records ({{count}}): the other party and the tribunal still need them; they end with the case’s retention.',
    auditChain:
      'The audit log: its entries stay so that it still proves what happened, with your e-mail and IP addresses erased.',
    accountingRecords: 'Accounting records of fees paid: kept for 6 years under the Accounting Act (1336/1997).',
  },
  closedHome: 'Go to the front page',
} as const;
