import type { NoticeParams } from '../notice-params.js';
import type { NoticeTemplate } from '../render-template.js';
import { calendarDate, sideValues, versionText } from './words.js';

/** The claims summary's and the draft award's notices, and a new matter put to the other party. */

export const CLAIMS_NOTICES: {
  draftReady: NoticeTemplate<NoticeParams['draftReady']>;
  claimsExtracted: NoticeTemplate<NoticeParams['claimsExtracted']>;
  claimsConfirmed: NoticeTemplate<NoticeParams['claimsConfirmed']>;
  claimsCorrected: NoticeTemplate<NoticeParams['claimsCorrected']>;
  newMatter: NoticeTemplate<NoticeParams['newMatter']>;
} = {
  draftReady: {
    to: 'the seated tribunal',
    values: (p, language) => ({ version: versionText(p.version, language) }),
    texts: {
      default: {
        en: {
          subject: '{{prefix}}: the draft award{{version}} is ready for review',
          lines: [
            "The AI's draft of the award{{version}} in the case {{caseRef}} is ready.",
            'Review it chapter by chapter on the review page; the tribunal decides its content and adopts the award.',
          ],
          summary: 'The draft award{{version}} is ready for review.',
        },
        fi: {
          subject: '{{prefix}}: välitystuomion luonnos{{version}} on valmis tarkastettavaksi',
          lines: [
            'Tekoälyn luonnos välitystuomioksi{{version}} asiassa {{caseRef}} on valmis.',
            'Tarkastakaa se luku luvulta tarkastussivulla; välimiesoikeus päättää sisällöstä ja hyväksyy välitystuomion.',
          ],
          summary: 'Välitystuomion luonnos{{version}} on valmis tarkastettavaksi.',
        },
      },
    },
  },
  claimsExtracted: {
    to: 'both parties and the seated tribunal',
    values: (p) => ({ version: String(p.version) }),
    variant: (p) => (p.audience === 'tribunal' ? 'tribunal' : 'parties'),
    texts: {
      parties: {
        en: {
          subject: '{{prefix}}: confirm the summary of your claims',
          lines: [
            "The summary of the parties' claims (version {{version}}) in the case {{caseRef}} is ready.",
            'Each party confirms or corrects the summary of its own claims on the case page; the tribunal drafts its',
            'decision once both have answered.',
          ],
          summary: 'The summary of the claims (version {{version}}) is ready to confirm or correct.',
        },
        fi: {
          subject: '{{prefix}}: vahvistakaa yhteenveto vaatimuksistanne',
          lines: [
            'Yhteenveto asianosaisten vaatimuksista (versio {{version}}) asiassa {{caseRef}} on valmis.',
            'Kumpikin asianosainen vahvistaa tai korjaa yhteenvedon omista vaatimuksistaan asian sivulla;',
            'välimiesoikeus laatii ratkaisunsa, kun molemmat ovat vastanneet.',
          ],
          summary: 'Yhteenveto vaatimuksista (versio {{version}}) on valmis vahvistettavaksi tai korjattavaksi.',
        },
      },
      // The arbitrators' mail asks nothing of them.
      tribunal: {
        en: {
          subject: '{{prefix}}: the summary of the claims is ready',
          lines: [
            "The summary of the parties' claims (version {{version}}) in the case {{caseRef}} is ready.",
            'Each party now confirms or corrects the summary of its own claims on the case page; you are told',
            'when they have answered.',
          ],
          summary: 'The summary of the claims (version {{version}}) is ready; the parties are asked to confirm it.',
        },
        fi: {
          subject: '{{prefix}}: yhteenveto vaatimuksista on valmis',
          lines: [
            'Yhteenveto asianosaisten vaatimuksista (versio {{version}}) asiassa {{caseRef}} on valmis.',
            'Kumpikin asianosainen vahvistaa tai korjaa nyt yhteenvedon omista vaatimuksistaan asian sivulla;',
            'saatte tiedon, kun ne ovat vastanneet.',
          ],
          summary: 'Yhteenveto vaatimuksista (versio {{version}}) on valmis; asianosaisia pyydetään vahvistamaan se.',
        },
      },
    },
  },
  claimsConfirmed: {
    to: 'the other party and the tribunal',
    values: (p, language) => sideValues('side', p.side, language),
    texts: {
      default: {
        en: {
          subject: '{{prefix}}: the {{side}} confirmed the summary of its claims',
          lines: ['The {{side}} confirmed the summary of its claims in the case {{caseRef}}.'],
        },
        fi: {
          subject: '{{prefix}}: {{side}} vahvisti yhteenvedon vaatimuksistaan',
          lines: ['{{Side}} vahvisti yhteenvedon vaatimuksistaan asiassa {{caseRef}}.'],
        },
      },
    },
  },
  claimsCorrected: {
    to: "the tribunal (the other party gets the new matter's mail with its period)",
    values: (p, language) => ({ ...sideValues('side', p.side, language), answerBy: calendarDate(p.answerBy) }),
    texts: {
      default: {
        en: {
          subject: '{{prefix}}: the {{side}} corrected the summary of its claims',
          lines: [
            'The {{side}} corrected the summary of its claims in the case {{caseRef}}.',
            {
              if: 'answerBy',
              lines: ['The other party may answer the correction on the case page by {{answerBy}}.'],
            },
          ],
        },
        fi: {
          subject: '{{prefix}}: {{side}} korjasi yhteenvedon vaatimuksistaan',
          lines: [
            '{{Side}} korjasi yhteenvedon vaatimuksistaan asiassa {{caseRef}}.',
            { if: 'answerBy', lines: ['Vastapuoli voi vastata korjaukseen asian sivulla {{answerBy}} mennessä.'] },
          ],
        },
      },
    },
  },
  newMatter: {
    to: 'the other party (correction of / comment on the claims summary, with the date to answer)',
    values: (p, language) => ({ ...sideValues('party', p.party, language), answerBy: calendarDate(p.answerBy) }),
    variant: (p) => p.kind,
    texts: {
      correction: {
        en: {
          subject: 'Ratkaisu case "{{caseName}}": please answer by {{answerBy}}',
          lines: [
            'The {{party}} corrected the summary of its claims in the case "{{caseName}}".',
            'You may answer on the case page by {{answerBy}}; the tribunal drafts its decision only after your answer or after that date.',
          ],
          summary: 'The {{party}} corrected the summary of its claims; answer by {{answerBy}}.',
        },
        fi: {
          subject: '{{prefix}}: vastatkaa {{answerBy}} mennessä',
          lines: [
            '{{Party}} korjasi yhteenvedon vaatimuksistaan asiassa {{caseRef}}.',
            'Voitte vastata asian sivulla {{answerBy}} mennessä; välimiesoikeus laatii ratkaisunsa vasta vastauksenne jälkeen tai tuon päivän jälkeen.',
          ],
          summary: '{{Party}} korjasi yhteenvedon vaatimuksistaan; vastatkaa {{answerBy}} mennessä.',
        },
      },
      comment: {
        en: {
          subject: 'Ratkaisu case "{{caseName}}": please answer by {{answerBy}}',
          lines: [
            'The {{party}} commented on the summary of the claims in the case "{{caseName}}".',
            'You may answer on the case page by {{answerBy}}; the tribunal drafts its decision only after your answer or after that date.',
          ],
          summary: 'The {{party}} commented on the summary of the claims; answer by {{answerBy}}.',
        },
        fi: {
          subject: '{{prefix}}: vastatkaa {{answerBy}} mennessä',
          lines: [
            '{{Party}} lausui yhteenvedosta vaatimuksista asiassa {{caseRef}}.',
            'Voitte vastata asian sivulla {{answerBy}} mennessä; välimiesoikeus laatii ratkaisunsa vasta vastauksenne jälkeen tai tuon päivän jälkeen.',
          ],
          summary: '{{Party}} lausui yhteenvedosta; vastatkaa {{answerBy}} mennessä.',
        },
      },
    },
  },
};
