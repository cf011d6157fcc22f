import { formatMailDateTime, type DisplayLanguage } from '@ratkaisu/core';
import type { NoticeParams, Side } from '../notice-params.js';
import { capital, oneLine, type NoticeTemplate } from '../render-template.js';
import { SIDE, sideValues, versionText } from './words.js';

/** The AI decision's notices: requested, ready, accepted by one side, resolved, an acceptance lapsed. */

/** "The claimant (Maija Meikäläinen)" / "Kantaja (Maija Meikäläinen)". */
function by(input: { bySide: Side; byName: string }, language: DisplayLanguage): string {
  const side = language === 'fi' ? capital(SIDE.fi[input.bySide]) : `The ${SIDE.en[input.bySide]}`;
  return `${side} (${oneLine(input.byName)})`;
}

export const DECISION_NOTICES: {
  decisionRequested: NoticeTemplate<NoticeParams['decisionRequested']>;
  decisionReady: NoticeTemplate<NoticeParams['decisionReady']>;
  otherPartyAccepted: NoticeTemplate<NoticeParams['otherPartyAccepted']>;
  caseResolved: NoticeTemplate<NoticeParams['caseResolved']>;
  acceptanceLapsed: NoticeTemplate<NoticeParams['acceptanceLapsed']>;
} = {
  decisionRequested: {
    to: 'the other party',
    values: (p, language) => ({ by: by(p, language) }),
    texts: {
      default: {
        en: {
          // The wording of the former decision-mails.ts, kept.
          subject: 'Ratkaisu case "{{caseName}}": an AI decision was requested',
          lines: [
            '{{by}} asked the AI to draft a decision in the case "{{caseName}}".',
            'The settings used (instructions, chapter prompts, temperature, top_p) can be read on the decision card.',
            'An AI decision is not an arbitral award: it resolves the case only if both parties accept it; either party',
            'may request an arbitrator instead.',
          ],
          summary: '{{by}} asked the AI to draft a decision.',
        },
        fi: {
          subject: '{{prefix}}: tekoälyn ratkaisuehdotusta pyydettiin',
          lines: [
            '{{by}} pyysi tekoälyä laatimaan ratkaisuehdotuksen asiassa {{caseRef}}.',
            'Käytetyt asetukset (ohjeet, lukujen kehotteet, temperature, top_p) näkyvät ratkaisukortilla.',
            'Tekoälyn ratkaisuehdotus ei ole välitystuomio: se ratkaisee asian vain, jos molemmat asianosaiset',
            'hyväksyvät sen; kumpi tahansa asianosainen voi sen sijaan pyytää välimiestä.',
          ],
          summary: '{{by}} pyysi tekoälyä laatimaan ratkaisuehdotuksen.',
        },
      },
    },
  },
  decisionReady: {
    to: "both parties' representatives",
    values: (p, language) => ({ version: versionText(p.version, language) }),
    texts: {
      default: {
        en: {
          subject: '{{prefix}}: the AI decision{{version}} is ready',
          lines: [
            'The AI decision{{version}} in the case {{caseRef}} is ready to read.',
            'Open it on the case page and decide whether to accept it. It resolves the case only if both parties',
            'accept the same version; either party may ask for a new version or request an arbitrator instead.',
          ],
          summary: 'The AI decision{{version}} is ready to read.',
        },
        fi: {
          subject: '{{prefix}}: tekoälyn ratkaisuehdotus{{version}} on valmis',
          lines: [
            'Tekoälyn ratkaisuehdotus{{version}} asiassa {{caseRef}} on valmis luettavaksi.',
            'Avatkaa se asian sivulla ja päättäkää, hyväksyttekö sen. Se ratkaisee asian vain, jos molemmat',
            'asianosaiset hyväksyvät saman version; kumpi tahansa voi pyytää uuden version tai välimiestä.',
          ],
          summary: 'Tekoälyn ratkaisuehdotus{{version}} on valmis luettavaksi.',
        },
      },
    },
  },
  otherPartyAccepted: {
    to: "the other side's representatives",
    values: (p, language) => ({ ...sideValues('side', p.side, language), version: versionText(p.version, language) }),
    texts: {
      default: {
        en: {
          subject: '{{prefix}}: the {{side}} accepted the AI decision — your turn',
          lines: [
            'The {{side}} accepted the AI decision{{version}} in the case {{caseRef}}.',
            'It is now your turn: open that version on the case page and decide whether to accept it. If you accept',
            'it too, the case is resolved by it; you may instead ask for a new version or request an arbitrator.',
          ],
          summary: 'The {{side}} accepted the AI decision{{version}}. Your turn.',
        },
        fi: {
          subject: '{{prefix}}: {{side}} hyväksyi ratkaisuehdotuksen — teidän vuoronne',
          lines: [
            '{{Side}} hyväksyi tekoälyn ratkaisuehdotuksen{{version}} asiassa {{caseRef}}.',
            'Nyt on teidän vuoronne: avatkaa sama versio asian sivulla ja päättäkää, hyväksyttekö sen. Jos',
            'hyväksytte sen myös, asia ratkeaa sen mukaisesti; voitte myös pyytää uuden version tai välimiestä.',
          ],
          summary: '{{Side}} hyväksyi ratkaisuehdotuksen{{version}}. Teidän vuoronne.',
        },
      },
    },
  },
  caseResolved: {
    to: "both parties' representatives",
    values: (p, language) => ({ version: versionText(p.version, language) }),
    texts: {
      default: {
        en: {
          subject: '{{prefix}}: the case is resolved',
          lines: [
            'Both parties accepted the AI decision{{version}} in the case {{caseRef}}.',
            'The case is resolved by it and is final. The accepted decision, sealed by the service so either party can',
            'show it unchanged, is on the case page.',
          ],
          summary: 'The case is resolved: both parties accepted the AI decision{{version}}.',
        },
        fi: {
          subject: '{{prefix}}: asia on ratkennut',
          lines: [
            'Molemmat asianosaiset hyväksyivät tekoälyn ratkaisuehdotuksen{{version}} asiassa {{caseRef}}.',
            'Asia on ratkennut sen mukaisesti ja on lopullinen. Hyväksytty ratkaisu on palvelun sinetöimä, joten',
            'kumpi tahansa asianosainen voi esittää sen muuttumattomana; se on asian sivulla.',
          ],
          summary: 'Asia on ratkennut: molemmat asianosaiset hyväksyivät ratkaisuehdotuksen{{version}}.',
        },
      },
    },
  },
  acceptanceLapsed: {
    to: 'the other party',
    values: (p, language) => ({
      by: by(p, language),
      number: p.version !== undefined ? ` ${p.version}` : '',
      acceptedAt: formatMailDateTime(p.acceptedAt, language),
    }),
    texts: {
      default: {
        en: {
          subject: '{{prefix}}: your acceptance of the AI decision lapsed',
          lines: [
            'You accepted version{{number}} of the AI decision in the case {{caseRef}} on {{acceptedAt}}.',
            '{{by}} has since asked the AI for a new version, before both parties had accepted. Your',
            'acceptance has therefore lapsed: it no longer binds you, and the case is not resolved.',
            'When the new version is ready, open it and decide again whether to accept it. The earlier versions stay',
            'readable on the case page, numbered, with who generated them and when.',
          ],
          summary: 'Your acceptance of version{{number}} lapsed: a new version was asked for.',
        },
        fi: {
          subject: '{{prefix}}: hyväksyntänne raukesi',
          lines: [
            'Hyväksyitte tekoälyn ratkaisuehdotuksen version{{number}} asiassa {{caseRef}} {{acceptedAt}}.',
            '{{by}} on sen jälkeen pyytänyt uuden version ennen kuin molemmat asianosaiset olivat',
            'hyväksyneet ehdotuksen. Hyväksyntänne on siksi rauennut: se ei enää sido teitä, eikä asia ole ratkennut.',
            'Kun uusi versio on valmis, avatkaa se ja päättäkää uudelleen, hyväksyttekö sen. Aiemmat versiot ovat',
            'edelleen luettavissa asian sivulla numeroituina, ja niissä näkyy, kuka ne pyysi ja milloin.',
          ],
          summary: 'Hyväksyntänne (versio{{number}}) raukesi: uutta versiota pyydettiin.',
        },
      },
    },
  },
};
