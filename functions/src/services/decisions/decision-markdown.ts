import { DEFAULT_CHAPTER_HEADINGS } from '@ratkaisu/core';
import type { UnverifiedCitation } from './check-citations.js';
import type { DecisionParty } from './decision-prompt.js';

export interface DecisionDocumentRow {
  code: string;
  phase?: string;
  fileName: string;
  pages: number;
  /** What the reader should know about the file: unreadable, pages without text. */
  note?: string;
}

export interface DecisionMarkdownInput {
  caseName: string;
  claimant?: DecisionParty;
  respondent?: DecisionParty;
  /** The award's date (its day in Helsinki). */
  date: Date;
  chapters: readonly string[];
  documents: readonly DecisionDocumentRow[];
  /** How the draft was made, for the statement on AI. */
  production: {
    offline: boolean;
    model: string;
    sampling?: { temperature: number; top_p: number };
    condensed: boolean;
  };
  unverified: readonly UnverifiedCitation[];
  checkedCitations: number;
}

/** Where the award is given (the seat of arbitration, SPEC.md: Helsinki courts, Finnish law); the signature line inflects it. */
export const DECISION_PLACE = 'Helsinki';

/**
 * The arbitral award as Markdown, for renderMarkdownPdf: the title, the case
 * and the parties with their representatives, date and place, the seven
 * chapters under their headings, the documents considered, a statement that
 * the draft was produced with AI (the model and its settings), the signature
 * block that the Arbitration Act (967/1992) § 36 requires — a written award,
 * signed by the arbitrators, stating its date and place — and an appendix
 * listing every citation that could not be verified against the case file.
 */
export function decisionMarkdown(input: DecisionMarkdownInput): string {
  const date = finnishDate(input.date);
  const out: string[] = [
    '# VÄLITYSTUOMIO',
    '*Luonnos — tekoälyn laatima, välimiehen tarkastettava ja allekirjoitettava*',
  ];
  out.push(
    [
      `**Asia:** ${inline(input.caseName)}`,
      `**Antopäivä ja -paikka:** ${DECISION_PLACE}, ${date}`,
      `**Sovellettava laki:** Suomen laki; välimiesmenettely (laki välimiesmenettelystä 967/1992)`,
    ].join('  \n'),
  );
  if (input.claimant || input.respondent) {
    out.push('## Asianosaiset');
    if (input.claimant) out.push(partyBlock('Kantaja', input.claimant));
    if (input.respondent) out.push(partyBlock('Vastaaja', input.respondent));
  }
  if (input.production.offline) {
    out.push(
      '> **Huom:** Tämä luonnos on tuotettu ilman kielimallia (offline-tila). Se on koottu poimimalla lauseita ' +
        'asiakirja-aineistosta eikä sisällä oikeudellista arviointia.',
    );
  }

  input.chapters.forEach((text, index) => {
    out.push(`## ${index + 1}. ${DEFAULT_CHAPTER_HEADINGS[index]}`, demoteHeadings(text));
  });

  out.push('## Käsitellyt asiakirjat');
  if (input.documents.length === 0) {
    out.push('_Ei asiakirjoja._');
  } else {
    const withPhase = input.documents.some((document) => document.phase);
    const header = withPhase ? '| Tunnus | Vaihe | Tiedosto | Sivuja |' : '| Tunnus | Tiedosto | Sivuja |';
    const rule = withPhase ? '|---|---|---|---:|' : '|---|---|---:|';
    const rows = input.documents.map((document) =>
      withPhase
        ? `| ${document.code} | ${cell(document.phase ?? '')} | ${cell(document.fileName)} | ${pagesCell(document)} |`
        : `| ${document.code} | ${cell(document.fileName)} | ${pagesCell(document)} |`,
    );
    out.push([header, rule, ...rows].join('\n'));
  }

  out.push('## Tekoälyn käyttö', productionStatement(input));

  out.push(
    '## Allekirjoitukset',
    `Helsingissä ${date}`,
    ['\\_'.repeat(40), 'Välimies (allekirjoitus ja nimenselvennys)'].join('  \n'),
    ['\\_'.repeat(40), 'Välimies (allekirjoitus ja nimenselvennys)'].join('  \n'),
    ['\\_'.repeat(40), 'Välimiesoikeuden puheenjohtaja (allekirjoitus ja nimenselvennys)'].join('  \n'),
    '*Välimiesmenettelystä annetun lain (967/1992) 36 §:n mukaan välitystuomio on annettava kirjallisesti ja ' +
      'välimiesten on allekirjoitettava se; tuomiossa on mainittava sen antopäivä ja -paikka. Yhden välimiehen ' +
      'menettelyssä riittää yksi allekirjoitus.*',
  );

  out.push('## Liite: Tarkistamattomat viittaukset');
  if (input.unverified.length === 0) {
    out.push(
      `Kaikki ${input.checkedCitations} viittausta tarkistettiin asiakirja-aineistoa vasten; ` +
        'tarkistamattomia viittauksia ei ole.',
    );
  } else {
    out.push(
      `Seuraavia viittauksia (${input.unverified.length}/${input.checkedCitations}) ei voitu varmentaa ` +
        'asiakirja-aineistosta. Niihin perustuvat kohdat on tarkistettava ennen tuomion antamista.',
      [
        '| Luku | Viite | Syy |',
        '|---:|---|---|',
        ...input.unverified.map(
          (item) =>
            `| ${item.chapter} | ${cell(item.reference)} | ${cell(item.quote ? `${item.reason} ”${item.quote}”` : item.reason)} |`,
        ),
      ].join('\n'),
    );
  }
  return `${out.join('\n\n')}\n`;
}

