// BM25 by hand: the npm BM25 packages (wink-bm25-text-search, okapibm25) bring their own tokenisers, which know no Finnish inflection; this one uses the same word-prefix stems as the rest of the offline model.
import { DEFAULT_CHAPTER_HEADINGS, DEFAULT_CHAPTER_PROMPTS } from '@ratkaisu/core';

/**
 * Ranking for the offline model's decision chapters: each chapter takes the
 * sentences its own question asks for (BM25 over the chapter's prompt), and a
 * sentence is quoted in one chapter only — the one whose question it answers
 * best. The chapters are written by separate, concurrent calls, so no call can
 * see what the others took; instead every call computes the same ownership:
 * each sentence against all seven chapter questions (the default prompts, with
 * the asking chapter's own prompt in its place), and the sentence goes to the
 * chapter scoring it highest.
 * With the default prompts every call computes the same assignment, so no
 * sentence appears in two chapters.
 */

const K1 = 1.2;
const B = 0.75;

/** Words each default chapter's question needs beyond its prompt's own words (Finnish inflections it would miss). */
const CHAPTER_EXPANSIONS: readonly string[] = [
  'sopimus allekirjoitettiin solmivat tunnus osoite kotipaikka edustaa',
  'vaatii vaatimus vaade maksamaan suorittamaan euroa korko viivästyskorko pääoma kiistää kiistetään myöntää riidaton erääntyi',
  'kysymys vastuu virhe viivästys kuittaus kuittausvaatimus vastasaatava reklamaatio ajoissa purku',
  'liite pöytäkirja tarkastus raportti lausunto todistaa osoittaa sähköposti kuitti lasku vastaanotettiin',
  'arvio näyttö todistustaakka johtopäätös olennainen sopimusrikkomus huolellisuus',
  'hyväksytään hylätään velvoitetaan kulut oikeudenkäyntikulut maksettava',
  'laki lain pykälä säännös korkolaki oikeustoimilaki kko korkein oikeus',
];

/** Lower-case prefixes of five letters of the words of three letters or more: Finnish endings fall away. */
export function rankingTerms(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/\[[^[\]\n]{0,60}?\bs\.\s?\d+(?:\s?[-–]\s?\d+)?\]/gu, ' ')
      .match(/[\p{L}§]{3,}/gu) ?? []
  )
    .filter((word) => !RANKING_STOP_WORDS.has(word))
    .map((word) => word.slice(0, 5));
}

/** BM25 scores of every document for the query, documents being lists of terms. */
export function bm25(documents: readonly (readonly string[])[], query: readonly string[]): number[] {
  const count = documents.length;
  if (count === 0) return [];
  const average = documents.reduce((sum, terms) => sum + terms.length, 0) / count || 1;
  const frequency = new Map<string, number>();
  for (const terms of documents) for (const term of new Set(terms)) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  const queryTerms = [...new Set(query)];
  return documents.map((terms) => {
    const tf = new Map<string, number>();
    for (const term of terms) tf.set(term, (tf.get(term) ?? 0) + 1);
    let score = 0;
    for (const term of queryTerms) {
      const f = tf.get(term);
      if (!f) continue;
      const n = frequency.get(term) ?? 0;
      const idf = Math.log(1 + (count - n + 0.5) / (n + 0.5));
      score += (idf * (f * (K1 + 1))) / (f + K1 * (1 - B + (B * terms.length) / average));
    }
    return score;
  });
}

/** The question a default chapter asks, with the words it needs that its prompt does not spell out. */
function defaultQuestion(index: number): string {
  return `${DEFAULT_CHAPTER_HEADINGS[index] ?? ''} ${DEFAULT_CHAPTER_PROMPTS[index] ?? ''} ${CHAPTER_EXPANSIONS[index] ?? ''}`;
}

/**
 * The sentences (by index into `sentences`) that chapter `chapterIndex` takes, best first: those it owns
 * among the seven chapters, with a positive score for its own question.
 */
export function chapterExtract(sentences: readonly string[], chapterIndex: number, ownQuestion: string): number[] {
  const documents = sentences.map((sentence) => rankingTerms(sentence));
  const questions = DEFAULT_CHAPTER_PROMPTS.map((_, index) =>
    // A chapter in a default chapter's place asks what that place needs, whatever its own prompt's words.
    index === chapterIndex ? `${ownQuestion} ${CHAPTER_EXPANSIONS[index] ?? ''}` : defaultQuestion(index),
  );
  if (chapterIndex >= questions.length) questions.push(ownQuestion);
  const scores = questions.map((question) => bm25(documents, rankingTerms(question)));
  // Ties are broken by the score scaled by the question's best (a question that finds little keeps what it finds).
  const scaled = scores.map((raw) => {
    const best = Math.max(0, ...raw);
    return best > 0 ? raw.map((score) => score / best) : raw;
  });
  const own = scores[chapterIndex]!;
  const owned: number[] = [];
  sentences.forEach((_, i) => {
    if (!(own[i]! > 0)) return;
    // The first chapter of equals owns a sentence, so every call breaks a tie the same way.
    let owner = 0;
    for (let q = 1; q < scores.length; q++) {
      const [score, best] = [scores[q]![i]!, scores[owner]![i]!];
      if (score > best + 1e-9 || (Math.abs(score - best) <= 1e-9 && scaled[q]![i]! > scaled[owner]![i]!)) owner = q;
    }
    if (owner === chapterIndex) owned.push(i);
  });
  return owned.sort((a, b) => own[b]! - own[a]! || a - b);
}

/** `## 3. Oikeuskysymykset` in a chapter call's last message: the chapter's index (2). */
export function askedChapter(lastUserMessage: string): number | undefined {
  const match = /^##\s+(\d{1,2})\.\s+\S/mu.exec(lastUserMessage);
  if (!match) return undefined;
  const index = Number(match[1]) - 1;
  return index >= 0 && index < 12 ? index : undefined;
}

/** Finnish words too common to tell one sentence from another: the offline model's matching and ranking alike. */
export const FINNISH_STOP_WORDS = [
  'että',
  'joka',
  'jotka',
  'mikä',
  'sekä',
  'tämä',
  'tämän',
  'sitä',
  'siitä',
  'sillä',
  'ovat',
  'olla',
  'oli',
  'olisi',
  'mutta',
  'myös',
  'kuin',
  'vain',
  'kanssa',
] as const;

/** Besides those, the words every chapter's prompt uses, which rank nothing. */
const RANKING_STOP_WORDS = new Set<string>([
  ...FINNISH_STOP_WORDS,
  'kirjoita',
  'luku',
  'luvun',
  'merkitse',
  'viite',
  'viitteineen',
  'jokaisen',
  'perään',
  'tiedon',
  'ilmenevät',
  'ilmenee',
  'siltä',
  'osin',
  'kunkin',
  'kohdalla',
  'lyhyesti',
  'esimerkiksi',
  'mitä',
  'mihin',
  'sen',
  'ne',
  'niiden',
  'the',
  'and',
]);
