import { formatMailDateTime, type DisplayLanguage, type NoticeEvent } from '@ratkaisu/core';

/**
 * The one template set of the case notices (issue 28 item 1): for each event its subject, body and the
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
  claimsExtracted: { version: number };
  claimsConfirmed: { side: Side };
  claimsCorrected: { side: Side; answerBy?: string };
}

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
      mail(
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
      mail(
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
};

/** A date as the case page shows it (Helsinki time): 9.12.2026. */
function calendarDate(iso: string): string {
  return new Date(iso).toLocaleDateString('fi-FI', { timeZone: 'Europe/Helsinki' });
}

export function renderNotice<E extends NoticeEvent>(
  event: E,
  language: DisplayLanguage,
  input: NoticeParams[E] & CaseFacts,
): RenderedNotice {
  return (NOTICE_TEMPLATES[event][language] as (value: NoticeParams[E] & CaseFacts) => RenderedNotice)(input);
}
