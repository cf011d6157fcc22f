import type { Translation } from './catalogue';
import type { enJobProgress } from './en-jobs';

/** Edistymisen tekstit (en-jobs.ts): palvelimen ilmoittama vaihe, paikka jonossa ja arvio jäljellä olevasta ajasta. */
export const fiJobProgress: Translation<typeof enJobProgress> = {
  waiting: 'Odottaa aloitusta…',
  queued: 'Odotetaan kielimallin kapasiteettia — {{position}} jonossa, noin {{wait}}',
  nextInLine: 'Odotetaan kielimallin kapasiteettia — seuraavana vuorossa, noin {{wait}}',
  capacityChapter:
    'Odotetaan kielimallin kapasiteettia ennen lukua {{current}}/{{total}} — {{position}} jonossa, noin {{wait}}',
  capacityNextChapter:
    'Odotetaan kielimallin kapasiteettia ennen lukua {{current}}/{{total}} — seuraavana vuorossa, noin {{wait}}',
  capacityOneChapter:
    'Odotetaan kielimallin kapasiteettia ennen lukua {{number}} — {{position}} jonossa, noin {{wait}}',
  capacityNextOneChapter:
    'Odotetaan kielimallin kapasiteettia ennen lukua {{number}} — seuraavana vuorossa, noin {{wait}}',
  capacity: 'Odotetaan kielimallin kapasiteettia — {{position}} jonossa, noin {{wait}}',
  capacityNext: 'Odotetaan kielimallin kapasiteettia — seuraavana vuorossa, noin {{wait}}',
  starting: 'Aloitetaan…',
  extracting: 'Luetaan asiakirjojen tekstiä…',
  ocr: 'Luetaan skannattuja sivuja {{done}}/{{total}} ({{fileName}})',
  draftingChapter: 'Kirjoitetaan lukua {{current}}/{{total}}…',
  draftingOneChapter: 'Kirjoitetaan lukua {{number}}…',
  drafting: 'Kielimalli kirjoittaa luonnosta…',
  citations: 'Tarkistetaan viittauksia asiakirjoihin…',
  rendering: 'Muodostetaan PDF-tiedostoa…',
  completed: 'Valmis',
  uploading: 'Lisätään asiakirjoja… {{percent}} %',
  estimate: 'Noin {{wait}} jäljellä',
  overdue: 'Kestää tavallista kauemmin…',
  elapsed: 'Käynnissä {{time}}',
  waitSeconds_one: '{{count}} sekunti',
  waitSeconds_other: '{{count}} sekuntia',
  waitMinutes_one: '{{count}} minuutti',
  waitMinutes_other: '{{count}} minuuttia',
  place_ordinal_one: '{{count}}.',
  place_ordinal_two: '{{count}}.',
  place_ordinal_few: '{{count}}.',
  place_ordinal_other: '{{count}}.',
};
