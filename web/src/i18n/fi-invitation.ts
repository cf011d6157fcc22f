import type { Translation } from './catalogue';
import type { enInvitation } from './en-invitation';

/** Kutsusivu (`/invitation/:token`) suomeksi (en-invitation.ts). */
export const fiInvitation: Translation<typeof enInvitation> = {
  title: 'Kutsu asiaan',
  heading: 'Sinut on kutsuttu asiaan',
  loading: 'Ladataan kutsua',
  intro: '{{party}} on avannut asian Ratkaisussa ja nimennyt sinut vastapuolen edustajaksi.',
  caseName: 'Asia',
  caseNumber: 'Asianumero',
  invitingParty: 'Kutsuja',
  invitingPerson: '{{name}} ({{email}})',
  invitedEmail: 'Kutsu lähetetty osoitteeseen',
  expires: 'Linkki on voimassa {{date}} asti.',
  signInToOpen: 'Kirjaudu sisään ja avaa asia',
  haveAccount: 'Onko sinulla jo Ratkaisu-tili tällä osoitteella?',
  newHere: 'Uusi Ratkaisun käyttäjä?',
  signUp: 'Luo tili tällä osoitteella',
  openCase: 'Avaa asia',
  signedInAs: 'Olet kirjautunut sisään osoitteella {{email}}.',
  signedInAsOther:
    'Olet kirjautunut sisään osoitteella {{email}}, mutta kutsu lähetettiin osoitteeseen {{invited}}. Asia avautuu vain kutsutulle osoitteelle: kirjaudu ulos ja kirjaudu sisään sillä osoitteella.',
  emailBound: 'Kutsu lähetettiin tähän osoitteeseen; tilin on käytettävä sitä.',
  notFoundHeading: 'Tämä kutsulinkki ei toimi',
  notFound:
    'Linkki ei ole voimassa. Avaa linkki kutsuviestistä täsmälleen sellaisena kuin se lähetettiin, tai pyydä kutsujaa lähettämään se uudelleen. Jos sinulla on jo tili, kirjaudu sisään: asia näkyy etusivullasi.',
  expiredHeading: 'Tämä kutsu on vanhentunut',
  expired:
    'Pyydä kutsujaa lähettämään asia uudelleen. Jos sinulla on jo tili, kirjaudu sisään: asia näkyy etusivullasi.',
  goToSignIn: 'Siirry kirjautumissivulle',
};
