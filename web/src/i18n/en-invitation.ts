/** The invitation page (`/invitation/:token`): who invited whom to which case, then log in or sign up. */
export const enInvitation = {
  title: 'Invitation to a case',
  heading: 'You have been invited to a case',
  loading: 'Loading the invitation',
  intro: '{{party}} has opened a case on Ratkaisu and named you as the representative of the other side.',
  caseName: 'Case',
  caseNumber: 'Case number',
  invitingParty: 'Invited by',
  invitingPerson: '{{name}} ({{email}})',
  invitedEmail: 'Invitation sent to',
  expires: 'The link works until {{date}}.',
  signInToOpen: 'Log in to open the case',
  haveAccount: 'Already have a Ratkaisu account with this address?',
  newHere: 'New to Ratkaisu?',
  signUp: 'Create an account with this address',
  openCase: 'Open the case',
  signedInAs: 'You are logged in as {{email}}.',
  signedInAsOther:
    'You are logged in as {{email}}, but the invitation was sent to {{invited}}. The case opens only for the invited address: log out and log in with that address.',
  emailBound: 'The invitation was sent to this address; the account must use it.',
  notFoundHeading: 'This invitation link does not work',
  notFound:
    'The link is not valid. Open the link from the invitation mail exactly as it was sent, or ask the party who invited you to send it again. If you already have an account, log in: the case is listed on your dashboard.',
  expiredHeading: 'This invitation has expired',
  expired:
    'Ask the party who invited you to send the case again. If you already have an account, log in: the case is listed on your dashboard.',
  goToSignIn: 'Go to the login page',
};
