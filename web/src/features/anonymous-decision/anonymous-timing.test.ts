import { describe, expect, it } from 'vitest';
import type { JobStatusView } from '@ratkaisu/core';
import { phaseOfStatus, statusCheckDelay } from './anonymous-timing';

describe('phaseOfStatus', () => {
  it('follows the stage the server reports, not the time', () => {
    const running = (progress?: JobStatusView['progress']): JobStatusView => ({
      jobId: 'j',
      status: 'Running',
      progress,
    });
    expect(phaseOfStatus(null, true)).toBe('phaseStart');
    expect(phaseOfStatus({ jobId: 'j', status: 'Queued' }, false)).toBe('phaseStart');
    expect(phaseOfStatus(running(), false)).toBe('phaseStart');
    expect(phaseOfStatus(running({ stage: 'extracting' }), false)).toBe('phaseProcessing');
    expect(phaseOfStatus(running({ stage: 'ocr', done: 1, total: 2, fileName: 'a.pdf' }), false)).toBe(
      'phaseProcessing',
    );
    expect(phaseOfStatus(running({ stage: 'drafting', done: 2, total: 7 }), false)).toBe('phaseGenerating');
    expect(phaseOfStatus(running({ stage: 'citations' }), false)).toBe('phaseFinalizing');
    expect(phaseOfStatus(running({ stage: 'rendering' }), false)).toBe('phaseFinalizing');
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
