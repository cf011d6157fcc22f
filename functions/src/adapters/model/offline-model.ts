import { ModelAbortedError, type ChatMessage, type CompletionRequest, type Model } from '../../ports/model.js';

/**
 * The offline model: the local default when no endpoint is configured
 * (ARCHITECTURE.md rule 6). It does not write; it EXTRACTS. From the request it takes
 *
 * - the headings asked for (Markdown headings, else numbered items, in the
 *   instructions and the part of the prompt before the source material), and
 * - the key sentences of the source material, preferring ones that carry a page
 *   reference such as `[K1 s.3]` (a reference alone on a line marks the page of the
 *   sentences that follow it),
 *
 * and lays the sentences out under the headings they share most words with. The
 * output starts with a label saying, in Finnish and English, that no language model
 * was used, so a draft made this way is never mistaken for a real one. The same
 * input always gives the same output.
 */
export function createOfflineModel(): Model {
  return {
    kind: 'offline',
    async complete(request: CompletionRequest) {
      const { signal } = request;
      if (signal?.aborted) throw new ModelAbortedError();
      // Yield once so that an abort issued right after the call is still honoured.
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (signal?.aborted) throw new ModelAbortedError();
      const text = draft(request.messages);
      if (signal?.aborted) throw new ModelAbortedError();
      return { text, model: OFFLINE_MODEL_NAME };
    },
  };
}

export const OFFLINE_MODEL_NAME = 'offline-extractive';

export const OFFLINE_LABEL =
  '> **Huom:** Tämä teksti on tuotettu ilman kielimallia (offline-tila). Se on koottu poimimalla lauseita ' +
  'annetusta aineistosta eikä sisällä oikeudellista arviointia.\n' +
  '> **Note:** Produced without a language model (offline mode). It was assembled by extracting sentences ' +
  'from the supplied material and contains no legal assessment.';

const MAX_SENTENCES = 40;
const MAX_PER_SECTION = 8;
const MAX_SENTENCE_CHARS = 600;
const MAX_HEADINGS = 12;

/** `[K1 s.3]`, `[V2 s. 4–5]`, `[Liite 1, s.2]`: a bracketed reference ending in a page. */
const PAGE_REF = /\[[^[\]\n]{0,60}?\bs\.\s?\d+(?:\s?[-–]\s?\d+)?\]/g;
const PAGE_REF_LINE = /^\s*(?:\[[^[\]\n]{0,60}?\bs\.\s?\d+(?:\s?[-–]\s?\d+)?\]\s*)+$/;
/** Finnish abbreviations that end in a full stop without ending the sentence. */
const ABBREVIATIONS = new Set([
  'esim',
  'mm',
  'ns',
  'ks',
  'vrt',
  'n',
  's',
  'nro',
  'no',
  'huom',
  'yms',
  'jne',
  'ym',
  'tms',
  'em',
  'ao',
  'klo',
  'oy',
  'ab',
  'ky',
  'ry',
  'kpl',
  'mom',
  'luku',
  'tri',
  'prof',
  'p',
]);
const WEIGHTY_WORDS =
  /\b(sopimu\w*|vaati\w*|vaade\w*|maksu\w*|lasku\w*|eräp\w*|kor(ko|on)\w*|vahingonkorvau\w*|korvau\w*|virhe\w*|viivästy\w*|purk\w*|irtisan\w*|reklamaat\w*|laki\w*|lain\b|pykälä\w*|toimitu\w*|kauppahin\w*|velvollisuu\w*|erääntyn\w*|riidat\w*|kiistä\w*|myöntä\w*)/giu;

interface Sentence {
  text: string;
  ref: string | undefined;
  index: number;
  score: number;
  words: Set<string>;
}

