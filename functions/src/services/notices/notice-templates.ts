import {
  formatCalendarDate,
  type CalendarDate,
  formatDisplayDate,
  formatMailDateTime,
  PHASE_LABELS_EN,
  RECEIPT_BUTTON,
  type CorrectionKind,
  type DisplayLanguage,
  type NoticeEvent,
  type PhaseType,
  type TribunalRole,
} from '@ratkaisu/core';
import { renderTribunalFeeNotice, type TribunalFeeNotice } from '../fees/tribunal-fee-notices.js';

/**
 * The one template set of the case notices: for each event its subject, body and the
 * one-line summary the in-app notice shows, in English and in Finnish, rendered for each recipient in the
 * recipient's language (notify.ts). English texts that existed before keep their wording; the Finnish ones use
 * the glossary's terms (asia, kantaja, vastaaja, ratkaisuehdotus, välimiesoikeus, välitystuomio).
 */

export type Side = 'claimant' | 'respondent';

/** What every case notice knows: the case and the full link (mails) to the exact place. */
export interface CaseFacts {
  caseName: string;
  caseNumber?: string;
  link: string;
}

export interface NoticeParams {
  decisionRequested: { bySide: Side; byName: string };
  decisionReady: { version?: number };
  otherPartyAccepted: { side: Side; version?: number };
  caseResolved: { version?: number };
  acceptanceLapsed: { bySide: Side; byName: string; version?: number; acceptedAt: string };
  tribunalRequested: { side: Side; size: number; answerBy?: string };
  tribunalRequestedAdmin: { side: Side; size: number };
  draftReady: { version?: number };
  /** `audience: 'tribunal'`: the arbitrators' mail, which asks nothing of them. */
  claimsExtracted: { version: number; audience?: 'tribunal' };
  claimsConfirmed: { side: Side };
  claimsCorrected: { side: Side; answerBy?: string };
  arbitratorAppointed: { role: TribunalRole };
  arbitratorAccepted: { name: string; role: TribunalRole; disclosure?: string; challengeUntil: string };
  tribunalConstituted: { members: { name: string; title: string; role: TribunalRole; disclosure?: string }[] };
  /** A signed document delivered (§ 37), or the tribunal's decision rejecting a request (§§ 38–39). */
  /** `fixesFees`: the award orders the arbitrators' fees, so the § 47 period applies (docs/award-law.md). */
  tribunalDelivered: { kind: 'award' | CorrectionKind; rejection?: boolean; fileName?: string; fixesFees?: boolean };
  correctionRequested: {
    audience: 'otherParty' | 'tribunal';
    side: Side;
    kind: CorrectionKind;
    text: string;
    commentUntil: CalendarDate;
  };
  /** The respondent's invitation, when the claimant first sends the Claim phase (docs/product.md section 9). */
  caseInvitation: { claimantName: string; dueDate?: string };
  phaseStarted: { phase: PhaseType; dueDate?: string };
  tribunalSizeAnswered: { outcome: 'Agreed' | 'Refused' | 'Lapsed' };
  arbitratorChallenge: { arbitrator: string; step: 'filed' | 'Sustained' | 'Rejected'; reasons?: string };
  /** A party's correction of, or comment on, the summary of claims, put to the other party to answer. */
  newMatter: { party: Side; kind: 'correction' | 'comment'; answerBy: string };
  /** A later step of a request under §§ 38–39, or the tribunal's own-initiative correction (§ 38). */
  correctionStep: CorrectionStep;
  /** A representative of a party closed the account (docs/data-subject-rights.md): told to the other representatives. */
  representativeLeft: { side: Side };
  /** The case's data will be deleted at the end of its retention (docs/data-lifecycle.md). */
  retentionWarning: { deleteAfter: string; years: number };
  /** The tribunal's fees: a reminder, a lapse, a share paid by the other party (services/fees/tribunal-fee-notices.ts). */
  tribunalFees: TribunalFeeNotice;
}

export type CorrectionStep =
  | { step: 'commented'; by: Side; requestSide: Side; kind: CorrectionKind; text: string; commentUntil: CalendarDate }
  | { step: 'periodSet'; requestSide: Side; kind: CorrectionKind; commentUntil: CalendarDate }
  | { step: 'granted'; requestSide: Side; kind: CorrectionKind }
  | { step: 'rejected'; requestSide: Side; kind: CorrectionKind; reasons: string }
  | { step: 'ownInitiative' }
  /** To the other members: the chair adopted a decision on a request (`kind`) or an own-initiative correction. */
  | { step: 'awaitsSignature'; chairName: string; kind?: CorrectionKind };

function correctionStepEn(p: CorrectionStep): { subject: string; lines: string[] } {
  const other = (side: Side) => (side === 'claimant' ? 'respondent' : 'claimant');
  switch (p.step) {
    case 'commented':
      return {
        subject: `the ${p.by} has commented on the request for ${REQUEST.en[p.kind]}`,
        lines: [
          `The ${p.by} has commented on the ${p.requestSide}'s request for ${REQUEST.en[p.kind]}:`,
          '',
          p.text,
          '',
          `The period for comments ends on ${formatCalendarDate(p.commentUntil)}; the tribunal then decides.`,
        ],
      };
    case 'periodSet':
      return {
        subject: 'the period for comments on a request has been set',
        lines: [
          `The tribunal has set the period for comments on the ${p.requestSide}'s request for ${REQUEST.en[p.kind]}:`,
          `the ${other(p.requestSide)} may comment until ${formatCalendarDate(p.commentUntil)}.`,
        ],
      };
    case 'granted':
      return {
        subject: `the tribunal has granted a request for ${REQUEST.en[p.kind]}`,
        lines: [
          `The tribunal has granted the ${p.requestSide}'s request for ${REQUEST.en[p.kind]}.`,
          'Its decision is a document of its own that refers to the award (the award itself does not change); it will be',
          'mailed to you with the signed PDF once the tribunal has signed it.',
        ],
      };
    case 'rejected':
      return {
        subject: `the tribunal has rejected a request for ${REQUEST.en[p.kind]}`,
        lines: [
          `The tribunal has rejected the ${p.requestSide}'s request for ${REQUEST.en[p.kind]}. Its reasons:`,
          '',
          p.reasons,
          '',
          'The decision is a document of its own that refers to the award (the award itself does not change); it will be',
          'mailed to you with the signed PDF once the tribunal has signed it. The three months for an action to set the',
          'award aside (Arbitration Act 967/1992 § 41) run from the day you receive a copy of that decision.',
        ],
      };
    case 'ownInitiative':
      return {
        subject: 'the tribunal corrects the award on its own initiative',
        lines: [
          'The tribunal has decided to correct a clerical or calculation error in the award on its own initiative',
          '(Arbitration Act 967/1992 § 38). The correction is a document of its own that refers to the award (the award',
          'itself does not change); it will be mailed to you with the signed PDF once the tribunal has signed it.',
        ],
      };
    case 'awaitsSignature':
      return p.kind
        ? {
            subject: 'a decision under §§ 38–39 awaits your signature',
            lines: [
              `${oneLine(p.chairName)} has adopted the tribunal's decision on the request for ${REQUEST.en[p.kind]}. Sign it on the case page.`,
            ],
          }
        : {
            subject: 'a correction of the award awaits your signature',
            lines: [`${oneLine(p.chairName)} has adopted a correction of the award. Sign it on the case page.`],
          };
  }
}

