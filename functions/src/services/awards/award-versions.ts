import type { DispositivePart } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';

/**
 * Where a version's text is kept: the 'attachments' container, beside the case's files. Edits carry a
 * nonce, so two members saving the same version at once never write the same blob (the loser's is removed).
 */
export function versionBlobName(disputeId: string, awardId: string, version: number, nonce?: string): string {
  return `${disputeId}/award-${awardId}/v${version}${nonce ? `-${nonce}` : ''}.json`;
}

export interface VersionText {
  chapters: { heading: string; text: string }[];
  dispositive?: DispositivePart;
  costs?: string;
}

export async function writeVersionText(deps: Pick<Deps, 'blobs'>, blobName: string, text: VersionText): Promise<void> {
  await deps.blobs.upload('attachments', blobName, Buffer.from(JSON.stringify(text), 'utf8'), {
    contentType: 'application/json',
  });
}
