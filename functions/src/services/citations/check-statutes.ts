import { FINNISH_ACTS, NOT_ACTS, type FinnishAct } from './finnish-acts.js';

/**
 * References to Finnish acts and to precedents of the Supreme Court (KKO) and
 * the Supreme Administrative Court (KHO) in a text, each checked as far as a
 * table can check it:
 *
 * - an act named (`oikeustoimilain 36 §`, `OikTL 36 §`, `KauppaL 17 §:n`,
 *   `kauppalain 17 §:n`, `korkolain § 4:n`, `OK 17 luvun 2 §`, `OYL 13:1`,
 *   `lain välimiesmenettelystä 47 §`, `välimiesmenettelystä annetun lain 49 §`)
 *   and followed by its section(s), or named with its number (`(228/1929)`),
 *   is checked against finnish-acts.ts: a section or chapter beyond the act's
 *   range, or a number that is not the act's, is flagged;
 * - a name shaped like an act (a word ending in -laki/-lain/-kaari…, an
 *   abbreviation ending in L, "laki …sta") followed by a section that is not
 *   in the table is flagged as not checked;
 * - a precedent (`KKO 2019:56`, `KKO:2019:56`, `KHO 2020:7`, `KKO 1994 II 45`)
 *   is checked for its form and flagged as not verified against the case file,
 *   which holds no precedents: its own kind, so the award can list them apart.
 *
 * A section with no act before it (`sopimuksen 12 §`, `YSE 1998 23 §`) is not
 * a reference to an act and is left alone.
 */

export interface LegalReference {
  kind: 'statute' | 'precedent';
  /** As written, e.g. `OikTL 36 §`. */
  reference: string;
  index: number;
  length: number;
  /** Why it is flagged (Finnish), or undefined when it checks out. */
  reason?: string;
}

const LAKI_ENDINGS = 'laki|lain|lakia|laissa|laista|lakiin|laille|lailla|lailta|laiksi|lakina|lakien|lakeja';
const KAARI_ENDINGS = 'kaari|kaaren|kaarta|kaaressa|kaaresta|kaareen|kaarella|kaarelle|kaareksi';
/** A word, and the ending that makes it a one-word name of an act (base + ending, the base at least two letters). */
const WORD = /(?<![\p{L}\d-])[\p{L}-]{6,}(?![\p{L}\d])/gu;
const ACT_WORD_ENDING = new RegExp(`^([\\p{L}-]{2,}?)(${LAKI_ENDINGS}|${KAARI_ENDINGS})$`, 'u');
/** "laki/lain/lakia … X:sta" (the X up to five words, the last ending in -sta/-stä) and "X:sta annetun lain". */
const LAW_FORMS = 'laki|lain|lakia|laissa|laista|lakiin|laiksi';
const PHRASE_AFTER = new RegExp(
  `(?<![\\p{L}\\d-])(?:${LAW_FORMS})\\s+((?:[\\p{L}-]+\\s+){0,4}[\\p{L}-]+(?:sta|stä))(?![\\p{L}\\d])`,
  'giu',
);
const PHRASE_BEFORE = new RegExp(
  `(?<![\\p{L}\\d-])((?:[\\p{L}-]+\\s+){0,4}?[\\p{L}-]+(?:sta|stä))\\s+annetu(?:n|ssa|sta|lla|ksi|a)?\\s+(?:${LAW_FORMS})(?![\\p{L}\\d])`,
  'giu',
);
/** An abbreviation: `OikTL`, `KauppaL`, `TSL`, `OK`, `MK`, `KK`, with an optional case ending (`OikTL:n`). */
const ABBREVIATION = /(?<![\p{L}\d-])(\p{Lu}[\p{L}]{0,14}L|OK|MK|MaaK|KK)(?::\p{L}{1,4})?(?![\p{L}\d])/gu;
const ACT_NUMBER = /^\s*\(?\s*(?:SDK\s*|L\s*)?(\d{1,4})\/(\d{4})\s*\)?/u;
const BARE_NUMBER = /\((?:SDK\s*|L\s*)?(\d{1,4})\/((?:1[6-9]|20)\d{2})\)/gu;

/** A section, its chapter first when given: `17 luvun 2 §`, `4 luku 1 §`, `36 §`, `36 a §`, `36–38 §`, `36 ja 37 §`. */
const SECTION_AFTER =
  /^\s*(?::\p{L}{1,4}\s+)?(?:(\d{1,2})(?:\s?[a-h])?\s+(?:luvun|luku|luvussa|luvusta|luvulla)\s+)?((?:\d{1,3}(?:\s?[a-h])?\s*(?:[-–]|,|ja|sekä|tai)\s*)*\d{1,3}(?:\s?[a-h])?)\s*§/u;
