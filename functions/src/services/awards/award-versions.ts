import type { DispositivePart } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';

/** Where a version's text is kept: the 'attachments' container, beside the case's files. */
export function versionBlobName(disputeId: string, awardId: string, version: number): string {
  return `${disputeId}/award-${awardId}/v${version}.json`;
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
