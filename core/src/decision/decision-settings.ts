import { z } from 'zod';

/**
 * Decision settings (docs/product.md sections 2 and 3): the instructions, the seven
 * chapter prompts, temperature and top_p. The Settings modal keeps them in
 * local storage under `settings`; the server validates what it is sent.
 *
 * The defaults are written in Finnish legal language for the seven default
 * headings of docs/product.md section 3. Every one of them demands that a statement of
 * fact cites the case file's page reference (`[K1 s.3]` for the claimant's
 * documents, `[V2 s.5]` for the respondent's) and that nothing outside the
 * case file is presented as fact.
 */
export const DECISION_CHAPTER_COUNT = 7;
export const MAX_DECISION_INSTRUCTIONS_LENGTH = 8000;
export const MAX_CHAPTER_PROMPT_LENGTH = 4000;
export const DEFAULT_TEMPERATURE = 0;
export const DEFAULT_TOP_P = 1;

/** The chapter headings, in order (docs/product.md section 3, Decision settings). */
export const DEFAULT_CHAPTER_HEADINGS = [
  'Asian tausta ja osapuolet',
  'Riitakysymys, vaatimukset ja riidattomat tosiseikat',
  'Oikeuskysymykset',
  'Todistelu',
  'Oikeudellinen arviointi',
  'Ratkaisu perusteluineen',
  'Sovelletut säännökset ja oikeuskäytäntö',
] as const;

export const DEFAULT_DECISION_INSTRUCTIONS = [
  'Olet kokenut suomalainen välimies, joka laatii välitystuomion liikeyritysten välisessä riita-asiassa Suomen lain mukaan.',
  'Käytät ainoastaan sinulle annettua asiakirja-aineistoa. Aineiston jokainen sivu on merkitty viitteellä, esimerkiksi [K1 s.3] (kantajan asiakirja 1, sivu 3) tai [V2 s.5] (vastaajan asiakirja 2, sivu 5).',
  'Jokaisen tosiseikkaa koskevan väitteen perään on merkittävä viite siihen sivuun, jolta tieto ilmenee. Jos lainaat asiakirjaa, lainaa sanatarkasti ja merkitse viite.',
  'Älä esitä tosiasiana mitään, mikä ei ilmene aineistosta. Jos jokin seikka on riitainen, epäselvä tai aineistosta puuttuva, sano se nimenomaisesti äläkä täydennä sitä oletuksilla.',
  'Oikeudellisessa arvioinnissa voit viitata Suomen lakiin ja oikeuskäytäntöön, mutta erota selvästi, mikä perustuu aineistoon ja mikä on oikeudellista arviota. Älä keksi säännöksiä, ratkaisuja tai niiden sisältöä; jos et ole varma säännöksen numerosta tai sisällöstä, kirjoita se yleisellä tasolla.',
  'Kirjoita asiallista, selkeää ja täsmällistä suomalaista juridista kieltä. Käytä kappaleita ja tarvittaessa numeroituja luetteloita. Älä toista ohjeita äläkä kirjoita muita lukuja kuin sen, jota pyydetään.',
].join('\n\n');