function correctionStepFi(p: CorrectionStep): { subject: string; lines: string[] } {
  const other = (side: Side) => (side === 'claimant' ? 'vastaaja' : 'kantaja');
  const request = (side: Side, kind: CorrectionKind) => `${SIDE.fi[side]}n pyyntöön (${REQUEST.fi[kind]})`;
  switch (p.step) {
    case 'commented':
      return {
        subject: `${SIDE.fi[p.by]} on lausunut pyynnöstä`,
        lines: [
          `${capital(SIDE.fi[p.by])} on lausunut ${request(p.requestSide, p.kind)}:`,
          '',
          p.text,
          '',
          `Lausumien määräaika päättyy ${formatCalendarDate(p.commentUntil)}; sen jälkeen välimiesoikeus ratkaisee pyynnön.`,
        ],
      };
    case 'periodSet':
      return {
        subject: 'pyyntöä koskevien lausumien määräaika on asetettu',
        lines: [
          `Välimiesoikeus on asettanut määräajan lausumille, jotka koskevat ${request(p.requestSide, p.kind).replace('pyyntöön', 'pyyntöä')}:`,
          `${other(p.requestSide)} voi lausua ${formatCalendarDate(p.commentUntil)} asti.`,
        ],
      };
    case 'granted':
      return {
        subject: 'välimiesoikeus on hyväksynyt pyynnön',
        lines: [
          `Välimiesoikeus on hyväksynyt ${SIDE.fi[p.requestSide]}n pyynnön (${REQUEST.fi[p.kind]}).`,
          'Päätös on oma asiakirjansa, joka viittaa välitystuomioon (välitystuomio itse ei muutu); se lähetetään teille',
          'allekirjoitettuna PDF:nä, kun välimiesoikeus on allekirjoittanut sen.',
        ],
      };
    case 'rejected':
      return {
        subject: 'välimiesoikeus on hylännyt pyynnön',
        lines: [
          `Välimiesoikeus on hylännyt ${SIDE.fi[p.requestSide]}n pyynnön (${REQUEST.fi[p.kind]}). Perustelut:`,
          '',
          p.reasons,
          '',
          'Päätös on oma asiakirjansa, joka viittaa välitystuomioon (välitystuomio itse ei muutu); se lähetetään teille',
          'allekirjoitettuna PDF:nä, kun välimiesoikeus on allekirjoittanut sen. Kolmen kuukauden määräaika',
          'välitystuomion kumoamista koskevan kanteen nostamiselle (välimiesmenettelylaki 967/1992 41 §) lasketaan',
          'päivästä, jona saatte jäljennöksen tästä päätöksestä.',
        ],
      };
    case 'ownInitiative':
      return {
        subject: 'välimiesoikeus korjaa välitystuomiota omasta aloitteestaan',
        lines: [
          'Välimiesoikeus on päättänyt korjata välitystuomiossa olevan kirjoitus- tai laskuvirheen omasta aloitteestaan',
          '(välimiesmenettelylaki 967/1992 38 §). Korjaus on oma asiakirjansa, joka viittaa välitystuomioon (välitystuomio',
          'itse ei muutu); se lähetetään teille allekirjoitettuna PDF:nä, kun välimiesoikeus on allekirjoittanut sen.',
        ],
      };
    case 'awaitsSignature':
      return p.kind
        ? {
            subject: '38–39 §:n mukainen päätös odottaa allekirjoitustanne',
            lines: [
              `${oneLine(p.chairName)} on hyväksynyt välimiesoikeuden päätöksen pyyntöön (${REQUEST.fi[p.kind]}). Allekirjoittakaa se asian sivulla.`,
            ],
          }
        : {
            subject: 'välitystuomion korjaus odottaa allekirjoitustanne',
            lines: [
              `${oneLine(p.chairName)} on hyväksynyt välitystuomion korjauksen. Allekirjoittakaa se asian sivulla.`,
            ],
          };
  }
}

/** The phases' Finnish names, as the screens show them (web/src/i18n/fi.ts `phases`). */
const PHASE_LABELS_FI: Record<PhaseType, string> = {
  Claim: 'Kanne',
  Response: 'Vastaus',
  ClaimantLetter1: 'Kantajan lausuma 1',
  RespondentLetter1: 'Vastaajan lausuma 1',
  ClaimantLetter2: 'Kantajan lausuma 2',
  RespondentLetter2: 'Vastaajan lausuma 2',
  Resolution: 'Ratkaisu',
};

/** "sole arbitrator" / "yksin toimiva välimies" (the English of the former tribunal-mails.ts). */
const ROLE: Record<DisplayLanguage, Record<TribunalRole, string>> = {
  en: { chair: 'chair of the tribunal', sole: 'sole arbitrator', member: 'member of the tribunal' },
  fi: { chair: 'välimiesoikeuden puheenjohtaja', sole: 'yksin toimiva välimies', member: 'välimiesoikeuden jäsen' },
};

/** The arbitrator's statement of independence (Arbitration Act 967/1992 § 8). */
function statement(disclosure: string | undefined, language: DisplayLanguage): string {
  if (language === 'fi') {
    return disclosure !== undefined
      ? `ilmoittaa: ${oneLine(disclosure)}`
      : 'ei seikkoja, jotka voisivat antaa aihetta epäillä puolueettomuutta tai riippumattomuutta';
  }
  return disclosure !== undefined
    ? `discloses: ${oneLine(disclosure)}`
    : 'no circumstances that could raise doubts about impartiality or independence';
}

/** What each signed document is called in a mail (the object of "has issued"). */
const DOCUMENT: Record<DisplayLanguage, Record<'award' | CorrectionKind, string>> = {
  en: {
    award: 'the arbitral award',
    correction: 'a correction of the arbitral award',
    interpretation: 'an interpretation of the arbitral award',
    additionalAward: 'an additional award',
  },
  fi: {
    award: 'välitystuomion',
    correction: 'välitystuomion korjauksen',
    interpretation: 'välitystuomion tulkinnan',
    additionalAward: 'lisätuomion',
  },
};

/** What a request under §§ 38–39 asks for (the object of "requests"). */
export const REQUEST: Record<DisplayLanguage, Record<CorrectionKind, string>> = {
  en: {
    correction: 'a correction of a clerical or calculation error',
    interpretation: 'an interpretation of the award',
    additionalAward: 'an additional award on a claim the award did not decide',
  },
  fi: {
    correction: 'kirjoitus- tai laskuvirheen korjaamista',
    interpretation: 'välitystuomion tulkintaa',
    additionalAward: 'lisätuomiota vaatimuksesta, jota välitystuomiossa ei ratkaistu',
  },
};

