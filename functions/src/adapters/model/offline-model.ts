import {
  CASE_NAME_LINE_PATTERN,
  DOCUMENT_TAG_PATTERN,
  PAGE_REFERENCE_LINE_PATTERN,
  PAGE_REFERENCE_PATTERN,
  PARTY_LINE_PATTERN,
} from '@ratkaisu/core';
import { ModelAbortedError, type ChatMessage, type CompletionRequest, type Model } from '../../ports/model.js';
import {
  findAmounts,
  findCompanies,
  findDates,
  findStatutes,
  type FoundCompany,
  type FoundDate,
} from './offline-findings.js';
import { askedChapter, chapterExtract, FINNISH_STOP_WORDS } from './offline-ranking.js';

/**
 * The offline model: the local default when no endpoint is configured
 * (ARCHITECTURE.md rule 6). It does not write; it EXTRACTS. From the request it takes
 *
 * - the structure asked for: Markdown headings (a level-1 heading above
 *   level-2 ones is the title), else numbered items, in the instructions and
 *   the part of the prompt before the source material, and the request's
 *   `- Asian nimi: …` / `- Kantaja: …` / `- Vastaaja…: …` lines;
 * - from the source material, its sentences with the page reference each
 *   falls under (`[K1 s.3]`; a reference alone on a line marks the page of
 *   what follows), and what offline-findings.ts recognises in them: sums of
 *   money, dates, statute references, companies; and the documents of a case
 *   file (`<asiakirja tunnus="K1" tiedosto="…" sivuja="2">` headers).
 *
 * It lays these out under the headings by what each asks for: the parties
 * under a parties heading, the sums under the demands, what a party asks for
 * under the relief sought, a timeline of the dates under the grounds, the
 * statutes under the legal grounds, the documents with the pages the draft
 * cites under the evidence; the other key sentences go under the heading
 * they share most words with. Every quoted sentence keeps its reference.
 *
 * A chapter of a decision (one section asked for, `## n. …` in the call) is
 * written from the sentences its own question ranks highest, and a sentence
 * goes to one chapter only (offline-ranking.ts): the seven chapters do not
 * repeat one extract.
 *
 * The output starts with a label saying, in Finnish and English, that no
 * language model was used, so a draft made this way is never mistaken for a
 * real one. The same input always gives the same output.
 */