/** Builds the labelled, extractive draft. Exported for tests. */
export function draft(messages: readonly ChatMessage[]): string {
  const { request, material } = splitRequestAndMaterial(messages);
  const headings = requestedHeadings(request);
  const sentences = pickSentences(material, request);

  const parts: string[] = [OFFLINE_LABEL];
  if (sentences.length === 0) {
    parts.push('_Aineistosta ei löytynyt poimittavia lauseita. / No sentences could be extracted from the material._');
    for (const heading of headings) parts.push(`## ${heading}`, EMPTY_SECTION);
    return parts.join('\n\n') + '\n';
  }

  if (headings.length === 0) {
    parts.push('## Poimitut keskeiset kohdat / Extracted key points', bullets(sentences));
    return parts.join('\n\n') + '\n';
  }

  // Each sentence goes under the heading it shares most word stems with; ties and
  // sentences matching no heading go to the first heading with the fewest so far,
  // so the material is spread over the requested structure.
  const headingWords = headings.map((heading) => stems(heading));
  const sections: Sentence[][] = headings.map(() => []);
  for (const sentence of sentences) {
    let best = -1;
    let bestOverlap = 0;
    headingWords.forEach((words, i) => {
      let overlap = 0;
      for (const word of words) if (sentence.words.has(word)) overlap++;
      if (overlap > bestOverlap && (sections[i]?.length ?? 0) < MAX_PER_SECTION) {
        best = i;
        bestOverlap = overlap;
      }
    });
    if (best < 0) {
      let fewest = Infinity;
      sections.forEach((section, i) => {
        if (section.length < fewest) {
          fewest = section.length;
          best = i;
        }
      });
    }
    const section = sections[best];
    if (section && section.length < MAX_PER_SECTION) section.push(sentence);
  }
  headings.forEach((heading, i) => {
    const section = sections[i] ?? [];
    parts.push(`## ${heading}`, section.length > 0 ? bullets(section) : EMPTY_SECTION);
  });
  return parts.join('\n\n') + '\n';
}

const EMPTY_SECTION =
  '_Aineistosta ei löytynyt tähän kohtaan liittyviä lauseita. / No matching sentences were found in the material._';

function bullets(sentences: readonly Sentence[]): string {
  return [...sentences]
    .sort((a, b) => a.index - b.index)
    .map(
      (sentence) =>
        `- ${sentence.text}${sentence.ref && !sentence.text.includes(sentence.ref) ? ` ${sentence.ref}` : ''}`,
    )
    .join('\n');
}

/**
 * The request is what the caller asks for: system messages, and user text before the
 * first page reference. The material is the user (and assistant) text from there on;
 * without any page reference, all user text counts as material.
 */
function splitRequestAndMaterial(messages: readonly ChatMessage[]): { request: string; material: string } {
  const request: string[] = [];
  const material: string[] = [];
  for (const message of messages) {
    if (message.role === 'system') {
      request.push(message.content);
      continue;
    }
    PAGE_REF.lastIndex = 0;
    const first = PAGE_REF.exec(message.content);
    if (!first) {
      if (message.role === 'user') {
        request.push(message.content);
        material.push(message.content);
      }
      continue;
    }
    // Cut at the start of the line holding the first reference.
    const cut = message.content.lastIndexOf('\n', first.index) + 1;
    request.push(message.content.slice(0, cut));
    material.push(message.content.slice(cut));
  }
  return { request: request.join('\n'), material: material.join('\n\n') };
}

/** Markdown headings in the request, else its numbered items when there are at least two. */
function requestedHeadings(request: string): string[] {
  const markdown: string[] = [];
  const numbered: string[] = [];
  for (const line of request.split(/\r?\n/)) {
    const heading = /^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading?.[1]) {
      markdown.push(cleanHeading(heading[1]));
      continue;
    }
    const item = /^\s*(?:\d{1,2}|[IVX]{1,4})[.)]\s+(.{3,120})$/.exec(line);
    if (item?.[1]) numbered.push(cleanHeading(item[1]));
  }
  const chosen = markdown.length > 0 ? markdown : numbered.length >= 2 ? numbered : [];
  return [...new Set(chosen.filter(Boolean))].slice(0, MAX_HEADINGS);
}

