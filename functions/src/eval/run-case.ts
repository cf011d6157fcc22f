import { performance } from 'node:perf_hooks';
import { defaultDecisionSettings } from '@ratkaisu/core';
import type { Config } from '../config.js';
import type { Deps } from '../deps.js';
import type { Logger } from '../log.js';
import type { Blobs } from '../ports/blobs.js';
import type { Model } from '../ports/model.js';
import { systemClock } from '../ports/clock.js';
import type { DecisionDraft } from '../services/decisions/decision-draft.js';
import { draftDecision } from '../services/decisions/draft-decision.js';
import { renderCasePdfs } from './case-pdfs.js';
import type { GoldCase } from './gold-case.js';

export interface CaseRun {
  draft: DecisionDraft;
  wallMs: number;
}

/**
 * One case through the production decision pipeline (services/decisions/draft-decision.ts): the PDFs read
 * by pdf.js into page-referenced text and cached as in production, the case file condensed when it is over
 * the context budget, the default instructions and seven chapter prompts along the chapter graph, the
 * dispositive part read from chapter 6, and every citation checked. Only storage is in memory.
 */
export async function runCase(
  gold: GoldCase,
  setup: { model: Model; config: Config; log: Logger },
  signal: AbortSignal = new AbortController().signal,
): Promise<CaseRun> {
  const pdfs = await renderCasePdfs(gold);
  const stored = new Map<string, Buffer>(
    pdfs.map((pdf) => [`attachments/${gold.id}/${pdf.code}`, Buffer.from(pdf.bytes)]),
  );
  const blobs = {
    downloadBuffer: async (container: string, name: string) => stored.get(`${container}/${name}`),
    upload: async (container: string, name: string, body: Buffer) => {
      stored.set(`${container}/${name}`, Buffer.from(body));
      return { contentType: 'application/octet-stream', size: body.length, etag: String(stored.size) };
    },
  } as Partial<Blobs> as Blobs;
  // The pipeline needs these of Deps alone: the model, its settings, the blobs of the documents and their text cache.
  const deps = {
    config: setup.config,
    blobs,
    model: setup.model,
    clock: systemClock,
    log: setup.log,
  } as Partial<Deps> as Deps;
  const groups = (['K', 'V'] as const).map((prefix) => ({
    prefix,
    phase: prefix === 'K' ? ('Claim' as const) : ('Response' as const),
    documents: pdfs
      .filter((pdf) => pdf.prefix === prefix)
      .map((pdf) => ({
        fileId: `${gold.id}-${pdf.code}`,
        fileName: pdf.fileName,
        container: 'attachments' as const,
        blobName: `${gold.id}/${pdf.code}`,
      })),
  }));
  const started = performance.now();
  const draft = await draftDecision(
    deps,
    {
      caseName: gold.caseName,
      claimant: gold.claimant,
      respondent: gold.respondent,
      groups,
      settings: defaultDecisionSettings(),
    },
    signal,
  );
  return { draft, wallMs: Math.round(performance.now() - started) };
}
