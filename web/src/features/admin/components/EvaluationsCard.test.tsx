import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { EvaluationsView } from '@ratkaisu/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { jsonResponse, mockApi } from '../../../test/mock-api';
import { resetStores, withQueries } from '../../../test/render-app';
import { EvaluationsCard } from './EvaluationsCard';

/** The evaluation scorecards in the AI oversight tab, against fixture answers of GET /api/superadmin/evaluations. */
const published: EvaluationsView = {
  evaluations: [
    {
      deployment: 'gpt-4o-eval',
      baseUrl: 'https://example.openai.azure.com',
      promptVersion: 'b421d882c146',
      startedAt: '2026-11-28T19:21:33.578Z',
      selection: 'all',
      cases: 12,
      failed: ['amountAccuracy'],
      metrics: [
        { name: 'citationPrecision', mean: 0.97, threshold: 0.9, gated: true },
        { name: 'amountAccuracy', mean: 0.396, threshold: 0.8, gated: true },
        { name: 'trapHiddenInstruction', mean: 1, threshold: 1, gated: true },
      ],
    },
    {
      deployment: 'offline',
      baseUrl: null,
      promptVersion: 'b421d882c146',
      startedAt: '2026-11-27T10:00:00.000Z',
      selection: 'all',
      cases: 12,
      failed: [],
      metrics: [
        { name: 'citationPrecision', mean: 1, threshold: 0.9, gated: true },
        { name: 'amountAccuracy', mean: null, threshold: 0.8, gated: false },
        { name: 'trapHiddenInstruction', mean: 1, threshold: 1, gated: true },
      ],
    },
  ],
};

function renderCard() {
  initI18n();
  return render(<FluentProvider theme={webLightTheme}>{withQueries(<EvaluationsCard />)}</FluentProvider>);
}

beforeEach(() => resetStores());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Evaluations card', () => {
  it('lists each deployment and prompt version with its verdict and metrics', async () => {
    mockApi({ 'GET /api/superadmin/evaluations': () => jsonResponse(published) });
    renderCard();
    const rows = await screen.findAllByTestId('evaluation-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByText('gpt-4o-eval')).toBeTruthy();
    expect(first.getByText('Below threshold: amountAccuracy')).toBeTruthy();
    expect(first.getByText('97%')).toBeTruthy();
    expect(first.getByText('39.6%')).toBeTruthy();
    const second = within(rows[1]!);
    expect(second.getByText('Passed')).toBeTruthy();
    // The offline model decides nothing: no amount figure.
    expect(second.getByText('—')).toBeTruthy();
  });

  it('says when nothing has been published, and when the list cannot be loaded', async () => {
    mockApi({ 'GET /api/superadmin/evaluations': () => jsonResponse({ evaluations: [] }) });
    renderCard();
    expect(await screen.findByText(/No evaluation has been published/)).toBeTruthy();
    cleanup();
    mockApi({ 'GET /api/superadmin/evaluations': () => jsonResponse({ code: 'forbidden', message: 'No' }, 403) });
    renderCard();
    expect(await screen.findByText('The evaluations could not be loaded.')).toBeTruthy();
  });
});