/** The section sign first: `§ 4`, `§ 36 a`, `§:n 4`. */
const SIGN_FIRST = /^\s*(?::\p{L}{1,4}\s+)?§\s?(\d{1,3})(?:\s?[a-h](?![\p{L}]))?/u;
/** Chapter and section with a colon: `OYL 13:1`, `OK 17:2 §`. */
const COLON_FORM = /^\s*(\d{1,2}):(\d{1,3})(?:\s?[a-h](?![\p{L}]))?(?:\s*§)?/u;
/** A further section of the same act after a section: `, 37 §`, ` ja 38 §:n`. */
const MORE_SECTIONS = /^(?::\p{L}{1,4})?\s*(?:,|ja|sekä|tai)\s+(\d{1,3}(?:\s?[a-h])?)\s*§/u;

const PRECEDENT = /(?<![\p{L}\d])(KKO|KHO)(?:\s*:\s*|\s+)(\d{1,4})\s*:\s*(\d{1,4})(?!\d)/gu;
const OLD_PRECEDENT = /(?<![\p{L}\d])(KKO|KHO)\s*:?\s*((?:19|20)\d{2})[\s-]+(II?)[\s-]+(\d{1,4})(?!\d)/gu;
const FIRST_PRECEDENT_YEAR = 1918;

interface ActMention {
  index: number;
  end: number;
  text: string;
  act?: FinnishAct;
}

const byWord = new Map<string, FinnishAct>();
const byPhrase = new Map<string, FinnishAct>();
const byAbbreviation = new Map<string, FinnishAct>();
const byNumber = new Map<string, FinnishAct>();
for (const act of FINNISH_ACTS) {
  for (const word of act.words) byWord.set(word.toLowerCase(), act);
  for (const phrase of act.phrases ?? []) byPhrase.set(phrase.toLowerCase(), act);
  for (const abbreviation of act.abbreviations) byAbbreviation.set(abbreviation, act);
  byNumber.set(act.number, act);
}
const notActs = new Set(NOT_ACTS);

export function checkLegalReferences(text: string, currentYear = new Date().getUTCFullYear()): LegalReference[] {
  const found: LegalReference[] = [];
  const consumed: { index: number; end: number }[] = [];

  for (const mention of mentionsNearAnchors(text)) {
    const reference = readReference(text, mention);
    if (!reference) continue;
    consumed.push({ index: mention.index, end: reference.end });
    const written = text.slice(mention.index, reference.end);
    found.push({
      kind: 'statute',
      reference: written,
      index: mention.index,
      length: written.length,
      ...optionalReason(statuteReason(mention, reference)),
    });
  }
  // A number in brackets on its own: one of the table's acts, or left alone (it may be any act or a file number).
  for (const match of text.matchAll(BARE_NUMBER)) {
    const index = match.index;
    if (consumed.some((span) => index < span.end && index + match[0].length > span.index)) continue;
    const act = byNumber.get(`${Number(match[1])}/${match[2]}`);
    if (act) found.push({ kind: 'statute', reference: match[0], index, length: match[0].length });
  }

  for (const match of text.matchAll(PRECEDENT)) {
    const year = Number(match[2]);
    const wellFormed =
      match[2]!.length === 4 && year >= FIRST_PRECEDENT_YEAR && year <= currentYear && Number(match[3]) >= 1;
    const canonical = `${match[1]} ${match[2]}:${match[3]}`;
    found.push({
      kind: 'precedent',
      reference: match[0],
      index: match.index,
      length: match[0].length,
      reason: wellFormed
        ? `Ennakkopäätöstä ${canonical} ei ole tarkistettu asiakirja-aineistosta.`
        : `Ennakkopäätöksen tunnus ${match[0]} on virheellinen (muoto ${match[1]} vvvv:nro, vuosi ${FIRST_PRECEDENT_YEAR}–${currentYear}).`,
    });
  }
  for (const match of text.matchAll(OLD_PRECEDENT)) {
    found.push({
      kind: 'precedent',
      reference: match[0],
      index: match.index,
      length: match[0].length,
      reason: `Ennakkopäätöstä ${match[1]} ${match[2]} ${match[3]} ${match[4]} ei ole tarkistettu asiakirja-aineistosta.`,
    });
  }
  return found.sort((a, b) => a.index - b.index);
}

/** What a reference to an act needs after its name: a section sign, a statute number or a chapter:section. */
const ANCHOR = /§|\d{1,4}\/\d{4}|\d{1,2}:\d{1,3}/gu;
/** How far before its anchor a one-word name or an abbreviation may start ("oikeudenkäymiskaaren (4/1734) 17 luvun 2 §"). */
const WORD_REACH = 60;
/** How far before its anchor a name of several words may start ("lain elinkeinotoiminnan sopimusehtojen sääntelystä"). */
const PHRASE_REACH = 160;

