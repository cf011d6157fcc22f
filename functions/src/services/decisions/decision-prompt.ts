import { DEFAULT_CHAPTER_HEADINGS } from '@ratkaisu/core';
import type { ChatMessage } from '../../ports/model.js';

export interface DecisionParty {
  name: string;
  identificationNumber?: string;
  address?: string;
  email?: string;
}

export interface DecisionCaseHeader {
  caseName: string;
  claimant?: DecisionParty;
  respondent?: DecisionParty;
}

/** Rules every chapter call carries after the user's instructions: how to answer, not what to decide. */
const ANSWER_RULES = [
  'Vastaa markdown-muodossa. Kirjoita vain pyydetyn luvun sisältö ilman luvun otsikkoa ja ilman johdantoa tai loppukommentteja; alaotsikot (###) ovat sallittuja.',
  'Merkitse viitteet täsmälleen aineiston muodossa hakasulkeisiin, esimerkiksi [K1 s.3] tai [K1 s.3–4; V2 s.1]. Lainaukset kirjoitetaan lainausmerkkeihin ”näin” ja niiden perään viite.',
  'Sivu, jonka viitteessä on merkintä OCR (esimerkiksi [K3 s.2, OCR]), on luettu skannatusta kuvasta tekstintunnistuksella; viittaa siihen ilman merkintää, esimerkiksi [K3 s.2].',
].join('\n');

/**
 * The messages of one chapter call. Every call of a decision starts with the
 * same messages — the instructions, then the parties and the whole case file
 * — so that the endpoint's prompt cache serves that prefix after the first
 * call; what differs comes last: the chapters already written (second round
 * only, as the assistant's own earlier answer) and the chapter's prompt.
 */
export function chapterMessages(input: {
  instructions: string;
  header: DecisionCaseHeader;
  material: string;
  /** The material is a dossier condensed from the case file, not the case file itself. */
  condensed: boolean;
  chapterIndex: number;
  prompt: string;
  earlier?: readonly string[];
}): ChatMessage[] {
  const messages: ChatMessage[] = [
    { role: 'system', content: `${input.instructions.trim()}\n\n${ANSWER_RULES}` },
    { role: 'user', content: caseFileMessage(input.header, input.material, input.condensed) },
  ];
  if (input.earlier && input.earlier.length > 0) {
    messages.push({
      role: 'assistant',
      content: input.earlier
        .map((text, index) => `## ${index + 1}. ${DEFAULT_CHAPTER_HEADINGS[index]}\n\n${text.trim()}`)
        .join('\n\n'),
    });
  }
  const number = input.chapterIndex + 1;
  messages.push({
    role: 'user',
    content:
      `Kirjoita seuraavaksi välitystuomion luku ${number}:\n\n` +
      `## ${number}. ${DEFAULT_CHAPTER_HEADINGS[input.chapterIndex]}\n\n${input.prompt.trim()}`,
  });
  return messages;
}

/** The shared second message: the case's particulars and its material. */
export function caseFileMessage(header: DecisionCaseHeader, material: string, condensed: boolean): string {
  const lines = ['Ratkaistava asia:', `- Asian nimi: ${header.caseName}`];
  if (header.claimant) lines.push(`- Kantaja: ${describeParty(header.claimant)}`);
  if (header.respondent) lines.push(`- Vastaaja: ${describeParty(header.respondent)}`);
  lines.push(
    '',
    condensed
      ? 'Asiakirja-aineisto on liian laaja annettavaksi sellaisenaan, joten se on tiivistetty asiakirjoittain. ' +
          'Tiivistelmien viitteet osoittavat alkuperäisten asiakirjojen sivuihin, ja niihin on viitattava samoin.'
      : 'Asiakirja-aineisto kokonaisuudessaan, jokainen sivu viitteineen:',
    '',
    material,
  );
  return lines.join('\n');
}

export function describeParty(party: DecisionParty): string {
  const parts = [party.name || 'nimi ei tiedossa'];
  if (party.identificationNumber) parts.push(`Y-tunnus/henkilötunnus ${party.identificationNumber}`);
  if (party.address) parts.push(party.address);
  if (party.email) parts.push(`edustajan sähköposti ${party.email}`);
  return parts.join(', ');
}

/** The messages that condense one document (or a run of its pages) into the dossier. */
export function condenseMessages(input: {
  header: DecisionCaseHeader;
  documentText: string;
  code: string;
  fileName: string;
  targetWords: number;
}): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        'Olet välimiehen avustaja. Tiivistät riita-asian asiakirjan välimiehen käyttöön. Säilytä kaikki ratkaisun ' +
        'kannalta olennaiset tosiseikat, vaatimukset, rahamäärät, päivämäärät, sopimusehdot ja kannanotot. ' +
        'Merkitse jokaisen tiedon perään sen sivun viite täsmälleen aineiston muodossa, esimerkiksi [K1 s.3]. ' +
        'Lainaa ratkaisevat kohdat sanatarkasti lainausmerkeissä ”näin” viitteineen. Älä lisää mitään, mitä ' +
        'asiakirjassa ei ole, äläkä arvioi asiaa.',
    },
    {
      role: 'user',
      content:
        `Asia: ${input.header.caseName}\nAsiakirja ${input.code} (${input.fileName}):\n\n${input.documentText}\n\n` +
        `Kirjoita asiakirjan ${input.code} tiivistelmä luettelona, enintään noin ${input.targetWords} sanaa.`,
    },
  ];
}