export function createOfflineModel(): Model {
  return {
    kind: 'offline',
    writesLegalText: false,
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
const PAGE_REF = PAGE_REFERENCE_PATTERN;
const PAGE_REF_LINE = PAGE_REFERENCE_LINE_PATTERN;
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
  /** The reference is written in the sentence itself, not only above it. */
  inlineRef: boolean;
  index: number;
  score: number;
  words: Set<string>;
}

/** Builds the labelled, extractive draft. Exported for tests. */
export function draft(messages: readonly ChatMessage[]): string {
  const { request, material } = splitRequestAndMaterial(messages);
  const { title, headings } = requestedStructure(request);
  const all = readSentences(material);
  const sentences = pickSentences(all, request);
  // The case file's first document header comes before its first page reference, so it is read from all the user text.
  const raw = messages
    .filter((message) => message.role === 'user')
    .map((message) => message.content)
    .join('\n\n');
  const facts = collectFacts(all, raw);

  const parts: string[] = [OFFLINE_LABEL];
  if (title) parts.push(`# ${title}`);
  const caseName = CASE_NAME_LINE.exec(request)?.[1]?.trim();
  if (caseName) parts.push(`**Asia:** ${caseName}`);

  // One section asked for (a chapter of a decision, one document's summary): the caller composes the
  // document and labels it once, so the answer is that section's body alone.
  const single = headings.length === 1 && !title;
  const lastUser = messages.filter((message) => message.role === 'user').at(-1)?.content ?? '';
  const chapterIndex = single ? askedChapter(lastUser) : undefined;
  if (single && chapterIndex !== undefined) {
    return `${chapterDraft(all, raw, request, headings[0]!, chapterIndex, lastUser)}\n`;
  }
  if (sentences.length === 0 && facts.isEmpty) {
    if (single) return `${EMPTY_SECTION}\n`;
    parts.push('_Aineistosta ei löytynyt poimittavia lauseita. / No sentences could be extracted from the material._');
    for (const heading of headings) parts.push(`## ${heading}`, EMPTY_SECTION);
    return parts.join('\n\n') + '\n';
  }

  if (headings.length === 0) {
    parts.push('## Poimitut keskeiset kohdat / Extracted key points', bullets(sentences));
    return parts.join('\n\n') + '\n';
  }

  // Each kind of finding is laid out once, under the first heading that asks for it.
  const seenKinds = new Set<SectionKind>();
  const kinds = headings.map((heading) => {
    const kind = classifyHeading(heading);
    if (kind === 'general' || seenKinds.has(kind)) return 'general';
    seenKinds.add(kind);
    return kind;
  });
  const shown = new Set<Sentence>();
  const blocks = kinds.map((kind) => (kind === 'evidence' ? undefined : factBlock(kind, facts, request, shown)));
  const sections = distribute(
    sentences.filter((sentence) => !shown.has(sentence)),
    headings,
    kinds,
  );
  for (const section of sections) for (const sentence of section) shown.add(sentence);

  headings.forEach((heading, i) => {
    const block = kinds[i] === 'evidence' ? evidenceBlock(facts, shown, single) : blocks[i];
    const section = sections[i] ?? [];
    const body: string[] = [];
    if (block) body.push(block);
    if (section.length > 0) {
      if (block)
        body.push(kinds[i] === 'grounds' ? 'Muita keskeisiä kohtia aineistosta:' : 'Aiheeseen liittyviä kohtia:');
      body.push(bullets(section));
    }
    parts.push(`## ${heading}`, body.length > 0 ? body.join('\n\n') : EMPTY_SECTION);
  });
  if (single) return `${parts[parts.length - 1]}\n`;
  return parts.join('\n\n') + '\n';
}

/**
 * One chapter of a decision: the sentences this chapter's own question ranks highest among those no other
 * chapter's question claims (offline-ranking.ts), laid out by what the heading asks for, as `draft` does
 * for a whole document. A sentence quoted here is quoted in no other chapter.
 */
function chapterDraft(
  all: readonly Sentence[],
  raw: string,
  request: string,
  heading: string,
  chapterIndex: number,
  question: string,
): string {
  const eligible = all.filter((sentence) => score(sentence, sentence.inlineRef, new Set()) > 0);
  const ranked = chapterExtract(
    eligible.map((sentence) => sentence.text),
    chapterIndex,
    question,
  );
  const owned = ranked.slice(0, MAX_PER_CHAPTER).map((i) => eligible[i]!);
  const facts = collectFacts(owned, raw);
  const kind = classifyHeading(heading);
  const shown = new Set<Sentence>();
  const empty = (kind === 'demands' && facts.amounts.length === 0) || (kind === 'legal' && facts.statutes.length === 0);
  const block =
    kind === 'evidence'
      ? evidenceBlock(collectFacts(owned, raw), new Set(owned), true)
      : empty
        ? undefined
        : factBlock(kind, facts, request, shown);
  const rest = owned.filter((sentence) => !shown.has(sentence));
  const body: string[] = [];
  if (block && block !== EMPTY_SECTION) body.push(block);
  if (rest.length > 0) {
    if (body.length > 0) body.push('Aiheeseen liittyviä kohtia:');
    body.push(bullets(rest));
  }
  return body.length > 0 ? body.join('\n\n') : EMPTY_SECTION;
}

const MAX_PER_CHAPTER = 10;

/** What a requested heading asks for, as far as the offline model can serve it. */
type SectionKind = 'parties' | 'demands' | 'relief' | 'grounds' | 'legal' | 'evidence' | 'general';

/** Tested in this order: "Oikeudelliset perusteet" is legal, not grounds; "Tausta ja osapuolet" is parties. */
const HEADING_KINDS: readonly [SectionKind, RegExp][] = [
  ['evidence', /todiste|näyttö|liitteet|evidence|exhibits/iu],
  ['legal', /oikeudelli|säännö|lainsäädä|sovelletu|\blai[kt]|legal|statut|\blaws?\b/iu],
  ['parties', /asianosai|osapuol|parties|\bparty\b/iu],
  ['demands', /vaatimu(?!skirj)|vaateet|\bdemands?\b|\bclaims\b/iu],
  ['relief', /ratkaisu|pyyde|tuomiolauselm|\brelief\b|remedy/iu],
  ['grounds', /peruste|tapahtum|tosiseik|tausta|kulku|\bfacts\b|grounds|background/iu],
];

function classifyHeading(heading: string): SectionKind {
  return HEADING_KINDS.find(([, pattern]) => pattern.test(heading))?.[0] ?? 'general';
}

/** Sentences that state what a party asks for. */
const DEMAND_WORDS = /\b(?:vaati|vaade|vaatimu|pyytä|pyydä|pyyde|velvoit|korvattava|maksettava)/iu;
const MAX_FACTS = 12;
const MAX_CONTEXT_CHARS = 240;

/** The request's `- Kantaja: …` / `- Vastaajan yhteystiedot: …` lines. */
const PARTY_LINE = PARTY_LINE_PATTERN;
const CASE_NAME_LINE = CASE_NAME_LINE_PATTERN;
/** The case file's document headers: `<asiakirja tunnus="K1" tiedosto="Sopimus.pdf" sivuja="3">`. */
const DOCUMENT_TAG = DOCUMENT_TAG_PATTERN;

interface Found<T> {
  value: T;
  sentence: Sentence;
}

interface Facts {
  all: readonly Sentence[];
  amounts: Found<string>[];
  dates: Found<FoundDate>[];
  statutes: Found<string>[];
  companies: Found<FoundCompany>[];
  documents: { code: string; fileName?: string; pages?: number; title?: string }[];
  isEmpty: boolean;
}

/** Everything the finders recognise in the material, each with the sentence (and so the page) it came from. */
function collectFacts(all: readonly Sentence[], raw: string): Facts {
  const amounts: Found<string>[] = [];
  const dates: Found<FoundDate>[] = [];
  const statutes: Found<string>[] = [];
  const companies: Found<FoundCompany>[] = [];
  for (const sentence of all) {
    const plain = sentence.text.replace(PAGE_REF, ' ');
    for (const value of findAmounts(plain)) amounts.push({ value, sentence });
    for (const value of findDates(plain)) dates.push({ value, sentence });
    for (const value of findStatutes(plain)) statutes.push({ value, sentence });
    for (const value of findCompanies(plain)) companies.push({ value, sentence });
  }
  const documents = documentsOf(all, raw);
  return {
    all,
    amounts,
    dates,
    statutes,
    companies,
    documents,
    isEmpty: amounts.length + dates.length + statutes.length + companies.length === 0,
  };
}

/** The documents of the case file: from its headers, else from the page references seen. */
function documentsOf(all: readonly Sentence[], raw: string): Facts['documents'] {
  const documents = new Map<string, Facts['documents'][number]>();
  for (const match of raw.matchAll(DOCUMENT_TAG)) {
    const code = match[1]!;
    if (documents.has(code)) continue;
    documents.set(code, {
      code,
      fileName: match[2] || undefined,
      pages: match[3] ? Number(match[3]) : undefined,
      title: titleOf(code, raw),
    });
  }
  if (documents.size === 0) {
    for (const sentence of all) {
      const code = sentence.ref ? refParts(sentence.ref)?.code : undefined;
      if (code && !documents.has(code)) documents.set(code, { code, title: titleOf(code, raw) });
    }
  }
  return [...documents.values()];
}

/** The first line of a document's first page when it reads like a title (KAUPPASOPIMUS, Lasku 1234). */
function titleOf(code: string, raw: string): string | undefined {
  const escaped = code.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const line = new RegExp(`\\[${escaped} s\\.\\s?1\\]\\s*\\n\\s*([^\\n]{3,100})\\n`, 'u').exec(raw)?.[1];
  const title = line?.trim();
  // A sentence is not a title: a title is short and does not end in a full stop.
  if (!title || title.startsWith('[') || title.length > 80 || /[.!?]$/.test(title) || title.split(/\s+/).length > 8) {
    return undefined;
  }
  return title;
}

function refParts(ref: string): { code: string; page: number } | undefined {
  const match = /^\[([^\s[\]]+)\s+s\.\s?(\d+)/u.exec(ref);
  return match ? { code: match[1]!, page: Number(match[2]) } : undefined;
}

/** The structured part of a section: what the finders found that this kind of heading asks for. */
function factBlock(kind: SectionKind, facts: Facts, request: string, shown: Set<Sentence>): string | undefined {
  switch (kind) {
    case 'parties': {
      const lines = [...request.matchAll(PARTY_LINE)].map((match) => `- ${match[1]}: ${match[2]}`);
      const companies = uniqueBy(facts.companies, (found) => found.value.name.toLowerCase())
        .slice(0, MAX_FACTS)
        .map((found) => {
          const id =
            found.value.businessId ??
            facts.companies.find((other) => other.value.name === found.value.name && other.value.businessId)?.value
              .businessId;
          return `- ${found.value.name}${id ? ` (Y-tunnus ${id})` : ''}${refSuffix(found.sentence)}`;
        });
      const parts: string[] = [];
      if (lines.length > 0) parts.push(lines.join('\n'));
      if (companies.length > 0) parts.push('Aineistossa mainitut yritykset:', companies.join('\n'));
      return parts.length > 0 ? parts.join('\n\n') : undefined;
    }
    case 'demands': {
      const amounts = uniqueBy(facts.amounts, (found) => `${found.value}|${found.sentence.ref ?? ''}`).slice(
        0,
        MAX_FACTS,
      );
      if (amounts.length === 0) return '_Aineistosta ei löytynyt rahamääriä._';
      for (const found of amounts) shown.add(found.sentence);
      return [
        'Aineistossa mainitut rahamäärät:',
        amounts.map((found) => `- **${found.value}**: ${context(found.sentence)}`).join('\n'),
      ].join('\n\n');
    }
    case 'grounds': {
      const dates = uniqueBy(facts.dates, (found) => `${found.value.iso}|${found.sentence.index}`)
        .sort((a, b) => a.value.iso.localeCompare(b.value.iso) || a.sentence.index - b.sentence.index)
        .slice(0, MAX_FACTS);
      if (dates.length === 0) return undefined;
      for (const found of dates) shown.add(found.sentence);
      return [
        'Aikajärjestyksessä aineiston päivämäärien mukaan:',
        dates
          .map((found) => {
            const written = found.value.text === found.value.finnish ? '' : ` (${found.value.text})`;
            return `- **${found.value.finnish}**${written}: ${context(found.sentence)}`;
          })
          .join('\n'),
      ].join('\n\n');
    }
    case 'legal': {
      const groups = new Map<string, Found<string>[]>();
      for (const found of facts.statutes) {
        const key = found.value.toLowerCase();
        groups.set(key, [...(groups.get(key) ?? []), found]);
      }
      if (groups.size === 0) return '_Aineistosta ei löytynyt säännös- tai ennakkopäätösviittauksia._';
      const items = [...groups.values()].slice(0, MAX_FACTS).map((group) => {
        const first = group[0]!;
        shown.add(first.sentence);
        const more = uniqueStrings(
          group
            .slice(1)
            .map((found) => found.sentence.ref)
            .filter((ref): ref is string => Boolean(ref) && ref !== first.sentence.ref),
        );
        return `- **${first.value}**: ${context(first.sentence)}${more.length > 0 ? ` (myös ${more.join(', ')})` : ''}`;
      });
      return ['Aineistossa mainitut säännökset ja ennakkopäätökset:', items.join('\n')].join('\n\n');
    }
    case 'relief': {
      const demands = uniqueBy(
        facts.all.filter((sentence) => DEMAND_WORDS.test(sentence.text) && sentence.text.length > 20),
        (sentence) => sentence.text,
      ).slice(0, MAX_PER_SECTION);
      if (demands.length === 0) return undefined;
      for (const sentence of demands) shown.add(sentence);
      return ['Aineistossa esitetyt vaatimukset:', demands.map((sentence) => `- ${context(sentence)}`).join('\n')].join(
        '\n\n',
      );
    }
    case 'evidence':
    case 'general':
      return undefined;
  }
}

/** The evidence list: every document with its title and the pages this draft quotes. */
function evidenceBlock(facts: Facts, shown: ReadonlySet<Sentence>, single = false): string {
  if (facts.documents.length === 0) return EMPTY_SECTION;
  const cited = new Map<string, Set<number>>();
  for (const sentence of shown) {
    const parts = sentence.ref ? refParts(sentence.ref) : undefined;
    if (!parts) continue;
    const pages = cited.get(parts.code) ?? new Set<number>();
    pages.add(parts.page);
    cited.set(parts.code, pages);
  }
  return facts.documents
    .map((document) => {
      const described = [
        document.fileName,
        document.pages ? `${document.pages} ${document.pages === 1 ? 'sivu' : 'sivua'}` : undefined,
      ].filter(Boolean);
      const pages = [...(cited.get(document.code) ?? [])].sort((a, b) => a - b);
      return (
        `- **${document.code}**${described.length > 0 ? ` – ${described.join(', ')}` : ''}` +
        `${document.title ? `: ${document.title}` : ''}. ` +
        (pages.length > 0
          ? `${single ? 'Tässä luvussa poimitut sivut' : 'Luonnoksessa viitatut sivut'}: ${pages.map((page) => `[${document.code} s.${page}]`).join(', ')}.`
          : single
            ? 'Tähän lukuun ei poimittu lauseita tästä asiakirjasta.'
            : 'Luonnoksessa ei viitata tähän asiakirjaan.')
      );
    })
    .join('\n');
}

/**
 * Spreads the key sentences over the headings: a sentence asking for something
 * goes under the relief (else the demands) heading, one citing a statute under
 * the legal one; any other under the heading it shares most word stems with;
 * the rest under the heading with the fewest so far. The evidence list takes
 * none (it lists documents), and the parties take only sentences that match.
 */
function distribute(
  sentences: readonly Sentence[],
  headings: readonly string[],
  kinds: readonly SectionKind[],
): Sentence[][] {
  const headingWords = headings.map((heading) => stems(heading));
  const sections: Sentence[][] = headings.map(() => []);
  const room = (i: number) => i >= 0 && (sections[i]?.length ?? 0) < MAX_PER_SECTION;
  const demandsAt = kinds.indexOf('relief') >= 0 ? kinds.indexOf('relief') : kinds.indexOf('demands');
  const legalAt = kinds.indexOf('legal');
  for (const sentence of sentences) {
    let best = -1;
    if (DEMAND_WORDS.test(sentence.text) && room(demandsAt)) best = demandsAt;
    else if (findStatutes(sentence.text.replace(PAGE_REF, ' ')).length > 0 && room(legalAt)) best = legalAt;
    if (best < 0) {
      let bestOverlap = 0;
      headingWords.forEach((words, i) => {
        if (kinds[i] === 'evidence') return;
        let overlap = 0;
        for (const word of words) if (sentence.words.has(word)) overlap++;
        if (overlap > bestOverlap && room(i)) {
          best = i;
          bestOverlap = overlap;
        }
      });
    }
    if (best < 0) best = fewest(sections, kinds, FALLBACK_KINDS);
    if (best < 0) best = fewest(sections, kinds, ['parties', 'demands', 'relief', 'grounds', 'legal', 'general']);
    if (room(best)) sections[best]!.push(sentence);
  }
  return sections;
}

/** Where a sentence that matches no heading goes: a section of facts, not the parties, the law or the evidence. */
const FALLBACK_KINDS: readonly SectionKind[] = ['general', 'grounds', 'demands'];

/** The section of one of `allowed` kinds holding the fewest sentences (the first of equals), or -1. */
function fewest(
  sections: readonly Sentence[][],
  kinds: readonly SectionKind[],
  allowed: readonly SectionKind[],
): number {
  let best = -1;
  let least = Infinity;
  sections.forEach((section, i) => {
    if (!allowed.includes(kinds[i]!) || section.length >= MAX_PER_SECTION) return;
    if (section.length < least) {
      least = section.length;
      best = i;
    }
  });
  return best;
}

/** A sentence quoted as the context of a finding, with its page reference. */
function context(sentence: Sentence): string {
  let text = sentence.text;
  const ref = sentence.ref && !text.includes(sentence.ref) ? sentence.ref : undefined;
  if (text.length > MAX_CONTEXT_CHARS) {
    const refs = text.match(PAGE_REF)?.at(-1);
    text = `${text.slice(0, MAX_CONTEXT_CHARS).replace(/\s+\S*$/u, '')} …${refs ? ` ${refs}` : ''}`;
  }
  return ref ? `${text} ${ref}` : text;
}

function refSuffix(sentence: Sentence): string {
  return sentence.ref ? ` ${sentence.ref}` : '';
}

function uniqueBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const value = key(item);
    if (seen.has(value)) return false;
    seen.add(value);
    return true;
  });
}

function uniqueStrings(values: readonly string[]): string[] {
  return [...new Set(values)];
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
 * first page reference. The material is the user text from there on (assistant text is
 * what was already written, and is left out);
 * without any page reference, all user text counts as material.
 */
function splitRequestAndMaterial(messages: readonly ChatMessage[]): { request: string; material: string } {
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
function requestedStructure(request: string): { title: string | undefined; headings: string[] } {
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

function cleanHeading(text: string): string {
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
function readSentences(material: string): Sentence[] {
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
function pickSentences(all: readonly Sentence[], request: string): Sentence[] {
  const requestWords = stems(request);
  for (const sentence of all) sentence.score = score(sentence, sentence.inlineRef, requestWords);
  return all
    .filter((sentence) => sentence.score > 0)
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

const STOP_WORDS = new Set<string>([
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
