import {
  ARBITRATION_ACT_NAME,
  awardPeriodKinds,
  formatCalendarDate,
  OWN_INITIATIVE_PERIOD,
  periodSection,
  periodsInMail,
  RECEIPT_BUTTON,
  sectionLabel,
  setAsideRunsFromDecision,
  type DisplayLanguage,
} from '@ratkaisu/core';
import type { NoticeParams } from '../notice-params.js';
import { capital, oneLine, type NoticeTemplate, type NoticeTexts } from '../render-template.js';
import { DOCUMENT, otherSide, REQUEST, SIDE, sideValues } from './words.js';

/**
 * The notices after the award (Arbitration Act 967/1992 §§ 37–39): a signed document delivered, a request for a
 * correction, an interpretation or an additional award, and its later steps. The periods and sections are stated
 * in core/src/law/arbitration-act.ts's words, as the case page and the award state them.
 */

/** "Arbitration Act 967/1992 §§ 38–39" / "välimiesmenettelylaki 967/1992 38–39 §". */
function requestLaw(language: DisplayLanguage): string {
  return `${ARBITRATION_ACT_NAME[language]} ${periodSection('correction', language)}`;
}

/** A step of a request, framed as every step's mail is: the case named first, the step's lines, its summary. */
function step(
  en: { subject: string; lines: string[] },
  fi: { subject: string; lines: string[]; summary?: string },
): NoticeTexts {
  return {
    en: {
      // The wording of the former correctionStepMail, kept.
      subject: `Ratkaisu case {{caseNumber}}: ${en.subject}`,
      lines: ['In the case "{{caseName}}" ({{caseNumber}}):', '', ...en.lines, ''],
      summary: `${capital(en.subject)}.`,
    },
    fi: {
      subject: `{{prefix}}: ${fi.subject}`,
      lines: ['Asiassa {{caseRef}}:', '', ...fi.lines, ''],
      summary: fi.summary ?? `${capital(fi.subject)}.`,
    },
  };
}

const DELIVERED_RECEIPT = {
  en: 'On the case page, confirm that you have received it ("{{button}}"). Your acknowledgement, or',
  fi: 'Vahvistakaa asian sivulla, että olette vastaanottaneet sen ("{{button}}").',
} as const;

/** The body of the mail that delivers a signed award or a signed decision on a request: only the subject differs. */
const ISSUED = {
  en: {
    lines: [
      'The tribunal has signed and issued {{what}} in the case "{{caseName}}" ({{caseNumber}}).',
      '{{attached}}',
      '',
      DELIVERED_RECEIPT.en,
      'your first opening of the document there, is recorded as your receipt. The periods that run from receipt of',
      'the award are shown there as dates: {{periods}}.',
    ],
    summary: 'The tribunal has issued {{what}}; confirm that you have received it.',
  },
  fi: {
    lines: [
      'Välimiesoikeus on allekirjoittanut ja antanut {{what}} asiassa {{caseRef}}.',
      '{{attached}}',
      '',
      DELIVERED_RECEIPT.fi,
      'Vahvistuksenne tai ensimmäinen kerta, kun avaatte asiakirjan siellä, kirjataan vastaanotoksi. Vastaanotosta',
      'lasketut määräajat näkyvät siellä päivämäärinä: {{periods}}.',
    ],
    summary: 'Välimiesoikeus on antanut {{what}}; vahvistakaa vastaanottaminen.',
  },
};

