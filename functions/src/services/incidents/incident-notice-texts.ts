import { formatMailDateTime, type DisplayLanguage, type IncidentSignal } from '@ratkaisu/core';

/**
 * The notice to a person an incident may concern (GDPR art. 34(2): the nature of the breach, the contact
 * point, the likely consequences and the measures taken), in the recipient's language. Fixed texts per signal,
 * so no administrator's free text reaches a recipient in the wrong language.
 */
const TEXTS: Record<
  DisplayLanguage,
  {
    subject: string;
    greeting: string;
    what: Record<IncidentSignal, string>;
    advice: string;
    closing: string;
    detected: string;
  }
> = {
  en: {
    subject: 'Ratkaisu: a security incident that may concern your account',
    greeting: 'Hello,',
    detected: 'On {date} we detected a security incident that may concern your account at Ratkaisu.',
    what: {
      'sign-in-failures':
        'Someone tried many times to sign in to accounts of the service, yours among them, with wrong passwords.',
      'access-refused': 'Someone tried many times to open data they had no right to; every attempt was refused.',
      'audit-chain-broken': 'The service’s tamper-evident log of actions failed its check.',
      'bulk-export': 'An account made many copies of data in a short time, including data about you.',
    },
    advice:
      'We are investigating and have taken measures to protect the service. We recommend that you change your password and turn on two-step sign-in under Account → Security, and look at the sessions listed there.',
    closing: 'If you have questions, answer this message. — Ratkaisu',
  },
  fi: {
    subject: 'Ratkaisu: tietoturvaloukkaus, joka voi koskea tiliäsi',
    greeting: 'Hei,',
    detected: 'Havaitsimme {date} tietoturvaloukkauksen, joka voi koskea Ratkaisu-palvelun tiliäsi.',
    what: {
      'sign-in-failures':
        'Joku yritti useita kertoja kirjautua palvelun tileille, myös sinun tilillesi, väärillä salasanoilla.',
      'access-refused':
        'Joku yritti useita kertoja avata tietoja, joihin hänellä ei ollut oikeutta; jokainen yritys torjuttiin.',
      'audit-chain-broken': 'Palvelun muuttumattomaksi suojattu tapahtumaloki ei läpäissyt tarkistusta.',
      'bulk-export': 'Yksi tili teki lyhyessä ajassa useita kopioita tiedoista, myös sinua koskevista tiedoista.',
    },
    advice:
      'Selvitämme asiaa ja olemme suojanneet palvelun. Suosittelemme, että vaihdat salasanasi ja otat kaksivaiheisen kirjautumisen käyttöön kohdassa Tili → Tietoturva sekä tarkistat siellä luetellut istunnot.',
    closing: 'Jos sinulla on kysyttävää, vastaa tähän viestiin. — Ratkaisu',
  },
};

export function incidentNoticeText(
  language: DisplayLanguage,
  signal: IncidentSignal,
  detectedAt: string,
): { subject: string; text: string } {
  const texts = TEXTS[language];
  const date = formatMailDateTime(detectedAt, language);
  return {
    subject: texts.subject,
    text: [
      texts.greeting,
      '',
      texts.detected.replace('{date}', date),
      texts.what[signal],
      '',
      texts.advice,
      '',
      texts.closing,
    ].join('\n'),
  };
}
