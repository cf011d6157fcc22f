import { ModelAbortedError, type ChatMessage, type CompletionRequest, type Model } from '../../ports/model.js';
import { askedChapter, chapterExtract } from './offline-ranking.js';
import {
  bullets,
  CASE_NAME_LINE,
  classifyHeading,
  collectFacts,
  distribute,
  EMPTY_SECTION,
  evidenceBlock,
  factBlock,
  type SectionKind,
} from './offline-sections.js';
import {
  pickSentences,
  readSentences,
  requestedStructure,
  score,
  splitRequestAndMaterial,
  type Sentence,
} from './offline-sentences.js';

/**
 * The offline model: the local default when no endpoint is configured
 * (docs/architecture.md rule 6). It does not write; it EXTRACTS. From the request it takes
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
