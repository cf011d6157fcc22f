import { CLAIM_MESSAGES, type JobKind } from '@ratkaisu/core';

/** The start of a job's failure message, without a full stop, so that the reason can follow it. */
export function failedMessage(kind: JobKind): string {
  switch (kind) {
    case 'claim':
      return CLAIM_MESSAGES.failed.replace(/\.$/, '');
    case 'decision':
    case 'anonymous-decision':
      return 'The decision generation failed';
    case 'claims-summary':
      return "The summary of the parties' claims failed";
    case 'data-export':
      return 'The copy of your data could not be made';
  }
}

/** A job whose runs were all cut short, or could not finish, `attempts` times. */
export function interruptedMessage(kind: JobKind, attempts: number, wasRunning: boolean): string {
  const what = wasRunning ? 'it was interrupted' : 'it could not finish';
  return `${failedMessage(kind)}: ${what} ${attempts} times before it could finish. Please try again later.`;
}

/** A job whose queue message kept failing until the queue gave up on it (dead-lettered). */
export function undeliverableMessage(kind: JobKind): string {
  return `${failedMessage(kind)}: it could not be processed. Please try again later.`;
}

/** A job that never started: its message was lost, or the queue was stuck for hours. */
export function neverStartedMessage(kind: JobKind): string {
  return `${failedMessage(kind)}: it did not start in time. Please try again.`;
}
