import type { Translation } from './catalogue';
import type { enLegal } from './en-legal';

/** The legal pages' texts of the app shell in Finnish (the documents themselves: legal-documents-fi.ts). */
export const fiLegal: Translation<typeof enLegal> = {
  legalPages: {
    contents: 'Sisällys',
    translationReview:
      'Tämä suomenkielinen käännös odottaa juristin tarkastusta. Jos käännös poikkeaa englanninkielisestä tekstistä, englanninkielinen teksti on ratkaiseva.',
    termsDecision: {
      undecided:
        'Tutustu käyttöehtoihin. Hyväksy ne jatkaaksesi Ratkaisuun, tai hylkää ne, jolloin sinut kirjataan ulos.',
      declined:
        'Olet hylännyt käyttöehdot. Hyväksy ne jatkaaksesi Ratkaisuun, tai hylkää ne, jolloin sinut kirjataan ulos.',
      accepting: 'Hyväksytään…',
      declining: 'Hylätään…',
      accepted: 'Olet hyväksynyt käyttöehdot.',
      acceptedOn: 'Hyväksyit {{version}} voimaan tulleet käyttöehdot {{date}}.',
      declineLater:
        'Voit hylätä ne: sinut kirjataan silloin ulos, tilisi ja asiasi säilyvät, ja ehdoista kysytään uudelleen seuraavalla kirjautumiskerralla.',
      region: 'Päätöksesi käyttöehdoista',
    },
  },
};
