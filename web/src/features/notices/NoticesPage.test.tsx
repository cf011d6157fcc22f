import type { NoticeView } from '@ratkaisu/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../stores/auth-store';
import { jsonResponse, mockApi } from '../../test/mock-api';
import { renderApp, useScreenTestFrame } from '../../test/render-app';

/** The notices page's own loading and marking, through the query cache (the menu's side: NoticesList.test.tsx). */

const UNREAD: NoticeView = {
  id: 'n1',
  event: 'decisionReady',
  title: { en: 'case "Steel": the AI decision (version 1) is ready', fi: 'ratkaisuehdotus on valmis' },
  text: { en: 'The AI decision (version 1) is ready to read.', fi: 'Ratkaisuehdotus on valmis luettavaksi.' },
  path: '/case-attachment/d1#decision',
  createdAt: '2026-11-27T09:00:00.000Z',
};

useScreenTestFrame();
beforeEach(() => {
  useAuthStore.getState().signIn('tok', { id: 'u1', userName: 'alice', agreedTermsOfService: 1, sessionId: 's1' });
});

const unreadFlags = () => screen.getAllByTestId('notice').map((item) => item.getAttribute('data-unread'));

describe('the notices page', () => {
  it('says so when the notices cannot be loaded, without a spinner left turning', async () => {
    mockApi({
      'GET /api/notices/unread': () => jsonResponse({ unread: 0 }),
      'GET /api/notices': () => jsonResponse({ code: 'general.unavailable', message: 'Try again.' }, 503),
    });
    renderApp('/notices');
    const main = await screen.findByRole('main');
    expect((await within(main).findByRole('alert')).textContent).toBe(
      'The notices could not be loaded. Try again later.',
    );
    expect(within(main).queryByRole('progressbar')).toBeNull();
    expect(within(main).queryByTestId('notice')).toBeNull();
  });

  it('shows a notice read at once, and what the server holds again when marking it failed', async () => {
    const api = mockApi({
      'GET /api/notices/unread': () => jsonResponse({ unread: 1 }),
      'GET /api/notices': () => jsonResponse({ items: [UNREAD], unread: 1 }),
      'POST /api/notices/read': () => jsonResponse({ code: 'general.unavailable', message: 'Try again.' }, 503),
    });
    renderApp('/notices');
    await screen.findAllByTestId('notice');
    expect(unreadFlags()).toEqual(['true']);
    expect(api.callsTo('GET /api/notices')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(api.callsTo('POST /api/notices/read')).toHaveLength(1));
    // The refusal makes the page fetch the list again, which still has it unread.
    await waitFor(() => expect(api.callsTo('GET /api/notices')).toHaveLength(2));
    await waitFor(() => expect(unreadFlags()).toEqual(['true']));
    expect(api.callsTo('POST /api/notices/read')[0]?.body).toEqual({ all: true });
  });
});