function productionStatement(input: DecisionMarkdownInput): string {
  const { production } = input;
  const parts: string[] = [];
  if (production.offline) {
    parts.push(
      'Luonnos on laadittu Ratkaisu-palvelussa ilman kielimallia (offline-tila, poimiva menetelmä): sen luvut ' +
        'koostuvat asiakirjoista poimituista lauseista viitteineen.',
    );
  } else {
    parts.push(
      `Luonnos on laadittu Ratkaisu-palvelussa tekoälyn avulla. Kielimalli: ${inline(production.model)}. ` +
        (production.sampling
          ? `Asetukset: temperature ${production.sampling.temperature}, top_p ${production.sampling.top_p}.`
          : 'Malli ei hyväksy temperature- ja top_p-asetuksia, joten se käytti oletusarvojaan.'),
    );
  }
  if (production.condensed) {
    parts.push(
      'Aineisto oli liian laaja käsiteltäväksi kerralla, joten se tiivistettiin ensin asiakirjoittain; ' +
        'viitteet osoittavat alkuperäisten asiakirjojen sivuihin.',
    );
  }
  parts.push(
    'Jokainen viite on tarkistettu koneellisesti asiakirja-aineistoa vasten (ks. liite). Luonnos ei ole ' +
      'välitystuomio ennen kuin välimies on tarkastanut sen ja allekirjoittanut sen.',
  );
  return parts.join(' ');
}

function partyBlock(role: string, party: DecisionParty): string {
  const lines = [`**${role}:** ${inline(party.name || '—')}`];
  if (party.identificationNumber) lines.push(`Y-tunnus / henkilötunnus: ${inline(party.identificationNumber)}`);
  if (party.address) lines.push(`Osoite: ${inline(party.address)}`);
  if (party.email) lines.push(`Asiamies (edustajan sähköposti): ${inline(party.email)}`);
  return lines.join('  \n');
}

/**
 * A chapter's own headings go below the chapter's (level 2): `#` and `##`
 * become `###`, and a heading repeating the chapter's title at the very top
 * is dropped (callers strip it; this is the safety net for nested ones).
 */
function demoteHeadings(text: string): string {
  return text.replace(/^(\s{0,3})(#{1,2})(\s)/gmu, '$1###$3');
}

function finnishDate(date: Date): string {
  return new Intl.DateTimeFormat('fi-FI', { timeZone: 'Europe/Helsinki', dateStyle: 'long' }).format(date);
}

/** Text from the case (names, file names) placed into Markdown: its own markup must not take effect. */
function inline(text: string): string {
  return text.replace(/([\\`*_[\]<>|#])/g, '\\$1').replace(/\s+/g, ' ');
}

function pagesCell(document: DecisionDocumentRow): string {
  return document.note ? `${document.pages} (${cell(document.note)})` : String(document.pages);
}

function cell(text: string): string {
  return inline(text);
}
