import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render, screen, within } from '@testing-library/react';
import { deepHealthFindingText, type DeepHealthCheck, type DeepHealthReport } from '@ratkaisu/core';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadFeatureTexts } from '../../../i18n/i18n';
import { jsonResponse, mockApi } from '../../../test/mock-api';
import { resetStores, withQueries } from '../../../test/render-app';
import { DeepHealthCard } from './DeepHealthCard';

/** The deep health card words each finding from its code and figures, in the reader's language. */

function check(overrides: Omit<DeepHealthCheck, 'detail' | 'latencyMs'>): DeepHealthCheck {
  return { ...overrides, detail: overrides.finding ? deepHealthFindingText(overrides.finding) : '', latencyMs: 12 };
}

const report: DeepHealthReport = {
  status: 'fail',
  checkedAt: '2026-11-29T04:00:00Z',
  checks: [
    check({
      name: 'queue',
      status: 'warn',
      kind: 'in-process',
      finding: { code: 'queueFigures', params: { pending: 3, oldestSeconds: 1200, deadLettered: 1 } },
    }),
    check({
      name: 'certificates',
      status: 'warn',
      kind: 'signing',
      finding: { code: 'certificatesCaEnds', params: { caDays: 10 } },
    }),
    check({
      name: 'mail',
      status: 'fail',
      kind: 'mail',
      finding: { code: 'checkFailed', params: { error: 'connect ECONNREFUSED 127.0.0.1:9' } },
    }),
    // A report kept before findings had codes: its English detail as it was.
    {
      name: 'disk',
      status: 'ok',
      kind: 'data directory',
      detail: '900 MB free (at least 500 MB wanted)',
      latencyMs: 1,
    },
  ],
};

beforeAll(async () => {
  initI18n();
  await loadFeatureTexts();
});
beforeEach(() => {
  resetStores();
  mockApi({ 'GET /api/superadmin/health': () => jsonResponse(report) });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

async function rowsText(): Promise<string[]> {
  render(<FluentProvider theme={webLightTheme}>{withQueries(<DeepHealthCard onError={vi.fn()} />)}</FluentProvider>);
  const card = await screen.findByTestId('deep-health');
  return within(card)
    .getAllByTestId('deep-health-row')
    .map((row) => row.textContent ?? '');
}

describe('DeepHealthCard', () => {
  it('shows each finding in English with its figures', async () => {
    const rows = await rowsText();
    expect(rows[0]).toContain('3 pending, oldest 1200 s, 1 dead-lettered');
    expect(rows[1]).toContain('the CA ends in 10 days');
    expect(rows[2]).toContain('the check failed: connect ECONNREFUSED 127.0.0.1:9');
    expect(rows[3]).toContain('900 MB free (at least 500 MB wanted)');
  });

  it('shows each finding in Finnish, a dependency’s own error message as it came', async () => {
    await i18next.changeLanguage('fi');
    const rows = await rowsText();
    expect(rows[0]).toContain('Työjono');
    expect(rows[0]).toContain('odottamassa 3, vanhin 1200 s, hylättyjä 1');
    expect(rows[1]).toContain('varmentajan voimassaolo päättyy 10 päivän kuluttua');
    expect(rows[2]).toContain('tarkistus epäonnistui: connect ECONNREFUSED 127.0.0.1:9');
    expect(rows[0]).not.toContain('pending');
  });
});
