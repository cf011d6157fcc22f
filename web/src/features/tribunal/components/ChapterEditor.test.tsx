import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { jsonResponse, mockApi } from '../../../test/mock-api';
import { resetStores } from '../../../test/render-app';
import { ChapterEditor } from './ChapterEditor';

/** One chapter of the tribunal's draft: its own "Report a problem" and the regeneration's notice. */

function renderChapter() {
  initI18n();
  return render(
    <FluentProvider theme={webLightTheme}>
      <ChapterEditor
        number={3}
        chapter={{ heading: 'Perustelut', text: 'Vastaaja on viivästynyt [K1 s.1].' }}
        aiChapter={{ heading: 'Perustelut', text: 'Vastaaja on viivästynyt [K1 s.1].' }}
        flags={[]}
        readOnly={false}
        onChange={() => undefined}
        onOpenReference={() => undefined}
        onRegenerate={() => Promise.resolve(true)}
        reportTarget={{ disputeId: 'd1', awardId: 'a1' }}
      />
    </FluentProvider>,
  );
}

beforeEach(() => resetStores());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a chapter of the draft', () => {
  it('reports a problem with this chapter’s AI text, the chapter already named as where', async () => {
    const api = mockApi({
      'POST /api/dispute/d1/ai-problem-reports': () => jsonResponse({ data: { id: 'r1' } }, 201),
    });
    renderChapter();
    fireEvent.click(screen.getByRole('button', { name: 'Report a problem 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a problem with the AI text' });
    expect((within(dialog).getByLabelText('Where') as HTMLInputElement).value).toBe('Chapter 3: Perustelut');
    fireEvent.change(within(dialog).getByLabelText(/Describe the problem/), {
      target: { value: 'Viittaus ei tue väitettä viivästyksestä.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(api.callsTo('POST /api/dispute/d1/ai-problem-reports')).toHaveLength(1));
    expect(api.callsTo('POST /api/dispute/d1/ai-problem-reports')[0]!.body).toMatchObject({
      output: 'award',
      outputId: 'a1',
      location: 'Chapter 3: Perustelut',
      description: 'Viittaus ei tue väitettä viivästyksestä.',
    });
  });

  it('says before a regeneration that a language model writes the chapter again', () => {
    renderChapter();
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate this chapter 3' }));
    expect(screen.getByText(/A language model writes the chapter again from your instruction/)).toBeTruthy();
  });
});
