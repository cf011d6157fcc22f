import type { JobKind } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { JobDocument } from './job-document.js';

/**
 * What a job kind does beyond the job document, looked up by kind so that the generic job machinery
 * (the stale-job sweep, dead-lettering) never imports a use case: each kind's domain registers its
 * hooks (decisions/decision-job-kind.ts), and workers.ts and timers.ts load those registrations.
 */
export interface JobKindHooks {
  /**
   * Mirrors a job failed outside its worker where its worker would have (a case decision's
   * attachment stops showing Generating). Must be harmless to call twice.
   */
  reflectFailure(
    deps: Pick<Deps, 'store' | 'log'>,
    job: Pick<JobDocument, 'id' | 'kind' | 'input'>,
    errorMessage: string,
  ): Promise<void>;
}

const registry = new Map<JobKind, JobKindHooks>();

/** Registers a kind's hooks; a kind registers once (registering the same hooks again is harmless). */
export function registerJobKind(kind: JobKind, hooks: JobKindHooks): void {
  const known = registry.get(kind);
  if (known && known !== hooks) throw new Error(`Job kind ${kind} is registered twice`);
  registry.set(kind, hooks);
}

/** The hooks of a kind; undefined for a kind whose jobs keep their whole state on the job (claims, anonymous). */
export function jobKindHooks(kind: JobKind): JobKindHooks | undefined {
  return registry.get(kind);
}