/**
 * The act names of the text, looked for only before a section sign, a number
 * or a chapter:section: a chapter without any is read in one pass of a simple
 * pattern, and the name patterns run on short windows.
 */
function mentionsNearAnchors(text: string): ActMention[] {
  const anchors = [...text.matchAll(ANCHOR)].map((match) => match.index);
  if (anchors.length === 0) return [];
  const mentions: ActMention[] = [];
  for (const window of windowsBefore(text, anchors, WORD_REACH)) {
    for (const mention of wordMentions(text.slice(window.start, window.end))) {
      mentions.push({ ...mention, index: mention.index + window.start, end: mention.end + window.start });
    }
  }
  if (/la(?:ki|in|kia|issa|ista|kiin|iksi)\s|annetu/iu.test(text)) {
    for (const window of windowsBefore(text, anchors, PHRASE_REACH)) {
      for (const mention of phraseMentions(text.slice(window.start, window.end))) {
        mentions.push({ ...mention, index: mention.index + window.start, end: mention.end + window.start });
      }
    }
  }
  return withoutOverlaps(mentions);
}

/** The stretches of `reach` characters before each anchor, merged, each starting at a word's beginning. */
function windowsBefore(text: string, anchors: readonly number[], reach: number): { start: number; end: number }[] {
  const windows: { start: number; end: number }[] = [];
  for (const anchor of anchors) {
    let start = Math.max(0, anchor - reach);
    // At a word's beginning, so the patterns' look-behind sees what it would in the whole text.
    while (start > 0 && !/\s/u.test(text[start - 1]!)) start -= 1;
    const last = windows.at(-1);
    if (last && start <= last.end) last.end = Math.max(last.end, anchor);
    else windows.push({ start, end: anchor });
  }
  return windows;
}

/** Names of acts of several words: "laki X:stä", "X:stä annetun lain". */
function phraseMentions(text: string): ActMention[] {
  const mentions: ActMention[] = [];
  for (const match of /la(?:ki|in|kia|issa|ista|kiin|iksi)\s/iu.test(text) ? text.matchAll(PHRASE_AFTER) : []) {
    // "laki kauppaedustajista ja myyntimiehistä": the longest run of words that names a known act, else the whole run.
    const words = [...match[1]!.matchAll(/[\p{L}-]+/gu)];
    const phraseStart = match.index + match[0].length - match[1]!.length;
    let chosen: { end: number; act?: FinnishAct } | undefined;
    for (let last = words.length - 1; last >= 0; last--) {
      if (!/(?:sta|stä)$/u.test(words[last]![0])) continue;
      const phrase = words
        .slice(0, last + 1)
        .map((word) => word[0].toLowerCase())
        .join(' ');
      const end = phraseStart + words[last]!.index + words[last]![0].length;
      const act = byPhrase.get(phrase);
      if (act) {
        chosen = { end, act };
        break;
      }
      chosen ??= { end };
    }
    if (!chosen) continue;
    mentions.push({
      index: match.index,
      end: chosen.end,
      text: text.slice(match.index, chosen.end),
      ...actOf(chosen.act),
    });
  }
  for (const match of text.includes('annetu') ? text.matchAll(PHRASE_BEFORE) : []) {
    // "… välimiesmenettelystä annetun lain": the shortest run of words before it that names a known act, else the -sta word.
    const words = [...match[1]!.matchAll(/[\p{L}-]+/gu)];
    let start = words.length - 1;
    let act: FinnishAct | undefined;
    for (let first = words.length - 1; first >= 0; first--) {
      const found = byPhrase.get(
        words
          .slice(first)
          .map((word) => word[0].toLowerCase())
          .join(' '),
      );
      if (found) {
        start = first;
        act = found;
        break;
      }
    }
    const index = match.index + words[start]!.index;
    const end = match.index + match[0].length;
    mentions.push({ index, end, text: text.slice(index, end), ...actOf(act) });
  }
  return mentions;
}

/** One-word names of acts (oikeustoimilain, maakaaren) and abbreviations (OikTL, KL, OK). */
function wordMentions(text: string): ActMention[] {
  const mentions: ActMention[] = [];
  for (const candidate of text.matchAll(WORD)) {
    // Most words are not names of acts: a cheap look at the ending first.
    if (!/(?:la[ik]|kaar)\p{L}{0,5}$/u.test(candidate[0])) continue;
    const match = ACT_WORD_ENDING.exec(candidate[0]);
    if (!match) continue;
    const word = `${match[1]!.toLowerCase()}${match[2]!.startsWith('kaa') ? 'kaari' : 'laki'}`;
    const index = candidate.index;
    mentions.push({ index, end: index + candidate[0].length, text: candidate[0], ...actOf(byWord.get(word)) });
  }
  for (const match of text.matchAll(ABBREVIATION)) {
    const abbreviation = match[1]!;
    if (notActs.has(abbreviation)) continue;
    mentions.push({
      index: match.index,
      end: match.index + match[0].length,
      text: match[0],
      ...actOf(byAbbreviation.get(abbreviation)),
    });
  }
  return mentions;
}

