import { formatMailDateTime, PHASE_LABELS_EN } from '@ratkaisu/core';
import type { NoticeParams } from '../notice-params.js';
import { oneLine, type NoticeTemplate } from '../render-template.js';
import { calendarDate, PHASE_LABELS_FI, sideValues } from './words.js';

/** The case's own notices: the respondent's invitation, a phase started, a representative left, retention ends. */

export const CASE_NOTICES: {
  caseInvitation: NoticeTemplate<NoticeParams['caseInvitation']>;
  phaseStarted: NoticeTemplate<NoticeParams['phaseStarted']>;
  representativeLeft: NoticeTemplate<NoticeParams['representativeLeft']>;
  retentionWarning: NoticeTemplate<NoticeParams['retentionWarning']>;
} = {
  caseInvitation: {
    to: "the respondent's representative (fallback: the case's, else the inviter's language)",
    values: (p, language) => ({
      claimantName: oneLine(p.claimantName),
      dueDate: p.dueDate ? formatMailDateTime(p.dueDate, language) : undefined,
    }),
    texts: {
      default: {
        en: {
          // docs/product.md section 9's wording, kept.
          subject: 'A case has been opened with you on Ratkaisu: {{caseName}}',
          lines: [
            '{{claimantName}} has filed its claim in the case "{{caseName}}" on Ratkaisu and named you as the respondent\'s representative.',
            { if: 'dueDate', lines: ['The Response phase is open for your answer until {{dueDate}}.'] },
            '',
          ],
          action:
            'Open this link to see the case and who invited you, then log in, or sign up with this email address:',
          summary: "{{claimantName}} has filed its claim and named you as the respondent's representative.",
        },
        fi: {
          subject: 'Kanssanne on avattu asia Ratkaisu-palvelussa: {{caseName}}',
          lines: [
            '{{claimantName}} on jättänyt kanteensa asiassa "{{caseName}}" Ratkaisu-palvelussa ja nimennyt teidät vastaajan edustajaksi.',
            { if: 'dueDate', lines: ['Vastausvaihe on avoinna vastaustanne varten {{dueDate}} asti.'] },
            '',
          ],
          action:
            'Avatkaa tämä linkki nähdäksenne asian ja sen, kuka teidät kutsui, ja kirjautukaa sitten sisään tai\nrekisteröitykää tällä sähköpostiosoitteella:',
          summary: '{{claimantName}} on jättänyt kanteensa ja nimennyt teidät vastaajan edustajaksi.',
        },
      },
    },
  },
  phaseStarted: {
    to: "the other side's representative",
    values: (p, language) => ({
      phase: language === 'fi' ? PHASE_LABELS_FI[p.phase] : PHASE_LABELS_EN[p.phase],
      dueDate: p.dueDate ? formatMailDateTime(p.dueDate, language) : undefined,
    }),
    texts: {
      default: {
        en: {
          // docs/product.md section 9's wording, kept.
          subject: 'Ratkaisu case "{{caseName}}": {{phase}} phase has started',
          lines: [
            'The case "{{caseName}}" has moved to the {{phase}} phase.',
            { if: 'dueDate', lines: ['The phase is due on {{dueDate}}.'] },
            '',
          ],
          action: 'Open the case:',
          summary: 'The {{phase}} phase has started.',
        },
        fi: {
          subject: 'Ratkaisu, asia "{{caseName}}": vaihe {{phase}} on alkanut',
          lines: [
            'Asia "{{caseName}}" on siirtynyt vaiheeseen {{phase}}.',
            { if: 'dueDate', lines: ['Vaiheen määräaika päättyy {{dueDate}}.'] },
            '',
          ],
          action: 'Avatkaa asia:',
          summary: 'Vaihe {{phase}} on alkanut.',
        },
      },
    },
  },
  representativeLeft: {
    to: 'the other representatives of the case',
    values: (p, language) => sideValues('side', p.side, language),
    texts: {
      default: {
        en: {
          subject: "{{prefix}}: the {{side}}'s representative closed the account",
          lines: [
            'The representative of the {{side}} in the case {{caseRef}} closed their Ratkaisu account.',
            'The case, its documents and its decisions stay as they are; mail for that side now reaches nobody on Ratkaisu.',
          ],
        },
        fi: {
          subject: '{{prefix}}: {{side}}n edustaja sulki tilinsä',
          lines: [
            '{{Side}}n edustaja asiassa {{caseRef}} sulki Ratkaisu-tilinsä.',
            'Asia, sen asiakirjat ja ratkaisut säilyvät ennallaan; tämän osapuolen viestit eivät enää tavoita ketään Ratkaisussa.',
          ],
        },
      },
    },
  },
  retentionWarning: {
    to: "every representative of each side, 90 days before a finished case's documents are deleted (docs/data-lifecycle.md)",
    values: (p) => ({ deleteAfter: calendarDate(p.deleteAfter), years: String(p.years) }),
    texts: {
      default: {
        en: {
          subject: '{{prefix}}: its documents will be deleted on {{deleteAfter}}',
          lines: [
            'The retention period of {{years}} years of the case {{caseRef}} ends. On {{deleteAfter}}',
            'Ratkaisu deletes its documents, work files and drafts. It keeps only a record that the case existed:',
            "its number, the parties' names and business IDs, how it ended, its dates and the award's SHA-256.",
            'Download what you need to keep from the case page before that date.',
          ],
          summary: "The case's documents will be deleted on {{deleteAfter}}: download what you need to keep.",
        },
        fi: {
          subject: '{{prefix}}: asiakirjat poistetaan {{deleteAfter}}',
          lines: [
            'Asian {{caseRef}} {{years}} vuoden säilytysaika päättyy. Ratkaisu poistaa {{deleteAfter}}',
            'asian asiakirjat, työtiedostot ja luonnokset. Asiasta säilytetään vain tieto sen olemassaolosta:',
            'asianumero, asianosaisten nimet ja y-tunnukset, ratkaisun laji, päivämäärät ja välitystuomion SHA-256.',
            'Lataa asian sivulta ennen tätä päivää se, mitä haluat säilyttää.',
          ],
          summary: 'Asian asiakirjat poistetaan {{deleteAfter}}: lataa talteen se, mitä tarvitset.',
        },
      },
    },
  },
};
