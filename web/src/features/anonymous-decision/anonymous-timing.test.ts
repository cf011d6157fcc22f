import { describe, expect, it } from 'vitest';
import { simulatedProgress, statusCheckDelay } from './anonymous-timing';

describe('simulatedProgress', () => {
  it('climbs from 5 % to 25 % over the first 30 s', () => {
    expect(simulatedProgress(0)).toEqual({ percent: 5, textKey: 'progressReading', phase: 'phaseStart' });
    expect(simulatedProgress(15_000).percent).toBe(15);
    expect(simulatedProgress(22_500)).toMatchObject({ percent: 20, textKey: 'progressAnalyzing' });
    expect(simulatedProgress(30_000)).toEqual({ percent: 25, textKey: 'progressAnalyzing', phase: 'phaseProcessing' });
  });

  it('then approaches 95 % over about ten minutes and never passes it', () => {
    const at = (minutes: number) => simulatedProgress(30_000 + minutes * 60_000).percent;
    expect(at(1)).toBeGreaterThan(25);
    expect(at(2)).toBeLessThan(60);
    expect(at(10)).toBeGreaterThanOrEqual(90);
    expect(at(10)).toBeLessThanOrEqual(95);
    expect(at(60)).toBe(95);
    expect(at(600)).toBe(95);
    let previous = 0;
    for (let ms = 0; ms <= 20 * 60_000; ms += 500) {
      const { percent } = simulatedProgress(ms);
      expect(percent).toBeGreaterThanOrEqual(previous);
      previous = percent;
    }
  });

  it('changes its text at 20, 40, 60 and 80 %, and its phase as the work moves on', () => {
    const first = (predicate: (percent: number) => boolean) => {
      for (let ms = 0; ; ms += 500) if (predicate(simulatedProgress(ms).percent)) return simulatedProgress(ms);
    };
    expect(first((p) => p >= 40)).toMatchObject({ textKey: 'progressDrafting', phase: 'phaseGenerating' });
    expect(first((p) => p >= 60)).toMatchObject({ textKey: 'progressChecking', phase: 'phaseGenerating' });
    expect(first((p) => p >= 80)).toMatchObject({ textKey: 'progressFinalizing', phase: 'phaseFinalizing' });
    expect(simulatedProgress(39_000)).toMatchObject({ textKey: 'progressAnalyzing', phase: 'phaseProcessing' });
  });
});

describe('statusCheckDelay', () => {
  it('is 15 s without failures, and 15 s × 1.5^attempt plus up to 1 s after them, at most 30 s', () => {
    const none = () => 0;
    const most = () => 0.999;
    expect(statusCheckDelay(0, most)).toBe(15_000);
    expect(statusCheckDelay(1, none)).toBe(15_000);
    expect(statusCheckDelay(1, most)).toBe(15_999);
    expect(statusCheckDelay(2, none)).toBe(22_500);
    expect(statusCheckDelay(2, most)).toBe(23_499);
    expect(statusCheckDelay(3, none)).toBe(30_000);
    expect(statusCheckDelay(4, most)).toBe(30_000);
  });
});
