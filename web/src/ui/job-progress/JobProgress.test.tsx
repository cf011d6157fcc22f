import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import type { JobStatusView } from '@ratkaisu/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { JobProgress } from './JobProgress';

afterEach(cleanup);

function show(status: JobStatusView | null, uploaded: number | null = null) {
  initI18n();
  render(
    <FluentProvider theme={webLightTheme}>
      <JobProgress status={status} uploaded={uploaded} label="Progress" />
    </FluentProvider>,
  );
  return {
    stage: screen.getByTestId('job-progress-stage').textContent,
    estimate: screen.queryByTestId('job-progress-estimate')?.textContent ?? null,
    bar: screen.getByRole('progressbar', { hidden: true }),
  };
}

const runningAt = (progress: JobStatusView['progress'], estimateSeconds?: number): JobStatusView => ({
  jobId: 'j',
  status: 'Running',
  progress,
  ...(estimateSeconds !== undefined ? { estimateSeconds } : {}),
});

describe('JobProgress', () => {
  it('says each stage the server reports', () => {
    const cases: [JobStatusView | null, string][] = [
      [null, 'Waiting to start…'],
      [{ jobId: 'j', status: 'Queued' }, 'Waiting to start…'],
      [runningAt(undefined), 'Starting…'],
      [runningAt({ stage: 'extracting' }), 'Extracting text from the documents…'],
      [
        runningAt({ stage: 'ocr', done: 3, total: 12, fileName: 'sopimus.pdf' }),
        'Reading scanned pages 3/12 (sopimus.pdf)',
      ],
      [runningAt({ stage: 'drafting', done: 2, total: 7 }), 'Writing chapter 3 of 7…'],
      [runningAt({ stage: 'drafting', done: 7, total: 7 }), 'Writing chapter 7 of 7…'],
      [runningAt({ stage: 'drafting' }), 'The language model is writing the draft…'],
      [runningAt({ stage: 'citations' }), 'Checking the citations against the documents…'],
      [runningAt({ stage: 'rendering' }), 'Rendering the PDF…'],
      [{ jobId: 'j', status: 'Completed' }, 'Done'],
    ];
    for (const [status, text] of cases) {
      expect(show(status).stage).toBe(text);
      cleanup();
    }
  });

  it('says the place in the queue and the wait', () => {
    const queued = (position: number, etaSeconds: number): JobStatusView => ({
      jobId: 'j',
      status: 'Queued',
      queue: { position, etaSeconds },
    });
    expect(show(queued(3, 240)).stage).toBe('3rd in line, about 4 minutes');
    cleanup();
    expect(show(queued(2, 42)).stage).toBe('2nd in line, about 40 seconds');
    cleanup();
    expect(show(queued(11, 600)).stage).toBe('11th in line, about 10 minutes');
    cleanup();
    expect(show(queued(21, 60)).stage).toBe('21st in line, about 60 seconds');
    cleanup();
    expect(show(queued(1, 5)).stage).toBe('Next in line, about 5 seconds');
  });

  it('shows the server’s estimate, and none when it gives none', () => {
    expect(show(runningAt({ stage: 'drafting', done: 1, total: 7 }, 150)).estimate).toBe('About 3 minutes left');
    cleanup();
    expect(show(runningAt({ stage: 'extracting' }, 20)).estimate).toBe('About 20 seconds left');
    cleanup();
    expect(show(runningAt({ stage: 'extracting' })).estimate).toBeNull();
  });

  it('fills the bar only with what the server counts; otherwise the bar shows activity without a number', () => {
    expect(show(runningAt({ stage: 'drafting', done: 2, total: 8 })).bar.getAttribute('aria-valuenow')).toBe('0.25');
    cleanup();
    expect(
      show(runningAt({ stage: 'ocr', done: 1, total: 4, fileName: 'a.pdf' })).bar.getAttribute('aria-valuenow'),
    ).toBe('0.25');
    cleanup();
    const bar = show(runningAt({ stage: 'extracting' })).bar;
    expect(bar.getAttribute('aria-valuenow')).toBeNull();
    cleanup();
    const upload = show(null, 0.5);
    expect(upload.stage).toBe('Uploading documents… 50%');
    expect(upload.bar.getAttribute('aria-valuenow')).toBe('0.5');
  });
});
