import { PAGE_REFERENCE_LINE_PATTERN, PAGE_REFERENCE_PATTERN } from '@ratkaisu/core';
import type { ChatMessage } from '../../ports/model.js';
import { FINNISH_STOP_WORDS } from './offline-ranking.js';

/**
 * The offline model's reading stage (offline-model.ts): the request and the material apart, the structure the
 * request asks for, and the material's sentences with the page each falls under, scored and picked.
 */

const MAX_SENTENCES = 40;
const MAX_SENTENCE_CHARS = 600;
const MAX_HEADINGS = 12;

/** `[K1 s.3]`, `[V2 s. 4–5]`, `[Liite 1, s.2]`: a bracketed reference ending in a page. */
export const PAGE_REF = PAGE_REFERENCE_PATTERN;
export const PAGE_REF_LINE = PAGE_REFERENCE_LINE_PATTERN;
/** Finnish abbreviations that end in a full stop without ending the sentence. */
export const ABBREVIATIONS = new Set([
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
export const WEIGHTY_WORDS =
  /\b(sopimu\w*|vaati\w*|vaade\w*|maksu\w*|lasku\w*|eräp\w*|kor(ko|on)\w*|vahingonkorvau\w*|korvau\w*|virhe\w*|viivästy\w*|purk\w*|irtisan\w*|reklamaat\w*|laki\w*|lain\b|pykälä\w*|toimitu\w*|kauppahin\w*|velvollisuu\w*|erääntyn\w*|riidat\w*|kiistä\w*|myöntä\w*)/giu;

export interface Sentence {
  text: string;
  ref: string | undefined;
  /** The reference is written in the sentence itself, not only above it. */
  inlineRef: boolean;
  index: number;
  score: number;
  words: Set<string>;
}

/**
 * The request is what the caller asks for: system messages, and user text before the
 * first page reference. The material is the user text from there on (assistant text is
 * what was already written, and is left out);
 * without any page reference, all user text counts as material.
 */
export function splitRequestAndMaterial(messages: readonly ChatMessage[]): { request: string; material: string } {
  const request: string[] = [];
  const material: string[] = [];
  // When some message holds referenced material, a user message without a reference is only a request (the
  // chapter prompt after a case file): quoting it would pin its words to the last page of the material.
  const referenced = messages.some((message) => {
    PAGE_REF.lastIndex = 0;
    return message.role === 'user' && PAGE_REF.test(message.content);
  });
  for (const message of messages) {
    if (message.role === 'system') {
      request.push(message.content);
      continue;
    }
    // An assistant message is text already written (the chapters this one rests on, an answer being
    // continued): neither request nor material, or every later chapter would repeat the earlier ones.
    if (message.role === 'assistant') continue;
    PAGE_REF.lastIndex = 0;
    const first = PAGE_REF.exec(message.content);
    if (!first) {
      if (message.role === 'user') {
        request.push(message.content);
        if (!referenced) material.push(message.content);
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

/**
 * The structure asked for: Markdown headings in the request, else its numbered
 * items when there are at least two. A level-1 heading above level-2 ones is
 * the document's title, not a section.
 */
export function requestedStructure(request: string): { title: string | undefined; headings: string[] } {
  const markdown: { level: number; text: string }[] = [];
  const numbered: string[] = [];
  for (const line of request.split(/\r?\n/)) {
    const heading = /^\s{0,3}(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading?.[1] && heading[2]) {
      markdown.push({ level: heading[1].length, text: cleanHeading(heading[2]) });
      continue;
    }
    const item = /^\s*(?:\d{1,2}|[IVX]{1,4})[.)]\s+(.{3,120})$/.exec(line);
    if (item?.[1]) numbered.push(cleanHeading(item[1]));
  }
  let title: string | undefined;
  let sections = markdown;
  if (markdown.some((heading) => heading.level === 1) && markdown.some((heading) => heading.level > 1)) {
    title = markdown.find((heading) => heading.level === 1)?.text;
    sections = markdown.filter((heading) => heading.level > 1);
  }
  const chosen = sections.length > 0 ? sections.map((heading) => heading.text) : numbered.length >= 2 ? numbered : [];
  return { title, headings: [...new Set(chosen.filter(Boolean))].slice(0, MAX_HEADINGS) };
}

export function cleanHeading(text: string): string {
  return text
    .replace(/\*\*|__|`/g, '')
    .replace(/[:.]\s*$/, '')
    .trim();
}

/**
 * Splits the material into sentences, each with the page reference it falls
 * under. A line wholly in square brackets that is not a reference is an
 * editorial note of the case file (a scanned page's), not material.
 */
export function readSentences(material: string): Sentence[] {
  const all: Sentence[] = [];
  const seen = new Set<string>();
  let pageRef: string | undefined;
  let index = 0;

  const cleaned = material
    // A page read by OCR is headed "[K3 s.2, OCR]"; it is cited as any other page, "[K3 s.2]".
    .replace(/(\bs\.\s?\d+), OCR\]/gu, '$1]')
    // An editorial note on a line of its own (a page OCR read poorly) is a block of its own, not the text's start.
    .replace(/^\[[^[\]\n]*\]$/gmu, (line) => (PAGE_REF_LINE.test(line) ? line : `${line}\n`))
    .replace(/<\/?[a-z][^>]*>/gi, ' ')
    // Lines in capitals are titles (KAUPPASOPIMUS), not part of the next sentence.
    .replace(/^[^\p{Ll}\n]*\p{Lu}{4,}[^\p{Ll}\n]*$/gmu, (line) => (PAGE_REF_LINE.test(line) ? line : '\n'))
    // So are numbered headings of a contract's clauses ("2. Toimitusaika", "3.1 Maksuehdot").
    .replace(/^\s*\d{1,2}(?:\.\d{1,2})*\.?\s+[^\n.!?:;,]{2,60}$/gmu, '\n')
    // A "Myyjä: Teräs Oy" line is an entry of its own, not the start of the next line's sentence.
    .replace(/\n(?=[ \t]*\p{Lu}[\p{L} -]{1,30}:\s)/gu, '\n\n');
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
    if (/^\[[^[\]]*\]$/.test(block)) continue;
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
      all.push({ text, ref, inlineRef: Boolean(inlineRefs), index: index++, score: 0, words: stems(text) });
    }
  }
  return all;
}

/** Scores the sentences and keeps the best in their original order. */
export function pickSentences(all: readonly Sentence[], request: string): Sentence[] {
  const requestWords = stems(request);
  for (const sentence of all) sentence.score = score(sentence, sentence.inlineRef, requestWords);
  return all
    .filter((sentence) => sentence.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, MAX_SENTENCES)
    .sort((a, b) => a.index - b.index);
}

export function score(sentence: Sentence, hasInlineRef: boolean, requestWords: Set<string>): number {
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
export function splitSentences(block: string): string[] {
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

export function pushSentence(sentences: string[], text: string): void {
  let trimmed = text.trim();
  if (!trimmed) return;
  if (trimmed.length > MAX_SENTENCE_CHARS) {
    const refs = trimmed.match(PAGE_REF)?.at(-1);
    trimmed = `${trimmed.slice(0, MAX_SENTENCE_CHARS).replace(/\s+\S*$/, '')} …${refs ? ` ${refs}` : ''}`;
  }
  sentences.push(trimmed);
}

/** Lower-case word stems (first six letters) of the words of four letters or more. */
export function stems(text: string): Set<string> {
  const words = new Set<string>();
  for (const word of text
    .toLowerCase()
    .replace(PAGE_REF, ' ')
    .match(/\p{L}{4,}/gu) ?? []) {
    if (!STOP_WORDS.has(word)) words.add(word.slice(0, 6));
  }
  return words;
}

export const STOP_WORDS = new Set<string>([
  ...FINNISH_STOP_WORDS,
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
