/**
 * Passages of the parties' documents that speak to an AI or to the tribunal
 * with instructions ("ignore your previous instructions", "as an AI model",
 * "ohita aiemmat ohjeet", "tekoälylle") — a prompt injection, or an attempt to
 * steer the award. The documents still go to the model as evidence (inside the
 * evidence block the system message declares data, never instructions); these
 * passages are listed for the tribunal with document and page.
 */
export interface InjectionFinding {
  /** The document's code in the case file (K1, V2). */
  code: string;
  /** 1-based page. */
  page: number;
  /** The passage around the match, on one line. */
  excerpt: string;
}

/** A word boundary that knows ä and ö (`\b` in a JavaScript regular expression is ASCII-only). */
const B = '(?<![\\p{L}\\p{N}])';
const E = '(?![\\p{L}\\p{N}])';
const W = '[\\p{L}\\p{N}]*';

/** Phrases that address a language model or give the tribunal orders, English and Finnish (with inflections). */
const PATTERNS: readonly RegExp[] = [
  // English
  `${B}(?:ignore|disregard|forget|override)\\s+(?:all\\s+|any\\s+)?(?:(?:the|your|my|previous|prior|above|earlier|preceding|system)\\s+){0,3}(?:instructions?|prompts?|rules|directions|guidelines)${E}`,
  `${B}as\\s+an?\\s+(?:ai|artificial intelligence|language)\\s+(?:language\\s+)?(?:model|assistant)${E}`,
  `${B}(?:you\\s+are|you're)\\s+(?:now\\s+)?(?:an?\\s+)?(?:ai|chatgpt|gpt|language model|llm)${E}`,
  `${B}(?:note|message|instructions?)\\s+(?:to|for)\\s+(?:the\\s+)?(?:ai|llm|language model|ai assistant|arbitrator|arbitral tribunal|tribunal)${E}`,
  `${B}(?:system\\s+prompt|new\\s+instructions|jailbreak|prompt\\s+injection)${E}`,
  // Finnish
  `${B}(?:ohita|ohittakaa|sivuuta|unohda|unohtakaa|älä\\s+noudata|jätä\\s+huomiotta)\\s+(?:${W}\\s+){0,2}(?:ohje${W}|ohjei${W}|kehot${W}|sääntö${W}|määräyk${W})`,
  `${B}(?:tekoälylle|tekoälymallille|kielimallille|chatgpt:lle|avustajalle)${E}`,
  `${B}(?:tekoälynä|kielimallina)${E}`,
  `${B}välimie(?:soikeudelle|helle|hille|slautakunnalle)\\s+(?:${W}\\s+){0,2}ohje${W}`,
  `${B}(?:ohje|ohjeet|viesti|huomautus)\\s+(?:${W}\\s+)?(?:tekoälylle|kielimallille|välimiesoikeudelle|välimiehelle)${E}`,
  `${B}olet\\s+(?:nyt\\s+)?(?:tekoäly|kielimalli)${W}`,
].map((source) => new RegExp(source, 'giu'));

const EXCERPT_RADIUS = 80;

/** Every page of every document, each passage once; at most `limit` findings. */
export function scanForInjections(
  documents: readonly { code: string; pages: readonly string[] }[],
  limit = 50,
): InjectionFinding[] {
  const findings: InjectionFinding[] = [];
  for (const document of documents) {
    document.pages.forEach((text, index) => {
      const covered: [number, number][] = [];
      for (const pattern of PATTERNS) {
        for (const match of text.matchAll(pattern)) {
          const at = match.index;
          if (covered.some(([from, to]) => at >= from && at <= to)) continue;
          const from = Math.max(0, at - EXCERPT_RADIUS);
          const to = Math.min(text.length, at + match[0].length + EXCERPT_RADIUS);
          covered.push([from, to]);
          if (findings.length >= limit) return;
          findings.push({
            code: document.code,
            page: index + 1,
            excerpt: `${from > 0 ? '…' : ''}${text.slice(from, to).replace(/\s+/gu, ' ').trim()}${to < text.length ? '…' : ''}`,
          });
        }
      }
    });
  }
  return findings;
}
