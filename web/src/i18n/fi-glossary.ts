import { capitalTerm } from '@ratkaisu/core';
import type { Translation } from './catalogue';
import type { enGlossary } from './en-glossary';

/** The glossary in Finnish: the terms of Finnish arbitration practice (kantaja, vastaaja, välitystuomio …). */
export const fiGlossary: Translation<typeof enGlossary> = {
  title: 'Sanasto',
  intro:
    'Ratkaisu käyttää kustakin asian osasta yhtä sanaa kaikissa näkymissä, viesteissään ja välitystuomiossa. Suomenkieliset termit ovat suomalaisen välimiesmenettelyn vakiintuneita termejä.',
  termColumn: 'Termi',
  otherLanguageColumn: 'Englanniksi',
  definitionColumn: 'Merkitys',
  terms: {
    case: {
      term: capitalTerm('case', 'fi'),
      definition: 'Kantajan ja vastaajan välinen kaupallinen riita-asia, joka ratkaistaan Ratkaisu-palvelussa.',
    },
    claimant: {
      term: capitalTerm('claimant', 'fi'),
      definition: 'Asianosainen, joka panee asian vireille ja esittää vaatimuksensa.',
    },
    respondent: {
      term: capitalTerm('respondent', 'fi'),
      definition: 'Asianosainen, jota vastaan vaatimukset esitetään ja joka vastaa niihin.',
    },
    phase: {
      term: capitalTerm('phase', 'fi'),
      definition:
        'Yksi asian seitsemästä järjestyksessä etenevästä vaiheesta (kanne, vastaus, kummankin asianosaisen kaksi lausumaa, ratkaisu); kullakin on määräpäivä.',
    },
    submission: {
      term: 'Kirjelmä',
      definition:
        'Asiakirjat, jotka asianosainen toimittaa yhdessä vaiheessa; ne lähetetään vastapuolelle Tallenna ja lähetä -toiminnolla.',
    },
    claimApplication: {
      term: capitalTerm('claim', 'fi'),
      definition:
        'Kantajan kirjallinen esitys vaatimuksistaan ja niiden perusteista, jolla asia pannaan vireille; myös ensimmäisen vaiheen nimi. Tekoäly voi laatia kanteen luonnoksen asiakirjoista.',
    },
    decision: {
      term: capitalTerm('decision', 'fi'),
      definition:
        'Tekoälyn asiakirja-aineistosta laatima perusteltu ratkaisuehdotus; se sitoo vain, jos molemmat asianosaiset hyväksyvät sen.',
    },
    award: {
      term: capitalTerm('award', 'fi'),
      definition:
        'Välimiesoikeuden välimiesmenettelystä annetun lain (967/1992) mukaisesti hyväksymä ja allekirjoittama lopullinen ja sitova ratkaisu.',
    },
    tribunal: {
      term: capitalTerm('tribunal', 'fi'),
      definition: 'Asiaa ratkaisemaan nimetty yksi välimies tai kolmen välimiehen kokoonpano.',
    },
    upload: {
      term: 'Lisää',
      definition:
        'Tiedoston siirtäminen omalta laitteelta palveluun (Lisää asiakirjoja). Palveluun lisäämisestä ei käytetä verbiä ladata.',
    },
    download: {
      term: 'Lataa',
      definition: 'Tiedoston siirtäminen palvelusta omalle laitteelle (Lataa PDF).',
    },
  },
};
