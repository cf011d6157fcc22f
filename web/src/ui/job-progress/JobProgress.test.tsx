import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import type { JobStatusView } from '@ratkaisu/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { JobProgress } from './JobProgress';
import type { JobScope } from './job-progress-text';

afterEach(cleanup);

function show(status: JobStatusView | null, uploaded: number | null = null, scope?: JobScope) {
  initI18n();
  render(
    <FluentProvider theme={webLightTheme}>
      <JobProgress status={status} uploaded={uploaded} label="Progress" {...(scope ? { scope } : {})} />
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
    expect(show(queued(3, 240)).stage).toBe('Waiting for model capacity — 3rd in line, about 4 minutes');
    cleanup();
    expect(show(queued(2, 42)).stage).toBe('Waiting for model capacity — 2nd in line, about 40 seconds');
    cleanup();
    expect(show(queued(11, 600)).stage).toBe('Waiting for model capacity — 11th in line, about 10 minutes');
    cleanup();
    expect(show(queued(21, 60)).stage).toBe('Waiting for model capacity — 21st in line, about 60 seconds');
    cleanup();
    expect(show(queued(1, 5)).stage).toBe('Waiting for model capacity — next in line, about 5 seconds');
  });

  it('says a running job that waits for model capacity is waiting, not writing, with its place and wait', () => {
    const waiting = (progress: JobStatusView['progress'], position: number, etaSeconds: number): JobStatusView => ({
      ...runningAt(progress, 400),
      queue: { position, etaSeconds, capacity: true },
    });
    const shown = show(waiting({ stage: 'drafting', done: 2, total: 7 }, 2, 240));
    expect(shown.stage).toBe('Waiting for model capacity before chapter 3 of 7 — 2nd in line, about 4 minutes');
    expect(shown.estimate).toBe('About 7 minutes left');
    cleanup();
    expect(show(waiting({ stage: 'drafting', done: 0, total: 7 }, 1, 20)).stage).toBe(
      'Waiting for model capacity before chapter 1 of 7 — next in line, about 20 seconds',
    );
    cleanup();
    expect(show(waiting({ stage: 'extracting' }, 3, 90)).stage).toBe(
      'Waiting for model capacity — 3rd in line, about 2 minutes',
    );
    cleanup();
    expect(show(waiting(undefined, 1, 5)).stage).toBe('Waiting for model capacity — next in line, about 5 seconds');
    cleanup();
    // The same job writing again once its call started.
    expect(show(runningAt({ stage: 'drafting', done: 2, total: 7 })).stage).toBe('Writing chapter 3 of 7…');
  });

  it('says a regeneration’s one chapter, not the decision’s count, and no whole decision’s estimate', () => {
    const chapter3 = { chapter: 3 };
    // The server counts the decision's other chapters as done: 6 of 7 while chapter 3 is written again.
    const regenerating = (queue?: JobStatusView['queue']): JobStatusView => ({
      ...runningAt({ stage: 'drafting', done: 6, total: 7 }, 420),
      ...(queue ? { queue } : {}),
    });
    expect(show({ jobId: 'j', status: 'Queued', queue: { position: 2, etaSeconds: 240 } }, null, chapter3).stage).toBe(
      'Waiting for model capacity — 2nd in line, about 4 minutes',
    );
    cleanup();
    const waiting = show(regenerating({ position: 2, etaSeconds: 240, capacity: true }), null, chapter3);
    expect(waiting.stage).toBe('Waiting for model capacity before chapter 3 — 2nd in line, about 4 minutes');
    expect(waiting.estimate).toBeNull();
    cleanup();
    expect(show(regenerating({ position: 1, etaSeconds: 20, capacity: true }), null, chapter3).stage).toBe(
      'Waiting for model capacity before chapter 3 — next in line, about 20 seconds',
    );
    cleanup();
    const writing = show(regenerating(), null, chapter3);
    expect(writing.stage).toBe('Writing chapter 3…');
    // Neither "7 minutes" (the median of whole decisions) nor a bar at 6/7.
    expect(writing.estimate).toBeNull();
    expect(writing.bar.getAttribute('aria-valuenow')).toBeNull();
    cleanup();
    expect(show(runningAt({ stage: 'citations' }), null, chapter3).stage).toBe(
      'Checking the citations against the documents…',
    );
  });

  it('says it in Finnish too', async () => {
    initI18n();
    const { default: i18n } = await import('i18next');
    await i18n.changeLanguage('fi');
    try {
      const shown = show({
        ...runningAt({ stage: 'drafting', done: 2, total: 7 }),
        queue: { position: 2, etaSeconds: 240, capacity: true },
      });
      expect(shown.stage).toBe('Odotetaan kielimallin kapasiteettia ennen lukua 3/7 — 2. jonossa, noin 4 minuuttia');
      cleanup();
      expect(show({ jobId: 'j', status: 'Queued', queue: { position: 1, etaSeconds: 30 } }).stage).toBe(
        'Odotetaan kielimallin kapasiteettia — seuraavana vuorossa, noin 30 sekuntia',
      );
      cleanup();
      expect(show(runningAt({ stage: 'drafting', done: 6, total: 7 }), null, { chapter: 3 }).stage).toBe(
        'Kirjoitetaan lukua 3…',
      );
    } finally {
      await i18n.changeLanguage('en');
    }
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
