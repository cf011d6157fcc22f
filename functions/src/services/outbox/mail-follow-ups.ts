import type { Deps } from '../../deps.js';
import type { Stored } from '../../ports/store.js';
import type { MailDocument } from './mail-document.js';

export type FollowUpDeps = Pick<Deps, 'store' | 'clock' | 'log' | 'config' | 'blobs'>;

/**
 * What a domain records once one of its mails is sent or given up, looked up by `followUp.kind` — so the
 * outbox (a low layer) never imports the domain (the awards register the § 37 delivery record). A follow-up
 * must be idempotent: after a crash it runs again for the same mail.
 */
export type MailFollowUpHandler = (deps: FollowUpDeps, mail: Stored<MailDocument>) => Promise<void>;

const handlers = new Map<string, MailFollowUpHandler>();

export function registerMailFollowUp(kind: string, handler: MailFollowUpHandler): void {
  handlers.set(kind, handler);
}

export function mailFollowUp(kind: string): MailFollowUpHandler | undefined {
  return handlers.get(kind);
}
