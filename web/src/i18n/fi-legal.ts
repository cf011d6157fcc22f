import type { Translation } from './catalogue';
import type { enLegal } from './en-legal';

/** The legal pages' texts of the app shell in Finnish (the documents themselves stay English: legal-documents.ts). */
export const fiLegal: Translation<typeof enLegal> = {
  legalPages: {
    contents: 'Sisällys',
    englishOnly: 'Tämä asiakirja on saatavilla vain englanniksi.',
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
