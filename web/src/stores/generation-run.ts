/** The timers and in-flight calls of one Generate; stopping it makes every later answer a no-op. */
export class GenerationRun {
  private readonly controller = new AbortController();
  private pollTimer: ReturnType<typeof setTimeout> | undefined;
  private progressTimer: ReturnType<typeof setInterval> | undefined;

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get stopped(): boolean {
    return this.controller.signal.aborted;
  }

  schedule(delayMs: number, next: () => void): void {
    clearTimeout(this.pollTimer);
    this.pollTimer = setTimeout(next, delayMs);
  }

  tick(every: number, next: () => void): void {
    clearInterval(this.progressTimer);
    this.progressTimer = setInterval(next, every);
  }

  stopProgress(): void {
    clearInterval(this.progressTimer);
  }

  stop(): void {
    this.controller.abort();
    clearTimeout(this.pollTimer);
    this.stopProgress();
  }
}