/** Earliest first; at the same place the longest; a mention inside an earlier one is dropped. */
function withoutOverlaps(mentions: ActMention[]): ActMention[] {
  mentions.sort((a, b) => a.index - b.index || b.end - a.end);
  const kept: ActMention[] = [];
  for (const mention of mentions) {
    const last = kept.at(-1);
    if (last && mention.index < last.end) {
      // "lain välimiesmenettelystä" known beats a one-word match inside it; a known act beats an unknown one.
      if (!last.act && mention.act && mention.end <= last.end) kept[kept.length - 1] = mention;
      continue;
    }
    kept.push(mention);
  }
  return kept;
}

function actOf(act: FinnishAct | undefined): { act?: FinnishAct } {
  return act ? { act } : {};
}

interface ReadReference {
  end: number;
  number?: string;
  chapter?: number;
  sections: number[];
  colon: boolean;
}

/** What follows a name: its number in brackets, then its section(s). Undefined when neither follows. */
function readReference(text: string, mention: ActMention): ReadReference | undefined {
  let position = mention.end;
  let number: string | undefined;
  const rest = () => text.slice(position, position + 80);
  const numbered = ACT_NUMBER.exec(rest());
  if (numbered) {
    number = `${Number(numbered[1])}/${numbered[2]}`;
    position += numbered[0].length;
  }
  let chapter: number | undefined;
  const sections: number[] = [];
  let colon = false;
  const section = SECTION_AFTER.exec(rest());
  const sign = section ? undefined : SIGN_FIRST.exec(rest());
  const colonForm = section || sign ? undefined : COLON_FORM.exec(rest());
  if (section) {
    if (section[1]) chapter = Number(section[1]);
    for (const value of section[2]!.matchAll(/\d{1,3}/gu)) sections.push(Number(value[0]));
    position += section[0].length;
  } else if (sign) {
    sections.push(Number(sign[1]));
    position += sign[0].length;
  } else if (colonForm) {
    chapter = Number(colonForm[1]);
    sections.push(Number(colonForm[2]));
    colon = true;
    position += colonForm[0].length;
  }
  if (sections.length > 0) {
    for (;;) {
      const more = MORE_SECTIONS.exec(text.slice(position, position + 40));
      if (!more) break;
      sections.push(Number(/\d+/u.exec(more[1]!)![0]));
      position += more[0].length;
    }
  }
  if (sections.length === 0 && number === undefined) return undefined;
  // An unknown name with only a number after it ("toimitusehtojen (1/2024)") is not taken for an act.
  if (!mention.act && sections.length === 0) return undefined;
  return {
    end: position,
    sections,
    colon,
    ...(number ? { number } : {}),
    ...(chapter !== undefined ? { chapter } : {}),
  };
}

function statuteReason(mention: ActMention, reference: ReadReference): string | undefined {
  const act = mention.act;
  if (!act) {
    return `Säädöstä ”${mention.text.trim()}” ei ole tarkistettavien lakien taulukossa; viittausta ei ole tarkistettu.`;
  }
  const title = `${act.name} (${act.number})`;
  if (reference.number && reference.number !== act.number) {
    const other = byNumber.get(reference.number);
    return other
      ? `Säädösnumero ${reference.number} on säädöksen ${other.name} numero, ei säädöksen ${title}.`
      : `Säädöksen ${act.name} numero on ${act.number}, ei ${reference.number}.`;
  }
  if (act.chapters !== undefined) {
    const perChapter = act.sectionsPerChapter ?? Infinity;
    if (reference.chapter !== undefined && (reference.chapter < 1 || reference.chapter > act.chapters)) {
      return `Säädöksessä ${title} ei ole ${reference.chapter} lukua; luvut ovat 1–${act.chapters}.`;
    }
    const beyond = reference.sections.find((section) => section < 1 || section > perChapter);
    if (beyond !== undefined) {
      return `Säädöksen ${title} luvuissa ei ole ${beyond} §:ää; pykälät ovat kussakin luvussa enintään 1–${perChapter}.`;
    }
    return undefined;
  }
  const max = act.sections ?? Infinity;
  // For an act numbered through, "13:1" reads as section 13, subsection 1.
  const sections = reference.colon && reference.chapter !== undefined ? [reference.chapter] : reference.sections;
  const beyond = sections.find((section) => section < 1 || section > max);
  if (beyond !== undefined) return `Säädöksessä ${title} ei ole ${beyond} §:ää; pykälät ovat 1–${max}.`;
  return undefined;
}

function optionalReason(reason: string | undefined): { reason?: string } {
  return reason === undefined ? {} : { reason };
}
