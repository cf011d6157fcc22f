import { CHALLENGE_PERIOD_DAYS } from '@ratkaisu/core';
import type { NoticeParams } from '../notice-params.js';
import { oneLine, type NoticeTemplate, type NoticeTexts } from '../render-template.js';
import { calendarDate, ROLE, sideValues, statement } from './words.js';

/** The tribunal's notices: requested, its size answered, an arbitrator appointed, accepted, challenged, constituted. */

const THREE = { en: 'a tribunal of three arbitrators', fi: 'kolmijäsenistä välimiesoikeutta' } as const;
const ONE = { en: 'an arbitrator', fi: 'välimiestä' } as const;

/** One outcome of the request for three arbitrators, in both languages. */
function sizeAnswer(en: string, fi: string): NoticeTexts {
  return {
    en: { subject: 'Ratkaisu case "{{caseName}}": the size of the tribunal', lines: [en, ''], summary: en },
    fi: { subject: '{{prefix}}: välimiesoikeuden kokoonpano', lines: [fi, ''] },
  };
}

/** One step of a challenge of an arbitrator, in both languages, with the reasons when given. */
function challengeStep(en: string, fi: string): NoticeTexts {
  return {
    en: {
      subject: 'Ratkaisu case "{{caseName}}": challenge of an arbitrator',
      lines: [en, { if: 'reasons', lines: ['', 'Reasons: {{reasons}}'] }, ''],
      summary: en,
    },
    fi: {
      subject: '{{prefix}}: esteellisyysväite',
      lines: [fi, { if: 'reasons', lines: ['', 'Perustelut: {{reasons}}'] }, ''],
      summary: fi,
    },
  };
}

