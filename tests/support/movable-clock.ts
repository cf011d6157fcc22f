import type { Clock } from '../../functions/src/ports/clock.js';

/**
 * A clock the tests move by hand: real time plus an offset `advance` adds to (so time still passes for
 * what runs in between), or, with `frozen`, a time that moves only when advanced (to step over expiry
 * exactly). The one clock of the API, contract and unit tests that move time.
 */
export class MovableClock implements Clock {
  private offsetMs = 0;
  private readonly frozenAt: number | undefined;

  constructor(options: { frozen?: boolean; at?: Date } = {}) {
    this.frozenAt = options.frozen ? (options.at?.getTime() ?? Date.now()) : undefined;
  }

  now(): Date {
    return new Date((this.frozenAt ?? Date.now()) + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