export interface RenderedNotice {
  subject: string;
  text: string;
  /** The in-app notice's line. */
  summary: string;
}

type Template<P> = Record<DisplayLanguage, (input: P & CaseFacts) => RenderedNotice>;

const SIDE: Record<DisplayLanguage, Record<Side | 'tribunal', string>> = {
  en: { claimant: 'claimant', respondent: 'respondent', tribunal: 'tribunal' },
  fi: { claimant: 'kantaja', respondent: 'vastaaja', tribunal: 'välimiesoikeus' },
};

function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** "The claimant (Maija Meikäläinen)" / "Kantaja (Maija Meikäläinen)". */
function by(p: { bySide: Side; byName: string }, language: DisplayLanguage): string {
  return `${language === 'fi' ? capital(SIDE.fi[p.bySide]) : `The ${SIDE.en[p.bySide]}`} (${oneLine(p.byName)})`;
}

function capital(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/** "the case "X" (RAT-…)" / "asiassa "X" (RAT-…)". */
function caseRef(input: CaseFacts): string {
  return `"${oneLine(input.caseName)}"${input.caseNumber ? ` (${input.caseNumber})` : ''}`;
}

function subjectPrefix(input: CaseFacts, language: DisplayLanguage): string {
  return language === 'fi' ? `Ratkaisu, asia ${caseRef(input)}` : `Ratkaisu case ${caseRef(input)}`;
}

function mail(language: DisplayLanguage, input: CaseFacts, subject: string, lines: string[], summary?: string) {
  return {
    subject: `${subjectPrefix(input, language)}: ${subject}`,
    text: [language === 'fi' ? 'Hei,' : 'Hello,', '', ...lines, input.link, '', 'Ratkaisu'].join('\n'),
    summary: summary ?? lines[0]!,
  };
}

function versionText(version: number | undefined, language: DisplayLanguage): string {
  if (version === undefined) return '';
  return language === 'fi' ? ` (versio ${version})` : ` (version ${version})`;
}

export const NOTICE_TEMPLATES: { [E in NoticeEvent]: Template<NoticeParams[E]> } = {
  // Its texts live with the fees (services/fees/tribunal-fee-notices.ts).
  tribunalFees: { en: (p) => renderTribunalFeeNotice('en', p), fi: (p) => renderTribunalFeeNotice('fi', p) },
  decisionRequested: {
    en: (p) => ({
      // The wording of the former decision-mails.ts, kept.
      subject: `Ratkaisu case "${oneLine(p.caseName)}": an AI decision was requested`,
      text: [
        'Hello,',
        '',
        `${by(p, 'en')} asked the AI to draft a decision in the case "${oneLine(p.caseName)}".`,
        'The settings used (instructions, chapter prompts, temperature, top_p) can be read on the decision card.',
        'An AI decision is not an arbitral award: it resolves the case only if both parties accept it; either party',
        'may request an arbitrator instead.',
        p.link,
        '',
        'Ratkaisu',
      ].join('\n'),
      summary: `${by(p, 'en')} asked the AI to draft a decision.`,
    }),
    fi: (p) =>
      mail(
        'fi',
        p,
        'tekoälyn ratkaisuehdotusta pyydettiin',
        [
          `${by(p, 'fi')} pyysi tekoälyä laatimaan ratkaisuehdotuksen asiassa ${caseRef(p)}.`,
          'Käytetyt asetukset (ohjeet, lukujen kehotteet, temperature, top_p) näkyvät ratkaisukortilla.',
          'Tekoälyn ratkaisuehdotus ei ole välitystuomio: se ratkaisee asian vain, jos molemmat asianosaiset',
          'hyväksyvät sen; kumpi tahansa asianosainen voi sen sijaan pyytää välimiestä.',
        ],
        `${by(p, 'fi')} pyysi tekoälyä laatimaan ratkaisuehdotuksen.`,
      ),
  },
  decisionReady: {
    en: (p) =>
      mail(
        'en',
        p,
        `the AI decision${versionText(p.version, 'en')} is ready`,
        [
          `The AI decision${versionText(p.version, 'en')} in the case ${caseRef(p)} is ready to read.`,
          'Open it on the case page and decide whether to accept it. It resolves the case only if both parties',
          'accept the same version; either party may ask for a new version or request an arbitrator instead.',
        ],
        `The AI decision${versionText(p.version, 'en')} is ready to read.`,
      ),
    fi: (p) =>
      mail(
        'fi',
        p,
        `tekoälyn ratkaisuehdotus${versionText(p.version, 'fi')} on valmis`,
        [
          `Tekoälyn ratkaisuehdotus${versionText(p.version, 'fi')} asiassa ${caseRef(p)} on valmis luettavaksi.`,
          'Avatkaa se asian sivulla ja päättäkää, hyväksyttekö sen. Se ratkaisee asian vain, jos molemmat',
          'asianosaiset hyväksyvät saman version; kumpi tahansa voi pyytää uuden version tai välimiestä.',
        ],
        `Tekoälyn ratkaisuehdotus${versionText(p.version, 'fi')} on valmis luettavaksi.`,
      ),
  },
  otherPartyAccepted: {
    en: (p) =>
      mail(
        'en',
        p,
        `the ${SIDE.en[p.side]} accepted the AI decision — your turn`,
        [
          `The ${SIDE.en[p.side]} accepted the AI decision${versionText(p.version, 'en')} in the case ${caseRef(p)}.`,
          'It is now your turn: open that version on the case page and decide whether to accept it. If you accept',
          'it too, the case is resolved by it; you may instead ask for a new version or request an arbitrator.',
        ],
        `The ${SIDE.en[p.side]} accepted the AI decision${versionText(p.version, 'en')}. Your turn.`,
      ),
    fi: (p) =>
      mail(
        'fi',
        p,
        `${SIDE.fi[p.side]} hyväksyi ratkaisuehdotuksen — teidän vuoronne`,
        [
          `${capital(SIDE.fi[p.side])} hyväksyi tekoälyn ratkaisuehdotuksen${versionText(p.version, 'fi')} asiassa ${caseRef(p)}.`,
          'Nyt on teidän vuoronne: avatkaa sama versio asian sivulla ja päättäkää, hyväksyttekö sen. Jos',
          'hyväksytte sen myös, asia ratkeaa sen mukaisesti; voitte myös pyytää uuden version tai välimiestä.',
        ],
        `${capital(SIDE.fi[p.side])} hyväksyi ratkaisuehdotuksen${versionText(p.version, 'fi')}. Teidän vuoronne.`,
      ),
  },
  caseResolved: {
    en: (p) =>
      mail(
        'en',
        p,
        'the case is resolved',
        [
          `Both parties accepted the AI decision${versionText(p.version, 'en')} in the case ${caseRef(p)}.`,
          'The case is resolved by it and is final. The accepted decision, sealed by the service so either party can',
          'show it unchanged, is on the case page.',
        ],
        `The case is resolved: both parties accepted the AI decision${versionText(p.version, 'en')}.`,
      ),
    fi: (p) =>
      mail(
        'fi',
        p,
        'asia on ratkennut',
        [
          `Molemmat asianosaiset hyväksyivät tekoälyn ratkaisuehdotuksen${versionText(p.version, 'fi')} asiassa ${caseRef(p)}.`,
          'Asia on ratkennut sen mukaisesti ja on lopullinen. Hyväksytty ratkaisu on palvelun sinetöimä, joten',
          'kumpi tahansa asianosainen voi esittää sen muuttumattomana; se on asian sivulla.',
        ],
        `Asia on ratkennut: molemmat asianosaiset hyväksyivät ratkaisuehdotuksen${versionText(p.version, 'fi')}.`,
      ),
  },
  acceptanceLapsed: {
    en: (p) => {
      const version = p.version !== undefined ? ` ${p.version}` : '';
      return mail(
        'en',
        p,
        'your acceptance of the AI decision lapsed',
        [
          `You accepted version${version} of the AI decision in the case ${caseRef(p)} on ${formatMailDateTime(p.acceptedAt, 'en')}.`,
          `${by(p, 'en')} has since asked the AI for a new version, before both parties had accepted. Your`,
          'acceptance has therefore lapsed: it no longer binds you, and the case is not resolved.',
          'When the new version is ready, open it and decide again whether to accept it. The earlier versions stay',
          'readable on the case page, numbered, with who generated them and when.',
        ],
        `Your acceptance of version${version} lapsed: a new version was asked for.`,
      );
    },
    fi: (p) => {
      const version = p.version !== undefined ? ` ${p.version}` : '';
      return mail(
        'fi',
        p,
        'hyväksyntänne raukesi',
        [
          `Hyväksyitte tekoälyn ratkaisuehdotuksen version${version} asiassa ${caseRef(p)} ${formatMailDateTime(p.acceptedAt, 'fi')}.`,
          `${by(p, 'fi')} on sen jälkeen pyytänyt uuden version ennen kuin molemmat asianosaiset olivat`,
          'hyväksyneet ehdotuksen. Hyväksyntänne on siksi rauennut: se ei enää sido teitä, eikä asia ole ratkennut.',
          'Kun uusi versio on valmis, avatkaa se ja päättäkää uudelleen, hyväksyttekö sen. Aiemmat versiot ovat',
          'edelleen luettavissa asian sivulla numeroituina, ja niissä näkyy, kuka ne pyysi ja milloin.',
        ],
        `Hyväksyntänne (versio${version}) raukesi: uutta versiota pyydettiin.`,
      );
    },
  },
  tribunalRequested: {
    en: (p) => ({
      // The wording of tribunal-mails.ts before the template set, kept.
      subject: `Ratkaisu case "${oneLine(p.caseName)}": an arbitrator was requested`,
      text: [
        'Hello,',
        '',
        `The ${p.side} has asked for ${p.size === 3 ? 'a tribunal of three arbitrators' : 'an arbitrator'} in the case "${oneLine(p.caseName)}".`,
        ...(p.answerBy
          ? [
              `The other party may agree to three arbitrators or refuse by ${calendarDate(p.answerBy)}; if it refuses or does not answer, the tribunal is a sole arbitrator.`,
            ]
          : []),
        'An administrator appoints the tribunal; you will be told the names and each arbitrator’s statement of independence.',
        '',
        p.link,
        '',
        'Ratkaisu',
      ].join('\n'),
      summary: `The ${p.side} asked for ${p.size === 3 ? 'three arbitrators' : 'an arbitrator'}.`,
    }),
    fi: (p) =>
      mail(
        'fi',
        p,
        'välimiestä pyydettiin',
        [
          `${capital(SIDE.fi[p.side])} on pyytänyt asiaan ${caseRef(p)} ${p.size === 3 ? 'kolmijäsenistä välimiesoikeutta' : 'välimiestä'}.`,
          ...(p.answerBy
            ? [
                `Vastapuoli voi suostua kolmeen välimieheen tai kieltäytyä ${calendarDate(p.answerBy)} mennessä; jos se kieltäytyy tai ei vastaa, välimiesoikeuteen kuuluu yksi välimies.`,
              ]
            : []),
          'Ylläpitäjä nimeää välimiesoikeuden; saatte tiedon nimistä ja kunkin välimiehen esteettömyysselvityksestä.',
        ],
        `${capital(SIDE.fi[p.side])} pyysi ${p.size === 3 ? 'kolmea välimiestä' : 'välimiestä'}.`,
      ),
  },
  tribunalRequestedAdmin: {
    en: (p) =>
      mail(
        'en',
        p,
        'appoint the tribunal',
        [
          `The ${p.side} has asked for ${p.size === 3 ? 'a tribunal of three arbitrators' : 'an arbitrator'} in the case ${caseRef(p)}.`,
          'As an administrator you appoint the tribunal: open the queue of requested tribunals in the admin panel.',
        ],
        `An arbitrator was requested (${p.size === 3 ? 'three arbitrators' : 'sole arbitrator'}); appoint the tribunal.`,
      ),
    fi: (p) =>
      mail(
        'fi',
        p,
        'nimetkää välimiesoikeus',
        [
          `${capital(SIDE.fi[p.side])} on pyytänyt asiaan ${caseRef(p)} ${p.size === 3 ? 'kolmijäsenistä välimiesoikeutta' : 'välimiestä'}.`,
          'Ylläpitäjänä nimeätte välimiesoikeuden: avatkaa pyydettyjen välimiesoikeuksien jono hallintapaneelissa.',
        ],
        `Välimiestä pyydettiin (${p.size === 3 ? 'kolme välimiestä' : 'yksi välimies'}); nimetkää välimiesoikeus.`,
      ),
  },
  draftReady: {
    en: (p) =>
      mail(
        'en',
        p,
        `the draft award${versionText(p.version, 'en')} is ready for review`,
        [
          `The AI's draft of the award${versionText(p.version, 'en')} in the case ${caseRef(p)} is ready.`,
          'Review it chapter by chapter on the review page; the tribunal decides its content and adopts the award.',
        ],
        `The draft award${versionText(p.version, 'en')} is ready for review.`,
      ),
    fi: (p) =>
      mail(
        'fi',
        p,
        `välitystuomion luonnos${versionText(p.version, 'fi')} on valmis tarkastettavaksi`,
        [
          `Tekoälyn luonnos välitystuomioksi${versionText(p.version, 'fi')} asiassa ${caseRef(p)} on valmis.`,
          'Tarkastakaa se luku luvulta tarkastussivulla; välimiesoikeus päättää sisällöstä ja hyväksyy välitystuomion.',
        ],
        `Välitystuomion luonnos${versionText(p.version, 'fi')} on valmis tarkastettavaksi.`,
      ),
  },
  claimsExtracted: {
    en: (p) =>
      p.audience === 'tribunal'
        ? mail(
            'en',
            p,
            'the summary of the claims is ready',
            [
              `The summary of the parties' claims (version ${p.version}) in the case ${caseRef(p)} is ready.`,
              'Each party now confirms or corrects the summary of its own claims on the case page; you are told',
              'when they have answered.',
            ],
            `The summary of the claims (version ${p.version}) is ready; the parties are asked to confirm it.`,
          )
        : mail(
            'en',
            p,
            'confirm the summary of your claims',
            [
              `The summary of the parties' claims (version ${p.version}) in the case ${caseRef(p)} is ready.`,
              'Each party confirms or corrects the summary of its own claims on the case page; the tribunal drafts its',
              'decision once both have answered.',
            ],
            `The summary of the claims (version ${p.version}) is ready to confirm or correct.`,
          ),
    fi: (p) =>
      p.audience === 'tribunal'
        ? mail(
            'fi',
            p,
            'yhteenveto vaatimuksista on valmis',
            [
              `Yhteenveto asianosaisten vaatimuksista (versio ${p.version}) asiassa ${caseRef(p)} on valmis.`,
              'Kumpikin asianosainen vahvistaa tai korjaa nyt yhteenvedon omista vaatimuksistaan asian sivulla;',
              'saatte tiedon, kun ne ovat vastanneet.',
            ],
            `Yhteenveto vaatimuksista (versio ${p.version}) on valmis; asianosaisia pyydetään vahvistamaan se.`,
          )
        : mail(
            'fi',
            p,
            'vahvistakaa yhteenveto vaatimuksistanne',
            [
              `Yhteenveto asianosaisten vaatimuksista (versio ${p.version}) asiassa ${caseRef(p)} on valmis.`,
              'Kumpikin asianosainen vahvistaa tai korjaa yhteenvedon omista vaatimuksistaan asian sivulla;',
              'välimiesoikeus laatii ratkaisunsa, kun molemmat ovat vastanneet.',
            ],
            `Yhteenveto vaatimuksista (versio ${p.version}) on valmis vahvistettavaksi tai korjattavaksi.`,
          ),
  },
  claimsConfirmed: {
    en: (p) =>
      mail('en', p, `the ${SIDE.en[p.side]} confirmed the summary of its claims`, [
        `The ${SIDE.en[p.side]} confirmed the summary of its claims in the case ${caseRef(p)}.`,
      ]),
    fi: (p) =>
      mail('fi', p, `${SIDE.fi[p.side]} vahvisti yhteenvedon vaatimuksistaan`, [
        `${capital(SIDE.fi[p.side])} vahvisti yhteenvedon vaatimuksistaan asiassa ${caseRef(p)}.`,
      ]),
  },
  claimsCorrected: {
    en: (p) =>
      mail('en', p, `the ${SIDE.en[p.side]} corrected the summary of its claims`, [
        `The ${SIDE.en[p.side]} corrected the summary of its claims in the case ${caseRef(p)}.`,
        ...(p.answerBy
          ? [`The other party may answer the correction on the case page by ${calendarDate(p.answerBy)}.`]
          : []),
      ]),
    fi: (p) =>
      mail('fi', p, `${SIDE.fi[p.side]} korjasi yhteenvedon vaatimuksistaan`, [
        `${capital(SIDE.fi[p.side])} korjasi yhteenvedon vaatimuksistaan asiassa ${caseRef(p)}.`,
        ...(p.answerBy
          ? [`Vastapuoli voi vastata korjaukseen asian sivulla ${calendarDate(p.answerBy)} mennessä.`]
          : []),
      ]),
  },

  arbitratorAppointed: {
    en: (p) => ({
      // The wording of the former tribunal-mails.ts, kept.
      subject: `Ratkaisu: you have been appointed as ${ROLE.en[p.role]} in "${oneLine(p.caseName)}"`,
      text: [
        'Hello,',
        '',
        `You have been appointed as ${ROLE.en[p.role]} in the case "${oneLine(p.caseName)}".`,
        'Before you accept, disclose any circumstance that could give rise to justifiable doubts about your impartiality',
        'or independence (Arbitration Act 967/1992). Open the case to accept with your statement, or decline:',
        p.link,
        '',
        'Ratkaisu',
      ].join('\n'),
      summary: `You have been appointed as ${ROLE.en[p.role]}; accept with your statement, or decline.`,
    }),
    fi: (p) =>
      mail(
        'fi',
        p,
        `teidät on nimetty: ${ROLE.fi[p.role]}`,
        [
          `Teidät on nimetty asiaan ${caseRef(p)} tehtävään: ${ROLE.fi[p.role]}.`,
          'Ennen kuin otatte tehtävän vastaan, ilmoittakaa kaikki seikat, jotka voisivat antaa aihetta perustellusti',
          'epäillä puolueettomuuttanne tai riippumattomuuttanne (välimiesmenettelylaki 967/1992). Avatkaa asia ja',
          'ottakaa tehtävä vastaan esteettömyysselvityksinenne tai kieltäytykää:',
        ],
        `Teidät on nimetty tehtävään: ${ROLE.fi[p.role]}. Ottakaa tehtävä vastaan tai kieltäytykää.`,
      ),
  },
  arbitratorAccepted: {
    en: (p) => ({
      subject: `Ratkaisu case "${oneLine(p.caseName)}": ${oneLine(p.name)} accepted the appointment`,
      text: [
        'Hello,',
        '',
        `${oneLine(p.name)} accepted the appointment as ${ROLE.en[p.role]} in the case "${oneLine(p.caseName)}".`,
        `Statement of independence: ${statement(p.disclosure, 'en')}`,
        '',
        `You may challenge the arbitrator, stating the grounds, by ${calendarDate(p.challengeUntil)} (15 days). The appointing`,
        'authority decides a challenge with reasons. Until then the award cannot be adopted unless both parties waive the challenge.',
        p.link,
        '',
        'Ratkaisu',
      ].join('\n'),
      summary: `${oneLine(p.name)} accepted the appointment as ${ROLE.en[p.role]}; a challenge is possible until ${calendarDate(p.challengeUntil)}.`,
    }),
    fi: (p) =>
      mail(
        'fi',
        p,
        `${oneLine(p.name)} otti tehtävän vastaan`,
        [
          `${oneLine(p.name)} otti vastaan tehtävän (${ROLE.fi[p.role]}) asiassa ${caseRef(p)}.`,
          `Esteettömyysselvitys: ${statement(p.disclosure, 'fi')}`,
          '',
          `Voitte esittää välimiestä koskevan esteellisyysväitteen perusteineen ${calendarDate(p.challengeUntil)} mennessä (15 päivää).`,
          'Nimeävä taho ratkaisee väitteen perustellusti. Sitä ennen välitystuomiota ei voida hyväksyä, ellei kumpikin',
          'asianosainen luovu väitteestä.',
        ],
        `${oneLine(p.name)} otti vastaan tehtävän (${ROLE.fi[p.role]}); esteellisyysväite on mahdollinen ${calendarDate(p.challengeUntil)} asti.`,
      ),
  },
  tribunalConstituted: {
    en: (p) => ({
      subject: `Ratkaisu case "${oneLine(p.caseName)}": the tribunal is constituted`,
      text: [
        'Hello,',
        '',
        `The tribunal in the case "${oneLine(p.caseName)}" is constituted:`,
        ...p.members.flatMap((member) => [
          `- ${oneLine(member.name)}, ${oneLine(member.title)} (${ROLE.en[member.role]})`,
          `  Statement of independence: ${statement(member.disclosure, 'en')}`,
        ]),
        '',
        'From now on the tribunal decides the case; the AI only drafts for it.',
        p.link,
        '',
        'Ratkaisu',
      ].join('\n'),
      summary: `The tribunal is constituted: ${p.members.map((member) => oneLine(member.name)).join(', ')}.`,
    }),
    fi: (p) =>
      mail(
        'fi',
        p,
        'välimiesoikeus on asetettu',
        [
          `Välimiesoikeus asiassa ${caseRef(p)} on asetettu:`,
          ...p.members.flatMap((member) => [
            `- ${oneLine(member.name)}, ${oneLine(member.title)} (${ROLE.fi[member.role]})`,
            `  Esteettömyysselvitys: ${statement(member.disclosure, 'fi')}`,
          ]),
          '',
          'Tästä lähtien välimiesoikeus ratkaisee asian; tekoäly vain laatii sille luonnoksia.',
        ],
        `Välimiesoikeus on asetettu: ${p.members.map((member) => oneLine(member.name)).join(', ')}.`,
      ),
  },
  tribunalDelivered: {
    en: (p) => {
      const number = p.caseNumber ?? '';
      const attached = p.fileName
        ? `The signed PDF is attached to this mail (${p.fileName}); it is also on the case page.`
        : 'Download the signed PDF from the case page.';
      if (p.rejection && p.kind !== 'award') {
        return {
          subject: `Ratkaisu case ${number}: the tribunal's decision on the request for ${REQUEST.en[p.kind]}`,
          text: [
            'Hello,',
            '',
            `The tribunal has signed and issued its decision in the case "${oneLine(p.caseName)}" (${number})`,
            `rejecting the request for ${REQUEST.en[p.kind]}, with its reasons. The award stands as issued.`,
            attached,
            '',
            'On the case page, confirm that you have received it. Because a request under Arbitration Act 967/1992',
            '§§ 38–39 was made, the three months for an action to set the award aside (§ 41) run from the day you',
            'receive a copy of this decision.',
            p.link,
            '',
            'Ratkaisu',
          ].join('\n'),
          summary: `The tribunal rejected the request for ${REQUEST.en[p.kind]}; confirm that you have received its decision.`,
        };
      }
      const what = DOCUMENT.en[p.kind];
      return {
        subject:
          p.kind === 'award'
            ? `Ratkaisu case ${number}: the arbitral award has been issued`
            : `Ratkaisu case ${number}: the tribunal has issued ${what}`,
        text: [
          'Hello,',
          '',
          `The tribunal has signed and issued ${what} in the case "${oneLine(p.caseName)}" (${number}).`,
          attached,
          '',
          `On the case page, confirm that you have received it ("${RECEIPT_BUTTON.en[p.kind === 'award' ? 'award' : 'document']}"). Your acknowledgement, or`,
          'your first opening of the document there, is recorded as your receipt. The periods that run from receipt of',
          'the award are shown there as dates: a request for correction, interpretation or an additional award',
          p.fixesFees
            ? '(30 days, Arbitration Act 967/1992 §§ 38–39), an application to the district court about the arbitrators’ fees (60 days, § 47) and an action to set the award aside (3 months, § 41).'
            : '(30 days, Arbitration Act 967/1992 §§ 38–39) and an action to set the award aside (3 months, § 41).',
          p.link,
          '',
          'Ratkaisu',
        ].join('\n'),
        summary: `The tribunal has issued ${what}; confirm that you have received it.`,
      };
    },
    fi: (p) => {
      const attached = p.fileName
        ? `Allekirjoitettu PDF on tämän viestin liitteenä (${p.fileName}); se on myös asian sivulla.`
        : 'Ladatkaa allekirjoitettu PDF asian sivulta.';
      if (p.rejection && p.kind !== 'award') {
        return mail(
          'fi',
          p,
          `välimiesoikeuden päätös pyyntöön (${REQUEST.fi[p.kind]})`,
          [
            `Välimiesoikeus on allekirjoittanut ja antanut asiassa ${caseRef(p)} perustellun päätöksen, jolla se hylkää`,
            `pyynnön (${REQUEST.fi[p.kind]}). Välitystuomio pysyy sellaisena kuin se annettiin.`,
            attached,
            '',
            'Vahvistakaa asian sivulla, että olette vastaanottaneet sen. Koska välimiesmenettelylain 967/1992 38–39 §:n',
            'mukainen pyyntö tehtiin, kolmen kuukauden määräaika välitystuomion kumoamista koskevan kanteen',
            'nostamiselle (41 §) lasketaan päivästä, jona saatte jäljennöksen tästä päätöksestä.',
          ],
          `Välimiesoikeus hylkäsi pyynnön (${REQUEST.fi[p.kind]}); vahvistakaa päätöksen vastaanottaminen.`,
        );
      }
      const what = DOCUMENT.fi[p.kind];
      return mail(
        'fi',
        p,
        p.kind === 'award' ? 'välitystuomio on annettu' : `välimiesoikeus on antanut ${what}`,
        [
          `Välimiesoikeus on allekirjoittanut ja antanut ${what} asiassa ${caseRef(p)}.`,
          attached,
          '',
          `Vahvistakaa asian sivulla, että olette vastaanottaneet sen ("${RECEIPT_BUTTON.fi[p.kind === 'award' ? 'award' : 'document']}").`,
          'Vahvistuksenne tai ensimmäinen kerta, kun avaatte asiakirjan siellä, kirjataan vastaanotoksi. Vastaanotosta',
          'lasketut määräajat näkyvät siellä päivämäärinä: pyyntö tuomion korjaamisesta, tulkitsemisesta tai lisätuomiosta',
          p.fixesFees
            ? '(30 päivää, välimiesmenettelylaki 967/1992 38–39 §), hakemus välimiesten palkkiosta käräjäoikeudelle (60 päivää, 47 §) ja kanne välitystuomion kumoamiseksi (3 kuukautta, 41 §).'
            : '(30 päivää, välimiesmenettelylaki 967/1992 38–39 §) ja kanne välitystuomion kumoamiseksi (3 kuukautta, 41 §).',
        ],
        `Välimiesoikeus on antanut ${what}; vahvistakaa vastaanottaminen.`,
      );
    },
  },
  correctionRequested: {
    en: (p) => ({
      subject: `Ratkaisu case ${p.caseNumber ?? ''}: the ${p.side} requests ${REQUEST.en[p.kind]}`,
      text: [
        'Hello,',
        '',
        `In the case "${oneLine(p.caseName)}" (${p.caseNumber ?? ''}) the ${p.side} has asked the tribunal for ${REQUEST.en[p.kind]} (Arbitration Act 967/1992 §§ 38–39):`,
        '',
        p.text,
        '',
        p.audience === 'otherParty'
          ? `You may comment on the request on the case page until ${formatCalendarDate(p.commentUntil)}.`
          : `The other party may comment until ${formatCalendarDate(p.commentUntil)}; the tribunal then decides on the case page.`,
        p.link,
        '',
        'Ratkaisu',
      ].join('\n'),
      summary: `The ${p.side} requests ${REQUEST.en[p.kind]}.`,
    }),
    fi: (p) =>
      mail(
        'fi',
        p,
        `${SIDE.fi[p.side]} pyytää ${REQUEST.fi[p.kind]}`,
        [
          `${capital(SIDE.fi[p.side])} on pyytänyt asiassa ${caseRef(p)} välimiesoikeudelta ${REQUEST.fi[p.kind]} (välimiesmenettelylaki 967/1992 38–39 §):`,
          '',
          p.text,
          '',
          p.audience === 'otherParty'
            ? `Voitte lausua pyynnöstä asian sivulla ${formatCalendarDate(p.commentUntil)} asti.`
            : `Vastapuoli voi lausua ${formatCalendarDate(p.commentUntil)} asti; sen jälkeen välimiesoikeus ratkaisee pyynnön asian sivulla.`,
        ],
        `${capital(SIDE.fi[p.side])} pyytää ${REQUEST.fi[p.kind]}.`,
      ),
  },
  caseInvitation: {
    en: (p) => ({
      // docs/product.md section 9's wording, kept.
      subject: `A case has been opened with you on Ratkaisu: ${oneLine(p.caseName)}`,
      text: [
        'Hello,',
        '',
        `${oneLine(p.claimantName)} has filed its claim in the case "${oneLine(p.caseName)}" on Ratkaisu and named you as the respondent's representative.`,
        ...(p.dueDate ? [`The Response phase is open for your answer until ${formatMailDateTime(p.dueDate)}.`] : []),
        '',
        'Open this link to see the case and who invited you, then log in, or sign up with this email address:',
        p.link,
        '',
        'Ratkaisu',
      ].join('\n'),
      summary: `${oneLine(p.claimantName)} has filed its claim and named you as the respondent's representative.`,
    }),
    fi: (p) => ({
      subject: `Kanssanne on avattu asia Ratkaisu-palvelussa: ${oneLine(p.caseName)}`,
      text: [
        'Hei,',
        '',
        `${oneLine(p.claimantName)} on jättänyt kanteensa asiassa "${oneLine(p.caseName)}" Ratkaisu-palvelussa ja nimennyt teidät vastaajan edustajaksi.`,
        ...(p.dueDate
          ? [`Vastausvaihe on avoinna vastaustanne varten ${formatMailDateTime(p.dueDate, 'fi')} asti.`]
          : []),
        '',
        'Avatkaa tämä linkki nähdäksenne asian ja sen, kuka teidät kutsui, ja kirjautukaa sitten sisään tai',
        'rekisteröitykää tällä sähköpostiosoitteella:',
        p.link,
        '',
        'Ratkaisu',
      ].join('\n'),
      summary: `${oneLine(p.claimantName)} on jättänyt kanteensa ja nimennyt teidät vastaajan edustajaksi.`,
    }),
  },
  phaseStarted: {
    en: (p) => ({
      // docs/product.md section 9's wording, kept.
      subject: `Ratkaisu case "${oneLine(p.caseName)}": ${PHASE_LABELS_EN[p.phase]} phase has started`,
      text: [
        'Hello,',
        '',
        `The case "${oneLine(p.caseName)}" has moved to the ${PHASE_LABELS_EN[p.phase]} phase.`,
        ...(p.dueDate ? [`The phase is due on ${formatMailDateTime(p.dueDate)}.`] : []),
        '',
        'Open the case:',
        p.link,
        '',
        'Ratkaisu',
      ].join('\n'),
      summary: `The ${PHASE_LABELS_EN[p.phase]} phase has started.`,
    }),
    fi: (p) => ({
      subject: `Ratkaisu, asia "${oneLine(p.caseName)}": vaihe ${PHASE_LABELS_FI[p.phase]} on alkanut`,
      text: [
        'Hei,',
        '',
        `Asia "${oneLine(p.caseName)}" on siirtynyt vaiheeseen ${PHASE_LABELS_FI[p.phase]}.`,
        ...(p.dueDate ? [`Vaiheen määräaika päättyy ${formatMailDateTime(p.dueDate, 'fi')}.`] : []),
        '',
        'Avatkaa asia:',
        p.link,
        '',
        'Ratkaisu',
      ].join('\n'),
      summary: `Vaihe ${PHASE_LABELS_FI[p.phase]} on alkanut.`,
    }),
  },
  tribunalSizeAnswered: {
    en: (p) => {
      const text = {
        Agreed: 'The other party agreed to a tribunal of three arbitrators; an administrator appoints them.',
        Refused: 'The other party refused a tribunal of three arbitrators, so the tribunal is a sole arbitrator.',
        Lapsed:
          'The other party did not answer the request for three arbitrators within the period, so the tribunal is a sole arbitrator.',
      }[p.outcome];
      return {
        subject: `Ratkaisu case "${oneLine(p.caseName)}": the size of the tribunal`,
        text: ['Hello,', '', text, '', p.link, '', 'Ratkaisu'].join('\n'),
        summary: text,
      };
    },
    fi: (p) => {
      const text = {
        Agreed: 'Vastapuoli suostui kolmijäseniseen välimiesoikeuteen; ylläpitäjä nimeää välimiehet.',
        Refused: 'Vastapuoli kieltäytyi kolmijäsenisestä välimiesoikeudesta, joten välimiehiä on yksi.',
        Lapsed: 'Vastapuoli ei vastannut kolmen välimiehen pyyntöön määräajassa, joten välimiehiä on yksi.',
      }[p.outcome];
      return mail('fi', p, 'välimiesoikeuden kokoonpano', [text, '']);
    },
  },
  arbitratorChallenge: {
    en: (p) => {
      const text = {
        filed: `A party has challenged ${oneLine(p.arbitrator)}. The appointing authority decides the challenge with reasons.`,
        Sustained: `The challenge of ${oneLine(p.arbitrator)} was sustained: the arbitrator is removed and the seat is filled again.`,
        Rejected: `The challenge of ${oneLine(p.arbitrator)} was rejected.`,
      }[p.step];
      return {
        subject: `Ratkaisu case "${oneLine(p.caseName)}": challenge of an arbitrator`,
        text: [
          'Hello,',
          '',
          text,
          ...(p.reasons ? ['', `Reasons: ${p.reasons}`] : []),
          '',
          p.link,
          '',
          'Ratkaisu',
        ].join('\n'),
        summary: text,
      };
    },
    fi: (p) => {
      const text = {
        filed: `Asianosainen on esittänyt esteellisyysväitteen välimiestä ${oneLine(p.arbitrator)} vastaan. Nimeävä taho ratkaisee väitteen perustellusti.`,
        Sustained: `Esteellisyysväite välimiestä ${oneLine(p.arbitrator)} vastaan hyväksyttiin: välimies vapautetaan tehtävästä ja tilalle nimetään uusi.`,
        Rejected: `Esteellisyysväite välimiestä ${oneLine(p.arbitrator)} vastaan hylättiin.`,
      }[p.step];
      return mail(
        'fi',
        p,
        'esteellisyysväite',
        [text, ...(p.reasons ? ['', `Perustelut: ${p.reasons}`] : []), ''],
        text,
      );
    },
  },
  newMatter: {
    en: (p) => ({
      subject: `Ratkaisu case "${oneLine(p.caseName)}": please answer by ${calendarDate(p.answerBy)}`,
      text: [
        'Hello,',
        '',
        p.kind === 'correction'
          ? `The ${p.party} corrected the summary of its claims in the case "${oneLine(p.caseName)}".`
          : `The ${p.party} commented on the summary of the claims in the case "${oneLine(p.caseName)}".`,
        `You may answer on the case page by ${calendarDate(p.answerBy)}; the tribunal drafts its decision only after your answer or after that date.`,
        p.link,
        '',
        'Ratkaisu',
      ].join('\n'),
      summary: `The ${p.party} ${p.kind === 'correction' ? 'corrected the summary of its claims' : 'commented on the summary of the claims'}; answer by ${calendarDate(p.answerBy)}.`,
    }),
    fi: (p) =>
      mail(
        'fi',
        p,
        `vastatkaa ${calendarDate(p.answerBy)} mennessä`,
        [
          p.kind === 'correction'
            ? `${capital(SIDE.fi[p.party])} korjasi yhteenvedon vaatimuksistaan asiassa ${caseRef(p)}.`
            : `${capital(SIDE.fi[p.party])} lausui yhteenvedosta vaatimuksista asiassa ${caseRef(p)}.`,
          `Voitte vastata asian sivulla ${calendarDate(p.answerBy)} mennessä; välimiesoikeus laatii ratkaisunsa vasta vastauksenne jälkeen tai tuon päivän jälkeen.`,
        ],
        `${capital(SIDE.fi[p.party])} ${p.kind === 'correction' ? 'korjasi yhteenvedon vaatimuksistaan' : 'lausui yhteenvedosta'}; vastatkaa ${calendarDate(p.answerBy)} mennessä.`,
      ),
  },
  correctionStep: {
    en: (p) => {
      const { subject, lines } = correctionStepEn(p);
      return {
        // The wording of the former correctionStepMail, kept.
        subject: `Ratkaisu case ${p.caseNumber ?? ''}: ${subject}`,
        text: [
          'Hello,',
          '',
          `In the case "${oneLine(p.caseName)}" (${p.caseNumber ?? ''}):`,
          '',
          ...lines,
          '',
          p.link,
          '',
          'Ratkaisu',
        ].join('\n'),
        summary: `${capital(subject)}.`,
      };
    },
    fi: (p) => {
      const { subject, lines } = correctionStepFi(p);
      return mail('fi', p, subject, [`Asiassa ${caseRef(p)}:`, '', ...lines, ''], `${capital(subject)}.`);
    },
  },
  representativeLeft: {
    en: (p) =>
      mail('en', p, `the ${p.side}'s representative closed the account`, [
        `The representative of the ${p.side} in the case ${caseRef(p)} closed their Ratkaisu account.`,
        'The case, its documents and its decisions stay as they are; mail for that side now reaches nobody on Ratkaisu.',
      ]),
    fi: (p) =>
      mail('fi', p, `${SIDE.fi[p.side]}n edustaja sulki tilinsä`, [
        `${capital(SIDE.fi[p.side])}n edustaja asiassa ${caseRef(p)} sulki Ratkaisu-tilinsä.`,
        'Asia, sen asiakirjat ja ratkaisut säilyvät ennallaan; tämän osapuolen viestit eivät enää tavoita ketään Ratkaisussa.',
      ]),
  },
  retentionWarning: {
    en: (p) =>
      mail(
        'en',
        p,
        `its documents will be deleted on ${calendarDate(p.deleteAfter)}`,
        [
          `The retention period of ${p.years} years of the case ${caseRef(p)} ends. On ${calendarDate(p.deleteAfter)}`,
          'Ratkaisu deletes its documents, work files and drafts. It keeps only a record that the case existed:',
          "its number, the parties' names and business IDs, how it ended, its dates and the award's SHA-256.",
          'Download what you need to keep from the case page before that date.',
        ],
        `The case's documents will be deleted on ${calendarDate(p.deleteAfter)}: download what you need to keep.`,
      ),
    fi: (p) =>
      mail(
        'fi',
        p,
        `asiakirjat poistetaan ${calendarDate(p.deleteAfter)}`,
        [
          `Asian ${caseRef(p)} ${p.years} vuoden säilytysaika päättyy. Ratkaisu poistaa ${calendarDate(p.deleteAfter)}`,
          'asian asiakirjat, työtiedostot ja luonnokset. Asiasta säilytetään vain tieto sen olemassaolosta:',
          'asianumero, asianosaisten nimet ja y-tunnukset, ratkaisun laji, päivämäärät ja välitystuomion SHA-256.',
          'Lataa asian sivulta ennen tätä päivää se, mitä haluat säilyttää.',
        ],
        `Asian asiakirjat poistetaan ${calendarDate(p.deleteAfter)}: lataa talteen se, mitä tarvitset.`,
      ),
  },
};

/** A date as the case page shows it (Helsinki time): 9.12.2026. */
function calendarDate(iso: string): string {
  return formatDisplayDate(iso);
}

export function renderNotice<E extends NoticeEvent>(
  event: E,
  language: DisplayLanguage,
  input: NoticeParams[E] & CaseFacts,
): RenderedNotice {
  return (NOTICE_TEMPLATES[event][language] as (value: NoticeParams[E] & CaseFacts) => RenderedNotice)(input);
}
