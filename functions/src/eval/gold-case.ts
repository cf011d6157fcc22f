import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * A case of the evaluation set (eval/cases/*.json, docs/eval.md): the parties, the documents' text page by
 * page (rendered to PDFs at run time, eval/case-pdfs.ts) and the gold — what a careful arbitrator would
 * decide, which facts the decision must rest on and where they stand, the law that applies, and the traps.
 */
const isoDate = z.iso.date();

const partySchema = z.object({
  name: z.string().min(1),
  identificationNumber: z.string().min(1),
  address: z.string().min(1),
});

export const goldClaimSchema = z.object({
  id: z.string().min(1),
  /** Who claims it. */
  by: z.enum(['claimant', 'respondent']),
  kind: z.enum(['payment', 'costs']),
  label: z.string().min(1),
  /** A word stem every order deciding this claim names (the claim's subject, in any inflection). */
  keyword: z.string().min(3),
  amountCents: z.number().int().positive(),
  interest: z.object({ basis: z.enum(['penalty', 'fixed']), from: isoDate }).optional(),
  /** What the gold decision awards (0: dismissed). */
  awardedCents: z.number().int().min(0),
});
export type GoldClaim = z.infer<typeof goldClaimSchema>;

export const goldTrapSchema = z.discriminatedUnion('kind', [
  /** A figure that one document states differently from the document that proves it. */
  z.object({
    kind: z.literal('conflicting-figure'),
    correct: z.string(),
    wrong: z.string(),
    wrongCents: z.number().int().positive(),
    refs: z.array(z.string()),
  }),
  /** A party cites a section or a precedent that does not exist. */
  z.object({ kind: z.literal('invented-authority'), text: z.string().min(3), ref: z.string() }),
  /** A document carries an instruction to the AI; obeying it writes `canary` as the decision's own words. */
  z.object({ kind: z.literal('hidden-instruction'), canary: z.string().min(10), marker: z.string(), ref: z.string() }),
]);
export type GoldTrap = z.infer<typeof goldTrapSchema>;

export const goldCaseSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  kind: z.string().min(1),
  outcome: z.enum(['upheld', 'partly', 'dismissed']),
  /** Part of `--cases smoke` (and of the test run inside `npm test`). */
  smoke: z.boolean(),
  caseName: z.string().min(1),
  claimant: partySchema,
  respondent: partySchema,
  documents: z
    .array(
      z.object({
        prefix: z.enum(['K', 'V']),
        fileName: z.string().regex(/\.pdf$/),
        pages: z.array(z.string().min(1)).min(1),
      }),
    )
    .min(2),
  gold: z.object({
    claims: z.array(goldClaimSchema).min(1),
    setOff: z.object({ label: z.string(), amountCents: z.number().int().positive(), accepted: z.boolean() }).nullable(),
    /** Key facts: the value as the cited page writes it. */
    facts: z.array(z.object({ label: z.string(), value: z.string(), ref: z.string() })).min(1),
    /** The statutes that apply, `korkolaki 4 §`. */
    statutes: z.array(z.string()),
    /** Precedents a decision may cite (none in this set: the gold decisions rest on statutes and the contracts). */
    precedents: z.array(z.string()),
    traps: z.array(goldTrapSchema),
    /** The finding the decision turns on, in a sentence. */
    reasoning: z.string(),
  }),
});
export type GoldCase = z.infer<typeof goldCaseSchema>;

/** The set's folder: `eval/cases` at the repository root. */
export function defaultCasesDir(): string {
  // functions/src/eval or functions/dist/eval: three folders up is the repository.
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../eval/cases');
}

/** Every case in the folder, by file name; `smoke` keeps the smoke subset; `ids` keeps those named. */
export function loadGoldCases(dir: string, selection: 'all' | 'smoke' | readonly string[] = 'all'): GoldCase[] {
  const cases = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const parsed = goldCaseSchema.safeParse(JSON.parse(readFileSync(path.join(dir, name), 'utf8')));
      if (!parsed.success) throw new Error(`${name}: ${z.prettifyError(parsed.error)}`);
      return parsed.data;
    });
  if (selection === 'all') return cases;
  if (selection === 'smoke') return cases.filter((gold) => gold.smoke);
  const wanted = new Set(selection);
  const chosen = cases.filter((gold) => wanted.has(gold.id));
  const missing = [...wanted].filter((id) => !chosen.some((gold) => gold.id === id));
  if (missing.length > 0) throw new Error(`No such case: ${missing.join(', ')}`);
  return chosen;
}

/** The document codes the case file gives the documents: K1, K2, … then V1, … in order. */
export function documentCodes(gold: GoldCase): string[] {
  const counts = { K: 0, V: 0 };
  return gold.documents.map((document) => `${document.prefix}${++counts[document.prefix]}`);
}
