import { CLAIM_MESSAGES, type JobKind } from '@ratkaisu/core';

/** The start of a job's failure message, without a full stop, so that the reason can follow it. */
export function failedMessage(kind: JobKind): string {
  switch (kind) {
    case 'claim':
      return CLAIM_MESSAGES.failed.replace(/\.$/, '');
    case 'decision':
    case 'anonymous-decision':
      return 'The decision generation failed';
  }
}