export const CORRECTION_NOTICES: {
  tribunalDelivered: NoticeTemplate<NoticeParams['tribunalDelivered']>;
  correctionRequested: NoticeTemplate<NoticeParams['correctionRequested']>;
  correctionStep: NoticeTemplate<NoticeParams['correctionStep']>;
} = {
  tribunalDelivered: {
    to: "every representative of each side, the signed PDF attached (fallback: the case's language)",
    values: (p, language) => ({
      attached: p.fileName
        ? {
            en: `The signed PDF is attached to this mail (${p.fileName}); it is also on the case page.`,
            fi: `Allekirjoitettu PDF on tämän viestin liitteenä (${p.fileName}); se on myös asian sivulla.`,
          }[language]
        : { en: 'Download the signed PDF from the case page.', fi: 'Ladatkaa allekirjoitettu PDF asian sivulta.' }[
            language
          ],
      what: DOCUMENT[language][p.kind],
      request: p.kind === 'award' ? undefined : REQUEST[language][p.kind],
      button: RECEIPT_BUTTON[language][p.kind === 'award' ? 'award' : 'document'],
      periods: periodsInMail(awardPeriodKinds(p.fixesFees === true), language),
      requestLaw: requestLaw(language),
      requestSections: periodSection('correction', language),
      fromDecision: setAsideRunsFromDecision(language),
    }),
    variant: (p) => (p.rejection && p.kind !== 'award' ? 'rejection' : p.kind === 'award' ? 'award' : 'document'),
    texts: {
      award: {
        en: {
          subject: 'Ratkaisu case {{caseNumber}}: the arbitral award has been issued',
          ...ISSUED.en,
        },
        fi: {
          subject: '{{prefix}}: välitystuomio on annettu',
          ...ISSUED.fi,
        },
      },
      document: {
        en: {
          subject: 'Ratkaisu case {{caseNumber}}: the tribunal has issued {{what}}',
          ...ISSUED.en,
        },
        fi: {
          subject: '{{prefix}}: välimiesoikeus on antanut {{what}}',
          ...ISSUED.fi,
        },
      },
      // The tribunal's decision rejecting a request: § 41(3) runs the three months from its receipt.
      rejection: {
        en: {
          subject: "Ratkaisu case {{caseNumber}}: the tribunal's decision on the request for {{request}}",
          lines: [
            'The tribunal has signed and issued its decision in the case "{{caseName}}" ({{caseNumber}})',
            'rejecting the request for {{request}}, with its reasons. The award stands as issued.',
            '{{attached}}',
            '',
            'On the case page, confirm that you have received it. Because a request under {{requestLaw}}',
            'was made, {{fromDecision}}.',
          ],
          summary: 'The tribunal rejected the request for {{request}}; confirm that you have received its decision.',
        },
        fi: {
          subject: '{{prefix}}: välimiesoikeuden päätös pyyntöön ({{request}})',
          lines: [
            'Välimiesoikeus on allekirjoittanut ja antanut asiassa {{caseRef}} perustellun päätöksen, jolla se hylkää',
            'pyynnön ({{request}}). Välitystuomio pysyy sellaisena kuin se annettiin.',
            '{{attached}}',
            '',
            'Vahvistakaa asian sivulla, että olette vastaanottaneet sen. Koska välimiesmenettelylain 967/1992',
            '{{requestSections}}:n mukainen pyyntö tehtiin, {{fromDecision}}.',
          ],
          summary: 'Välimiesoikeus hylkäsi pyynnön ({{request}}); vahvistakaa päätöksen vastaanottaminen.',
        },
      },
    },
  },
  correctionRequested: {
    to: "the other side's representatives and the seated tribunal",
    values: (p, language) => ({
      ...sideValues('side', p.side, language),
      request: REQUEST[language][p.kind],
      requestLaw: requestLaw(language),
      text: p.text,
      commentUntil: formatCalendarDate(p.commentUntil),
    }),
    variant: (p) => p.audience,
    texts: {
      otherParty: {
        en: {
          subject: 'Ratkaisu case {{caseNumber}}: the {{side}} requests {{request}}',
          lines: [
            'In the case "{{caseName}}" ({{caseNumber}}) the {{side}} has asked the tribunal for {{request}} ({{requestLaw}}):',
            '',
            '{{text}}',
            '',
            'You may comment on the request on the case page until {{commentUntil}}.',
          ],
          summary: 'The {{side}} requests {{request}}.',
        },
        fi: {
          subject: '{{prefix}}: {{side}} pyytää {{request}}',
          lines: [
            '{{Side}} on pyytänyt asiassa {{caseRef}} välimiesoikeudelta {{request}} ({{requestLaw}}):',
            '',
            '{{text}}',
            '',
            'Voitte lausua pyynnöstä asian sivulla {{commentUntil}} asti.',
          ],
          summary: '{{Side}} pyytää {{request}}.',
        },
      },
      tribunal: {
        en: {
          subject: 'Ratkaisu case {{caseNumber}}: the {{side}} requests {{request}}',
          lines: [
            'In the case "{{caseName}}" ({{caseNumber}}) the {{side}} has asked the tribunal for {{request}} ({{requestLaw}}):',
            '',
            '{{text}}',
            '',
            'The other party may comment until {{commentUntil}}; the tribunal then decides on the case page.',
          ],
          summary: 'The {{side}} requests {{request}}.',
        },
        fi: {
          subject: '{{prefix}}: {{side}} pyytää {{request}}',
          lines: [
            '{{Side}} on pyytänyt asiassa {{caseRef}} välimiesoikeudelta {{request}} ({{requestLaw}}):',
            '',
            '{{text}}',
            '',
            'Vastapuoli voi lausua {{commentUntil}} asti; sen jälkeen välimiesoikeus ratkaisee pyynnön asian sivulla.',
          ],
          summary: '{{Side}} pyytää {{request}}.',
        },
      },
    },
  },
  correctionStep: {
    to: 'a comment: the requesting side and the tribunal; a period, grant, rejection or own-initiative correction: both sides; awaiting signature: the other members',
    values: (p, language) => {
      const request = 'kind' in p && p.kind ? REQUEST[language][p.kind] : undefined;
      const requestSide = 'requestSide' in p ? SIDE[language][p.requestSide] : undefined;
      return {
        request,
        requestSide,
        // "kantajan pyyntöön (…)" and "kantajan pyyntöä (…)": what the Finnish comment and period refer to.
        requestTo: requestSide && request ? `${requestSide}n pyyntöön (${request})` : undefined,
        requestOf: requestSide && request ? `${requestSide}n pyyntöä (${request})` : undefined,
        other: 'requestSide' in p ? SIDE[language][otherSide(p.requestSide)] : undefined,
        ...('by' in p ? sideValues('by', p.by, language) : {}),
        text: 'text' in p ? p.text : undefined,
        reasons: 'reasons' in p ? p.reasons : undefined,
        commentUntil: 'commentUntil' in p ? formatCalendarDate(p.commentUntil) : undefined,
        chairName: 'chairName' in p ? oneLine(p.chairName) : undefined,
        fromDecision: capital(setAsideRunsFromDecision(language, { withAct: true, decision: 'that' })),
        ownInitiativeLaw: `${ARBITRATION_ACT_NAME[language]} ${sectionLabel(OWN_INITIATIVE_PERIOD.sections, language)}`,
        requestSections: periodSection('correction', language),
      };
    },
    variant: (p) => (p.step === 'awaitsSignature' && !p.kind ? 'correctionAwaitsSignature' : p.step),
    texts: {
      commented: step(
        {
          subject: 'the {{by}} has commented on the request for {{request}}',
          lines: [
            "The {{by}} has commented on the {{requestSide}}'s request for {{request}}:",
            '',
            '{{text}}',
            '',
            'The period for comments ends on {{commentUntil}}; the tribunal then decides.',
          ],
        },
        {
          subject: '{{by}} on lausunut pyynnöstä',
          summary: '{{By}} on lausunut pyynnöstä.',
          lines: [
            '{{By}} on lausunut {{requestTo}}:',
            '',
            '{{text}}',
            '',
            'Lausumien määräaika päättyy {{commentUntil}}; sen jälkeen välimiesoikeus ratkaisee pyynnön.',
          ],
        },
      ),
      periodSet: step(
        {
          subject: 'the period for comments on a request has been set',
          lines: [
            "The tribunal has set the period for comments on the {{requestSide}}'s request for {{request}}:",
            'the {{other}} may comment until {{commentUntil}}.',
          ],
        },
        {
          subject: 'pyyntöä koskevien lausumien määräaika on asetettu',
          lines: [
            'Välimiesoikeus on asettanut määräajan lausumille, jotka koskevat {{requestOf}}:',
            '{{other}} voi lausua {{commentUntil}} asti.',
          ],
        },
      ),
      granted: step(
        {
          subject: 'the tribunal has granted a request for {{request}}',
          lines: [
            "The tribunal has granted the {{requestSide}}'s request for {{request}}.",
            'Its decision is a document of its own that refers to the award (the award itself does not change); it will be',
            'mailed to you with the signed PDF once the tribunal has signed it.',
          ],
        },
        {
          subject: 'välimiesoikeus on hyväksynyt pyynnön',
          lines: [
            'Välimiesoikeus on hyväksynyt {{requestSide}}n pyynnön ({{request}}).',
            'Päätös on oma asiakirjansa, joka viittaa välitystuomioon (välitystuomio itse ei muutu); se lähetetään teille',
            'allekirjoitettuna PDF:nä, kun välimiesoikeus on allekirjoittanut sen.',
          ],
        },
      ),
      rejected: step(
        {
          subject: 'the tribunal has rejected a request for {{request}}',
          lines: [
            "The tribunal has rejected the {{requestSide}}'s request for {{request}}. Its reasons:",
            '',
            '{{reasons}}',
            '',
            'The decision is a document of its own that refers to the award (the award itself does not change); it will be',
            'mailed to you with the signed PDF once the tribunal has signed it. {{fromDecision}}.',
          ],
        },
        {
          subject: 'välimiesoikeus on hylännyt pyynnön',
          lines: [
            'Välimiesoikeus on hylännyt {{requestSide}}n pyynnön ({{request}}). Perustelut:',
            '',
            '{{reasons}}',
            '',
            'Päätös on oma asiakirjansa, joka viittaa välitystuomioon (välitystuomio itse ei muutu); se lähetetään teille',
            'allekirjoitettuna PDF:nä, kun välimiesoikeus on allekirjoittanut sen. {{fromDecision}}.',
          ],
        },
      ),
      ownInitiative: step(
        {
          subject: 'the tribunal corrects the award on its own initiative',
          lines: [
            'The tribunal has decided to correct a clerical or calculation error in the award on its own initiative',
            '({{ownInitiativeLaw}}). The correction is a document of its own that refers to the award (the award',
            'itself does not change); it will be mailed to you with the signed PDF once the tribunal has signed it.',
          ],
        },
        {
          subject: 'välimiesoikeus korjaa välitystuomiota omasta aloitteestaan',
          lines: [
            'Välimiesoikeus on päättänyt korjata välitystuomiossa olevan kirjoitus- tai laskuvirheen omasta aloitteestaan',
            '({{ownInitiativeLaw}}). Korjaus on oma asiakirjansa, joka viittaa välitystuomioon (välitystuomio',
            'itse ei muutu); se lähetetään teille allekirjoitettuna PDF:nä, kun välimiesoikeus on allekirjoittanut sen.',
          ],
        },
      ),
      awaitsSignature: step(
        {
          subject: 'a decision under {{requestSections}} awaits your signature',
          lines: [
            "{{chairName}} has adopted the tribunal's decision on the request for {{request}}. Sign it on the case page.",
          ],
        },
        {
          subject: '{{requestSections}}:n mukainen päätös odottaa allekirjoitustanne',
          lines: [
            '{{chairName}} on hyväksynyt välimiesoikeuden päätöksen pyyntöön ({{request}}). Allekirjoittakaa se asian sivulla.',
          ],
        },
      ),
      correctionAwaitsSignature: step(
        {
          subject: 'a correction of the award awaits your signature',
          lines: ['{{chairName}} has adopted a correction of the award. Sign it on the case page.'],
        },
        {
          subject: 'välitystuomion korjaus odottaa allekirjoitustanne',
          lines: ['{{chairName}} on hyväksynyt välitystuomion korjauksen. Allekirjoittakaa se asian sivulla.'],
        },
      ),
    },
  },
};