function cleanHeading(text: string): string {
  return text
    .replace(/\*\*|__|`/g, '')
    .replace(/[:.]\s*$/, '')
    .trim();
}

/** Splits the material into sentences, scores them, and keeps the best in their original order. */
function pickSentences(material: string, request: string): Sentence[] {
  const requestWords = stems(request);
  const all: Sentence[] = [];
  const seen = new Set<string>();
  let pageRef: string | undefined;
  let index = 0;

  const cleaned = material
    .replace(/<\/?[a-z][^>]*>/gi, ' ')
    // Lines in capitals are titles (KAUPPASOPIMUS), not part of the next sentence.
    .replace(/^[^\p{Ll}\n]*\p{Lu}{4,}[^\p{Ll}\n]*$/gmu, (line) => (PAGE_REF_LINE.test(line) ? line : '\n'));
  for (const rawLine of cleaned.split(/\r?\n\s*\r?\n|\r?\n(?=\s*[[#])/)) {
    const block = rawLine
      .replace(/^\s*#{1,6}\s+/, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (!block) continue;
    if (PAGE_REF_LINE.test(block)) {
      pageRef = block.match(PAGE_REF)?.at(-1);
      continue;
    }
    // A block that starts with a reference marks its page: "[K1 s.3] Text…".
    const leading = /^((?:\[[^[\]\n]{0,60}?\bs\.\s?\d+(?:\s?[-–]\s?\d+)?\]\s*)+)(.*)$/.exec(block);
    let body = block;
    if (leading?.[1] && leading[2]) {
      pageRef = leading[1].match(PAGE_REF)?.at(-1);
      body = leading[2];
    }
    for (const text of splitSentences(body)) {
      const key = text.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      const inlineRefs = text.match(PAGE_REF);
      const ref = inlineRefs?.at(-1) ?? pageRef;
      const sentence: Sentence = { text, ref, index: index++, score: 0, words: stems(text) };
      sentence.score = score(sentence, Boolean(inlineRefs), requestWords);
      if (sentence.score > 0) all.push(sentence);
    }
  }

  return [...all]
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, MAX_SENTENCES)
    .sort((a, b) => a.index - b.index);
}

function score(sentence: Sentence, hasInlineRef: boolean, requestWords: Set<string>): number {
  const plain = sentence.text.replace(PAGE_REF, '').trim();
  const letters = plain.replace(/[^\p{L}]/gu, '').length;
  // Headings, page furniture and fragments are not sentences worth quoting.
  if (letters < 10 || plain.split(' ').length < 3) return 0;
  let value = 1;
  if (hasInlineRef) value += 4;
  else if (sentence.ref) value += 2;
  if (/\d/.test(plain)) value += 1;
  if (/€|\beur(?:o|oa|on|ot|oja)?\b|%|§/iu.test(plain)) value += 2;
  value += Math.min(3, plain.match(WEIGHTY_WORDS)?.length ?? 0);
  let overlap = 0;
  for (const word of sentence.words) if (requestWords.has(word)) overlap++;
  value += Math.min(3, overlap * 0.5);
  if (plain.length > 400) value -= 1;
  return value;
}

/** Sentence splitting that leaves Finnish dates (1.2.2024), amounts and common abbreviations alone. */
function splitSentences(block: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  const boundary = /[.!?]+(?=\s+(?:\[|["'”»(]?[\p{Lu}\d]))/gu;
  let match: RegExpExecArray | null;
  while ((match = boundary.exec(block)) !== null) {
    const end = match.index + match[0].length;
    const before = /([\p{L}]+)$/u.exec(block.slice(start, match.index))?.[1]?.toLowerCase();
    if (before && match[0] === '.' && (ABBREVIATIONS.has(before) || before.length === 1)) continue;
    // A reference right after the full stop belongs to this sentence.
    const trailing = /^\s*((?:\[[^[\]\n]{0,60}?\bs\.\s?\d+(?:\s?[-–]\s?\d+)?\]\s*)+)/.exec(block.slice(end));
    const stop = trailing ? end + trailing[0].length : end;
    pushSentence(sentences, block.slice(start, stop));
    start = stop;
    boundary.lastIndex = stop;
  }
  pushSentence(sentences, block.slice(start));
  return sentences;
}

function pushSentence(sentences: string[], text: string): void {
  let trimmed = text.trim();
  if (!trimmed) return;
  if (trimmed.length > MAX_SENTENCE_CHARS) {
    const refs = trimmed.match(PAGE_REF)?.at(-1);
    trimmed = `${trimmed.slice(0, MAX_SENTENCE_CHARS).replace(/\s+\S*$/, '')} …${refs ? ` ${refs}` : ''}`;
  }
  sentences.push(trimmed);
}

/** Lower-case word stems (first six letters) of the words of four letters or more. */
function stems(text: string): Set<string> {
  const words = new Set<string>();
  for (const word of text
    .toLowerCase()
    .replace(PAGE_REF, ' ')
    .match(/\p{L}{4,}/gu) ?? []) {
    if (!STOP_WORDS.has(word)) words.add(word.slice(0, 6));
  }
  return words;
}

const STOP_WORDS = new Set([
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
  'with',
  'that',
  'this',
  'from',
  'have',
  'were',
  'which',
  'their',
  'there',
  'about',
  'into',
  'they',
  'will',
  'shall',
]);