export const TRIBUNAL_NOTICES: {
  tribunalRequested: NoticeTemplate<NoticeParams['tribunalRequested']>;
  tribunalRequestedAdmin: NoticeTemplate<NoticeParams['tribunalRequestedAdmin']>;
  arbitratorAppointed: NoticeTemplate<NoticeParams['arbitratorAppointed']>;
  arbitratorAccepted: NoticeTemplate<NoticeParams['arbitratorAccepted']>;
  tribunalConstituted: NoticeTemplate<NoticeParams['tribunalConstituted']>;
  tribunalSizeAnswered: NoticeTemplate<NoticeParams['tribunalSizeAnswered']>;
  arbitratorChallenge: NoticeTemplate<NoticeParams['arbitratorChallenge']>;
} = {
  tribunalRequested: {
    to: 'both parties',
    values: (p, language) => ({
      ...sideValues('side', p.side, language),
      asked: (p.size === 3 ? THREE : ONE)[language],
      askedShort: {
        en: p.size === 3 ? 'three arbitrators' : 'an arbitrator',
        fi: p.size === 3 ? 'kolmea välimiestä' : 'välimiestä',
      }[language],
      answerBy: calendarDate(p.answerBy),
    }),
    texts: {
      default: {
        en: {
          // The wording of tribunal-mails.ts before the template set, kept.
          subject: 'Ratkaisu case "{{caseName}}": an arbitrator was requested',
          lines: [
            'The {{side}} has asked for {{asked}} in the case "{{caseName}}".',
            {
              if: 'answerBy',
              lines: [
                'The other party may agree to three arbitrators or refuse by {{answerBy}}; if it refuses or does not answer, the tribunal is a sole arbitrator.',
              ],
            },
            'An administrator appoints the tribunal; you will be told the names and each arbitrator’s statement of independence.',
            '',
          ],
          summary: 'The {{side}} asked for {{askedShort}}.',
        },
        fi: {
          subject: '{{prefix}}: välimiestä pyydettiin',
          lines: [
            '{{Side}} on pyytänyt asiaan {{caseRef}} {{asked}}.',
            {
              if: 'answerBy',
              lines: [
                'Vastapuoli voi suostua kolmeen välimieheen tai kieltäytyä {{answerBy}} mennessä; jos se kieltäytyy tai ei vastaa, välimiesoikeuteen kuuluu yksi välimies.',
              ],
            },
            'Ylläpitäjä nimeää välimiesoikeuden; saatte tiedon nimistä ja kunkin välimiehen esteettömyysselvityksestä.',
          ],
          summary: '{{Side}} pyysi {{askedShort}}.',
        },
      },
    },
  },
  tribunalRequestedAdmin: {
    to: "the case tenant's active Admins and every active SuperAdmin",
    values: (p, language) => ({
      ...sideValues('side', p.side, language),
      asked: (p.size === 3 ? THREE : ONE)[language],
      size: {
        en: p.size === 3 ? 'three arbitrators' : 'sole arbitrator',
        fi: p.size === 3 ? 'kolme välimiestä' : 'yksi välimies',
      }[language],
    }),
    texts: {
      default: {
        en: {
          subject: '{{prefix}}: appoint the tribunal',
          lines: [
            'The {{side}} has asked for {{asked}} in the case {{caseRef}}.',
            'As an administrator you appoint the tribunal: open the queue of requested tribunals in the admin panel.',
          ],
          summary: 'An arbitrator was requested ({{size}}); appoint the tribunal.',
        },
        fi: {
          subject: '{{prefix}}: nimetkää välimiesoikeus',
          lines: [
            '{{Side}} on pyytänyt asiaan {{caseRef}} {{asked}}.',
            'Ylläpitäjänä nimeätte välimiesoikeuden: avatkaa pyydettyjen välimiesoikeuksien jono hallintapaneelissa.',
          ],
          summary: 'Välimiestä pyydettiin ({{size}}); nimetkää välimiesoikeus.',
        },
      },
    },
  },
  arbitratorAppointed: {
    to: 'the appointee',
    values: (p, language) => ({ role: ROLE[language][p.role] }),
    texts: {
      default: {
        en: {
          // The wording of the former tribunal-mails.ts, kept.
          subject: 'Ratkaisu: you have been appointed as {{role}} in "{{caseName}}"',
          lines: [
            'You have been appointed as {{role}} in the case "{{caseName}}".',
            'Before you accept, disclose any circumstance that could give rise to justifiable doubts about your impartiality',
            'or independence (Arbitration Act 967/1992). Open the case to accept with your statement, or decline:',
          ],
          summary: 'You have been appointed as {{role}}; accept with your statement, or decline.',
        },
        fi: {
          subject: '{{prefix}}: teidät on nimetty: {{role}}',
          lines: [
            'Teidät on nimetty asiaan {{caseRef}} tehtävään: {{role}}.',
            'Ennen kuin otatte tehtävän vastaan, ilmoittakaa kaikki seikat, jotka voisivat antaa aihetta perustellusti',
            'epäillä puolueettomuuttanne tai riippumattomuuttanne (välimiesmenettelylaki 967/1992). Avatkaa asia ja',
            'ottakaa tehtävä vastaan esteettömyysselvityksinenne tai kieltäytykää:',
          ],
          summary: 'Teidät on nimetty tehtävään: {{role}}. Ottakaa tehtävä vastaan tai kieltäytykää.',
        },
      },
    },
  },
  arbitratorAccepted: {
    to: 'both parties',
    values: (p, language) => ({
      name: oneLine(p.name),
      role: ROLE[language][p.role],
      statement: statement(p.disclosure, language),
      challengeUntil: calendarDate(p.challengeUntil),
      days: String(CHALLENGE_PERIOD_DAYS),
    }),
    texts: {
      default: {
        en: {
          subject: 'Ratkaisu case "{{caseName}}": {{name}} accepted the appointment',
          lines: [
            '{{name}} accepted the appointment as {{role}} in the case "{{caseName}}".',
            'Statement of independence: {{statement}}',
            '',
            'You may challenge the arbitrator, stating the grounds, by {{challengeUntil}} ({{days}} days). The appointing',
            'authority decides a challenge with reasons. Until then the award cannot be adopted unless both parties waive the challenge.',
          ],
          summary: '{{name}} accepted the appointment as {{role}}; a challenge is possible until {{challengeUntil}}.',
        },
        fi: {
          subject: '{{prefix}}: {{name}} otti tehtävän vastaan',
          lines: [
            '{{name}} otti vastaan tehtävän ({{role}}) asiassa {{caseRef}}.',
            'Esteettömyysselvitys: {{statement}}',
            '',
            'Voitte esittää välimiestä koskevan esteellisyysväitteen perusteineen {{challengeUntil}} mennessä ({{days}} päivää).',
            'Nimeävä taho ratkaisee väitteen perustellusti. Sitä ennen välitystuomiota ei voida hyväksyä, ellei kumpikin',
            'asianosainen luovu väitteestä.',
          ],
          summary:
            '{{name}} otti vastaan tehtävän ({{role}}); esteellisyysväite on mahdollinen {{challengeUntil}} asti.',
        },
      },
    },
  },
  tribunalConstituted: {
    to: 'both parties',
    values: (p, language) => ({
      members: p.members
        .map((member) =>
          [
            `- ${oneLine(member.name)}, ${oneLine(member.title)} (${ROLE[language][member.role]})`,
            `  ${language === 'fi' ? 'Esteettömyysselvitys' : 'Statement of independence'}: ${statement(member.disclosure, language)}`,
          ].join('\n'),
        )
        .join('\n'),
      names: p.members.map((member) => oneLine(member.name)).join(', '),
    }),
    texts: {
      default: {
        en: {
          subject: 'Ratkaisu case "{{caseName}}": the tribunal is constituted',
          lines: [
            'The tribunal in the case "{{caseName}}" is constituted:',
            { if: 'members', lines: ['{{members}}'] },
            '',
            'From now on the tribunal decides the case; the AI only drafts for it.',
          ],
          summary: 'The tribunal is constituted: {{names}}.',
        },
        fi: {
          subject: '{{prefix}}: välimiesoikeus on asetettu',
          lines: [
            'Välimiesoikeus asiassa {{caseRef}} on asetettu:',
            { if: 'members', lines: ['{{members}}'] },
            '',
            'Tästä lähtien välimiesoikeus ratkaisee asian; tekoäly vain laatii sille luonnoksia.',
          ],
          summary: 'Välimiesoikeus on asetettu: {{names}}.',
        },
      },
    },
  },
  tribunalSizeAnswered: {
    to: 'both parties',
    variant: (p) => p.outcome,
    texts: {
      Agreed: sizeAnswer(
        'The other party agreed to a tribunal of three arbitrators; an administrator appoints them.',
        'Vastapuoli suostui kolmijäseniseen välimiesoikeuteen; ylläpitäjä nimeää välimiehet.',
      ),
      Refused: sizeAnswer(
        'The other party refused a tribunal of three arbitrators, so the tribunal is a sole arbitrator.',
        'Vastapuoli kieltäytyi kolmijäsenisestä välimiesoikeudesta, joten välimiehiä on yksi.',
      ),
      Lapsed: sizeAnswer(
        'The other party did not answer the request for three arbitrators within the period, so the tribunal is a sole arbitrator.',
        'Vastapuoli ei vastannut kolmen välimiehen pyyntöön määräajassa, joten välimiehiä on yksi.',
      ),
    },
  },
  arbitratorChallenge: {
    to: 'both parties and the challenged arbitrator',
    values: (p) => ({ arbitrator: oneLine(p.arbitrator), reasons: p.reasons }),
    variant: (p) => p.step,
    texts: {
      filed: challengeStep(
        'A party has challenged {{arbitrator}}. The appointing authority decides the challenge with reasons.',
        'Asianosainen on esittänyt esteellisyysväitteen välimiestä {{arbitrator}} vastaan. Nimeävä taho ratkaisee väitteen perustellusti.',
      ),
      Sustained: challengeStep(
        'The challenge of {{arbitrator}} was sustained: the arbitrator is removed and the seat is filled again.',
        'Esteellisyysväite välimiestä {{arbitrator}} vastaan hyväksyttiin: välimies vapautetaan tehtävästä ja tilalle nimetään uusi.',
      ),
      Rejected: challengeStep(
        'The challenge of {{arbitrator}} was rejected.',
        'Esteellisyysväite välimiestä {{arbitrator}} vastaan hylättiin.',
      ),
    },
  },
};
