import { formatMailDateTime } from '@ratkaisu/core';
import type { MailMessage } from '../../ports/mailer.js';

function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** To the other party of a case without a tribunal: a decision was requested, with which settings. */
export function decisionRequestedMail(to: string, input: { caseName: string; by: string; link: string }): MailMessage {
  return {
    to,
    subject: `Ratkaisu case "${oneLine(input.caseName)}": an AI decision was requested`,
    text: [
      'Hello,',
      '',
      `${oneLine(input.by)} asked the AI to draft a decision in the case "${oneLine(input.caseName)}".`,
      'The settings used (instructions, chapter prompts, temperature, top_p) can be read on the decision card.',
      'An AI decision is not an arbitral award: it resolves the case only if both parties accept it; either party',
      'may request an arbitrator instead.',
      input.link,
      '',
      'Ratkaisu',
    ].join('\n'),
  };
}

const SIDE_FI = { claimant: 'Kantaja', respondent: 'Vastaaja', tribunal: 'Välimiesoikeus' } as const;

/**
 * To the party whose acceptance lapsed: the other party asked for a new version before both had accepted, so
 * the acceptance no longer binds and the new version must be read and accepted anew. The accounts keep no
 * language, so the mail says it in English and in Finnish.
 */
export function acceptanceLapsedMail(
  to: string,
  input: {
    caseName: string;
    caseNumber?: string;
    by: string;
    side: 'claimant' | 'respondent' | 'tribunal';
    version: number | undefined;
    acceptedAt: string;
    link: string;
  },
): MailMessage {
  const name = oneLine(input.caseName);
  const number = input.caseNumber ? ` (${input.caseNumber})` : '';
  const version = input.version !== undefined ? ` ${input.version}` : '';
  return {
    to,
    subject: `Ratkaisu case "${name}"${number}: your acceptance of the AI decision lapsed / hyväksyntänne raukesi`,
    text: [
      'Hello,',
      '',
      `You accepted version${version} of the AI decision in the case "${name}"${number} on ${formatMailDateTime(input.acceptedAt, 'en')}.`,
      `${oneLine(input.by)} has since asked the AI for a new version, before both parties had accepted. Your`,
      'acceptance has therefore lapsed: it no longer binds you, and the case is not resolved.',
      'When the new version is ready, open it and decide again whether to accept it. The earlier versions stay',
      'readable on the case page, numbered, with who generated them and when.',
      input.link,
      '',
      '—',
      '',
      'Hei,',
      '',
      `Hyväksyitte tekoälyn ratkaisuehdotuksen version${version} asiassa "${name}"${number} ${formatMailDateTime(input.acceptedAt, 'fi')}.`,
      `${SIDE_FI[input.side]} on sen jälkeen pyytänyt uuden version ennen kuin molemmat osapuolet olivat`,
      'hyväksyneet ehdotuksen. Hyväksyntänne on siksi rauennut: se ei enää sido teitä, eikä asia ole ratkennut.',
      'Kun uusi versio on valmis, avatkaa se ja päättäkää uudelleen, hyväksyttekö sen. Aiemmat versiot ovat',
      'edelleen luettavissa asian sivulla numeroituina, ja niissä näkyy, kuka ne pyysi ja milloin.',
      input.link,
      '',
      'Ratkaisu',
    ].join('\n'),
  };
}
