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
      term: 'Asia',
      definition: 'Kantajan ja vastaajan välinen kaupallinen riita-asia, joka ratkaistaan Ratkaisu-palvelussa.',
    },
    claimant: {
      term: 'Kantaja',
      definition: 'Asianosainen, joka panee asian vireille ja esittää vaatimuksensa.',
    },
    respondent: {
      term: 'Vastaaja',
      definition: 'Asianosainen, jota vastaan vaatimukset esitetään ja joka vastaa niihin.',
    },
    phase: {
      term: 'Vaihe',
      definition:
        'Yksi asian seitsemästä järjestyksessä etenevästä vaiheesta (kanne, vastaus, kummankin asianosaisen kaksi lausumaa, ratkaisu); kullakin on määräpäivä.',
    },
    submission: {
      term: 'Kirjelmä',
      definition:
        'Asiakirjat, jotka asianosainen toimittaa yhdessä vaiheessa; ne lähetetään vastapuolelle Tallenna ja lähetä -toiminnolla.',
    },
    claimApplication: {
      term: 'Haastehakemus',
      definition:
        'Kantajan kirjallinen esitys vaatimuksistaan ja niiden perusteista; tekoäly voi laatia luonnoksen asiakirjoista.',
    },
    decision: {
      term: 'Ratkaisu',
      definition:
        'Tekoälyn asiakirja-aineistosta laatima perusteltu ratkaisuehdotus; se sitoo vain, jos molemmat asianosaiset hyväksyvät sen.',
    },
    award: {
      term: 'Välitystuomio',
      definition:
        'Välimiesoikeuden välimiesmenettelystä annetun lain (967/1992) mukaisesti hyväksymä ja allekirjoittama lopullinen ja sitova ratkaisu.',
    },
    tribunal: {
      term: 'Välimiesoikeus',
      definition: 'Asiaa ratkaisemaan nimetty yksi välimies tai kolmen välimiehen kokoonpano.',
    },
  },
};