export const DEFAULT_CHAPTER_PROMPTS: readonly string[] = [
  `Kirjoita luku 1 "${DEFAULT_CHAPTER_HEADINGS[0]}". Esittele osapuolet (nimi, Y-tunnus tai henkilötunnus, edustajat) ja heidän välisensä sopimus- tai muu oikeussuhde sekä tapahtumien kulku aikajärjestyksessä siltä osin kuin ne ovat riidan kannalta merkityksellisiä. Merkitse jokaisen tiedon perään viite.`,
  `Kirjoita luku 2 "${DEFAULT_CHAPTER_HEADINGS[1]}". Kuvaa, mistä osapuolet ovat erimielisiä. Esitä kantajan vaatimukset ja niiden perusteet sekä vastaajan vastaus ja sen perusteet sellaisina kuin ne ilmenevät asiakirjoista, rahamäärät ja päivämäärät täsmällisesti. Luettele lopuksi erikseen riidattomat tosiseikat. Merkitse jokaisen väitteen perään viite.`,
  `Kirjoita luku 3 "${DEFAULT_CHAPTER_HEADINGS[2]}". Muotoile ratkaistavat oikeuskysymykset numeroituna luettelona siinä järjestyksessä, jossa ne on ratkaistava (esimerkiksi sopimuksen sisältö, sopimusrikkomus, vastuun edellytykset, vahingon määrä, viivästyskorko ja oikeudenkäyntikulut). Kerro kunkin kysymyksen kohdalla lyhyesti, mihin osapuolten kannat perustuvat, viitteineen.`,
  `Kirjoita luku 4 "${DEFAULT_CHAPTER_HEADINGS[3]}". Luettele osapuolten esittämä kirjallinen todistelu asiakirjoittain (viite, asiakirjan nimi ja mitä sillä näytetään toteen). Arvioi kunkin todisteen näyttöarvo: mitä se osoittaa, mitä se ei osoita ja onko se ristiriidassa muun aineiston kanssa. Älä mainitse todisteita, joita aineistossa ei ole.`,
  `Kirjoita luku 5 "${DEFAULT_CHAPTER_HEADINGS[4]}". Käy oikeuskysymykset läpi luvun 3 järjestyksessä. Sovella kuhunkin asiaan sovellettavaa Suomen lakia ja sopimuksen ehtoja aineistosta ilmeneviin tosiseikkoihin, arvioi näyttö ja todistustaakka, ja tee kustakin kysymyksestä perusteltu johtopäätös. Merkitse tosiseikkojen viitteet; erota oikeudellinen arvio aineiston sisällöstä.`,
  `Kirjoita luku 6 "${DEFAULT_CHAPTER_HEADINGS[5]}". Kirjoita välitystuomion ratkaisu numeroituina tuomiolauselmina: mitä vastaaja tai kantaja velvoitetaan suorittamaan, rahamäärät, korot alkamispäivineen ja oikeudenkäyntikulut, sekä mitkä vaatimukset hylätään. Perustele kukin kohta lyhyesti viittaamalla luvun 5 arviointiin ja aineiston viitteisiin.`,
  `Kirjoita luku 7 "${DEFAULT_CHAPTER_HEADINGS[6]}". Luettele ratkaisussa sovelletut lait ja säännökset (lain nimi, pykälä ja säädöksen numero, jos se on varmasti tiedossa) sekä mahdolliset oikeustapaukset ja sopimusehdot, ja kerro kunkin kohdalla yhdellä virkkeellä, mihin kysymykseen sitä sovellettiin. Älä keksi oikeustapauksia; jos aineisto tai arviointi ei perustu oikeuskäytäntöön, totea se.`,
];

export interface DecisionSettings {
  instructions: string;
  chapterPrompts: string[];
  temperature: number;
  top_p: number;
  /**
   * Optional: for each chapter, the (1-based) earlier chapters it is written from. Unset: the default
   * graph (1–4 from the case file alone, 5 from 1–4, 6 from 5, 7 from 5 and 6).
   */
  chapterDependencies?: number[][];
}

export function defaultDecisionSettings(): DecisionSettings {
  return {
    instructions: DEFAULT_DECISION_INSTRUCTIONS,
    chapterPrompts: [...DEFAULT_CHAPTER_PROMPTS],
    temperature: DEFAULT_TEMPERATURE,
    top_p: DEFAULT_TOP_P,
  };
}

const unitInterval = (name: string) =>
  z
    .number({ error: `${name} must be a number between 0 and 1.` })
    .min(0, `${name} must be between 0 and 1.`)
    .max(1, `${name} must be between 0 and 1.`);

/** What the server accepts as decision settings (docs/product.md section 3): seven non-empty prompts of bounded length. */
export const decisionSettingsSchema = z.object({
  instructions: z
    .string()
    .trim()
    .max(
      MAX_DECISION_INSTRUCTIONS_LENGTH,
      `The instructions may be at most ${MAX_DECISION_INSTRUCTIONS_LENGTH} characters.`,
    )
    .default(DEFAULT_DECISION_INSTRUCTIONS),
  chapterPrompts: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'Every chapter prompt must have text.')
        .max(MAX_CHAPTER_PROMPT_LENGTH, `A chapter prompt may be at most ${MAX_CHAPTER_PROMPT_LENGTH} characters.`),
    )
    .length(DECISION_CHAPTER_COUNT, `There must be exactly ${DECISION_CHAPTER_COUNT} chapter prompts.`),
  temperature: unitInterval('temperature').default(DEFAULT_TEMPERATURE),
  top_p: unitInterval('top_p').default(DEFAULT_TOP_P),
  chapterDependencies: z
    .array(z.array(z.number().int().min(1).max(DECISION_CHAPTER_COUNT)).max(DECISION_CHAPTER_COUNT))
    .length(DECISION_CHAPTER_COUNT, `Chapter dependencies must list all ${DECISION_CHAPTER_COUNT} chapters.`)
    .refine(
      (lists) => lists.every((list, index) => list.every((chapter) => chapter <= index)),
      'A chapter can depend only on chapters before it.',
    )
    .optional(),
});
export type DecisionSettingsInput = z.input<typeof decisionSettingsSchema>;
