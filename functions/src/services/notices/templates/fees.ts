import { formatDisplayDateTime, type DisplayLanguage } from '@ratkaisu/core';
import type { NoticeParams, Side } from '../notice-params.js';
import { capital, type NoticeTemplate } from '../render-template.js';

/**
 * The tribunal's fees (docs/fees.md "The tribunal's advance"): a reminder before a tribunal request lapses for an
 * unpaid fee, the lapse itself, a share of the advance paid by the other party, and the advance brought to a sole
 * arbitrator's when three were asked for and the tribunal ends up one.
 */

type Unpaid = 'administrativeFee' | Side;

const UNPAID: Record<DisplayLanguage, Record<Unpaid, string>> = {
  en: {
    administrativeFee: 'the administrative fee',
    claimant: "the claimant's share of the advance on the arbitrators' fees",
    respondent: "the respondent's share of the advance on the arbitrators' fees",
  },
  fi: {
    administrativeFee: 'hallinnointimaksu',
    claimant: 'kantajan osuus välimiesten palkkioiden ennakosta',
    respondent: 'vastaajan osuus välimiesten palkkioiden ennakosta',
  },
};

const SIDE: Record<DisplayLanguage, Record<Side, string>> = {
  en: { claimant: 'claimant', respondent: 'respondent' },
  fi: { claimant: 'kantaja', respondent: 'vastaaja' },
};

function list(items: readonly Unpaid[], language: DisplayLanguage): string {
  const words = items.map((item) => UNPAID[language][item]);
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${language === 'fi' ? 'ja' : 'and'} ${words.at(-1)}`;
}

const other = (side: Side): Side => (side === 'claimant' ? 'respondent' : 'claimant');

export const FEE_NOTICES: { tribunalFees: NoticeTemplate<NoticeParams['tribunalFees']> } = {
  tribunalFees: {
    to: "both parties' representatives: a tribunal request's unpaid fees reminded before their pay-by date, the request lapsed, a share of the advance paid by the other party (docs/fees.md \"The tribunal's advance\")",
    variant: (p) => p.kind,
    values: (p, language) => {
      switch (p.kind) {
        case 'reminder':
          return { unpaid: list(p.unpaid, language), dueBy: formatDisplayDateTime(p.dueBy, language) };
        case 'lapsed':
          return { unpaid: list(p.unpaid, language), credited: p.credited ? 'yes' : undefined };
        case 'advanceResized':
          return { credited: p.credited ? 'yes' : undefined };
        case 'sharePaidByOther':
          return {
            bySide: SIDE[language][p.bySide],
            BySide: capital(SIDE[language][p.bySide]),
            otherSide: SIDE[language][other(p.bySide)],
          };
      }
    },
    texts: {
      reminder: {
        en: {
          subject: '{{prefix}}: the tribunal’s fees fall due soon',
          lines: [
            'Of the request for a tribunal, {{unpaid}} is still unpaid; it is due by {{dueBy}}.',
            'Unless it is paid by then, the request lapses and the case returns to where it was before it. The other party may pay a missing share.',
          ],
          action: 'Pay on the case page:',
        },
        fi: {
          subject: '{{prefix}}: välimiesoikeuden maksut erääntyvät pian',
          lines: [
            'Välimiesoikeutta koskevasta pyynnöstä on maksamatta {{unpaid}}; eräpäivä on {{dueBy}}.',
            'Ellei maksua suoriteta siihen mennessä, pyyntö raukeaa ja asia palaa vaiheeseen, jossa se oli ennen pyyntöä. Toinen osapuoli voi maksaa puuttuvan osuuden.',
          ],
          action: 'Maksa asian sivulla:',
        },
      },
      lapsed: {
        en: {
          subject: '{{prefix}}: the request for a tribunal has lapsed',
          lines: [
            'The request for a tribunal has lapsed: {{unpaid}} was not paid within the period.',
            'The case is back where it was before the request; no arbitrators are appointed.',
            {
              if: 'credited',
              lines: ['What was paid is credited: the payer receives a credit note by separate mail.'],
            },
          ],
          action: 'The case:',
        },
        fi: {
          subject: '{{prefix}}: välimiesoikeutta koskeva pyyntö raukesi',
          lines: [
            'Välimiesoikeutta koskeva pyyntö raukesi, koska {{unpaid}} jäi maksamatta määräajassa.',
            'Asia palasi vaiheeseen, jossa se oli ennen pyyntöä; välimiehiä ei nimitetä.',
            { if: 'credited', lines: ['Maksetut osuudet hyvitetään: hyvityslasku lähetetään maksajalle erikseen.'] },
          ],
          action: 'Asia:',
        },
      },
      advanceResized: {
        en: {
          subject: '{{prefix}}: the advance is now a sole arbitrator’s',
          lines: [
            'The tribunal will be a sole arbitrator, not three: each share of the advance on the arbitrators’ fees is now a sole arbitrator’s.',
            'A share not yet paid asks for the new amount.',
            {
              if: 'credited',
              lines: ['What was paid beyond it is credited: the payer receives a credit note by separate mail.'],
            },
          ],
          action: 'The case:',
        },
        fi: {
          subject: '{{prefix}}: ennakko on nyt yhden välimiehen',
          lines: [
            'Välimiesoikeuteen tulee yksi välimies eikä kolme: kummankin osapuolen osuus välimiesten palkkioiden ennakosta on nyt yhden välimiehen mukainen.',
            'Maksamaton osuus pyytää uutta määrää.',
            {
              if: 'credited',
              lines: ['Sen ylittävä maksettu osa hyvitetään: hyvityslasku lähetetään maksajalle erikseen.'],
            },
          ],
          action: 'Asia:',
        },
      },
      sharePaidByOther: {
        en: {
          subject: '{{prefix}}: the other party pays a share of the advance',
          lines: [
            "The {{bySide}} is paying the {{otherSide}}'s share of the advance on the arbitrators' fees.",
            'The receipt is issued to the payer.',
          ],
          action: 'The case:',
        },
        fi: {
          subject: '{{prefix}}: toinen osapuoli maksaa osuuden ennakosta',
          lines: [
            '{{BySide}} maksaa {{otherSide}}n osuuden välimiesten palkkioiden ennakosta.',
            'Kuitti annetaan maksajalle.',
          ],
          action: 'Asia:',
        },
      },
    },
  },
};
