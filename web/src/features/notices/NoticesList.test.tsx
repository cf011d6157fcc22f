import type { NoticeView } from '@ratkaisu/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../i18n/i18n';
import { useAuthStore } from '../../stores/auth-store';
import { jsonResponse, mockApi } from '../../test/mock-api';
import { renderApp, resetStores } from '../../test/render-app';

const NOTICES: NoticeView[] = [
  {
    id: 'n2',
    event: 'otherPartyAccepted',
    title: { en: 'case "Steel" (RAT-2026-000001): the respondent accepted — your turn', fi: 'vastaaja hyväksyi' },
    text: {
      en: 'The respondent accepted the AI decision (version 1). Your turn.',
      fi: 'Vastaaja hyväksyi. Teidän vuoronne.',
    },
    path: '/case-attachment/d1#decision',
    createdAt: '2026-11-27T10:00:00.000Z',
  },
  {
    id: 'n1',
    event: 'decisionReady',
    title: { en: 'case "Steel": the AI decision (version 1) is ready', fi: 'ratkaisuehdotus on valmis' },
    text: { en: 'The AI decision (version 1) is ready to read.', fi: 'Ratkaisuehdotus on valmis luettavaksi.' },
    path: '/case-attachment/d1#decision',
    createdAt: '2026-11-27T09:00:00.000Z',
    readAt: '2026-11-27T09:30:00.000Z',
  },
];

function mockNotices() {
  let items = NOTICES.map((notice) => ({ ...notice }));
  const unread = () => items.filter((item) => !item.readAt).length;
  return mockApi({
    'GET /api/dispute': () => jsonResponse([]),
    'GET /api/dispute/activephases': () => jsonResponse([]),
    'GET /api/notices/unread': () => jsonResponse({ unread: unread() }),
    'GET /api/notices': () => jsonResponse({ items, unread: unread() }),
    'POST /api/notices/read': (body) => {
      const ids = (body as { ids?: string[] }).ids;
      const before = unread();
      items = items.map((item) => (!ids || ids.includes(item.id) ? { ...item, readAt: item.readAt ?? 'now' } : item));
      return jsonResponse({ marked: before - unread(), unread: unread() });
    },
    'POST /user/update-language': (body) => jsonResponse({ data: body }),
  });
}

beforeEach(() => {
  resetStores();
  useAuthStore.getState().signIn('tok', { id: 'u1', userName: 'alice', agreedTermsOfService: 1, sessionId: 's1' });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  await setLanguage('en');
});

/** From the account menu, whose button and item say how many are unread, to the notices page. */
async function openNotices() {
  const account = await screen.findByRole('button', { name: /Account menu for alice 1 unread notice/ });
  fireEvent.click(account);
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Notices (1 unread)' }));
  await screen.findByRole('heading', { level: 1, name: 'Notices' });
  return screen.getByRole('main');
}

describe('the notices of the account menu', () => {
  it('shows the unread count in the menu, lists unread and read notices, marks one read', async () => {
    const api = mockNotices();
    renderApp('/');
    expect(await screen.findByTestId('notices-unread-badge')).toBeTruthy();
    const dialog = await openNotices();
    const items = await within(dialog).findAllByTestId('notice');
    expect(items.map((item) => item.getAttribute('data-unread'))).toEqual(['true', 'false']);
    expect(items[0]!.textContent).toContain('The respondent accepted the AI decision (version 1). Your turn.');
    expect(within(items[0]!).getByText('Unread')).toBeTruthy();
    expect(within(items[1]!).getByText('Read')).toBeTruthy();
    expect(within(items[1]!).queryByRole('button', { name: /Mark read/ })).toBeNull();

    fireEvent.click(within(items[0]!).getByRole('button', { name: /^Mark read:/ }));
    // The case page also marks its case's notices read ({ disputeId }); the opened notice is marked by its id.
    await waitFor(() =>
      expect(api.callsTo('POST /api/notices/read').map((call) => call.body)).toContainEqual({ ids: ['n2'] }),
    );
    await waitFor(() => expect(screen.queryByTestId('notices-unread-badge')).toBeNull());
    expect(
      within(dialog)
        .getAllByTestId('notice')
        .map((item) => item.getAttribute('data-unread')),
    ).toEqual(['false', 'false']);
    expect(within(dialog).queryByRole('button', { name: 'Mark all read' })).toBeNull();
  });

  it('opens a notice at its place and marks it read', async () => {
    const api = mockNotices();
    const { router } = renderApp('/');
    const dialog = await openNotices();
    expect(router.state.location.pathname).toBe('/notices');
    const [first] = await within(dialog).findAllByTestId('notice');
    const open = within(first!).getByRole('link', { name: /^Open:/ });
    expect(open.getAttribute('href')).toBe('/case-attachment/d1#decision');
    fireEvent.click(open);
    await waitFor(() => expect(router.state.location.pathname).toBe('/case-attachment/d1'));
    expect(router.state.location.hash).toBe('#decision');
    // The case page also marks its case's notices read ({ disputeId }); the opened notice is marked by its id.
    await waitFor(() =>
      expect(api.callsTo('POST /api/notices/read').map((call) => call.body)).toContainEqual({ ids: ['n2'] }),
    );
  });

  it('shows the notices in Finnish after the switch, and saves the language on the account', async () => {
    const api = mockNotices();
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: /Account menu for alice/ }));
    fireEvent.click(await screen.findByRole('menuitemradio', { name: 'Suomi' }));
    await waitFor(() => expect(api.callsTo('POST /user/update-language')[0]?.body).toEqual({ language: 'fi' }));
    await waitFor(() => expect(useAuthStore.getState().language).toBe('fi'));
    fireEvent.click(await screen.findByRole('button', { name: /Tilivalikko: alice/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Ilmoitukset (1 lukematon)' }));
    await screen.findByRole('heading', { level: 1, name: 'Ilmoitukset' });
    const dialog = screen.getByRole('main');
    expect((await within(dialog).findAllByTestId('notice'))[0]!.textContent).toContain(
      'Vastaaja hyväksyi. Teidän vuoronne.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merkitse kaikki luetuiksi' }));
    await waitFor(() => expect(api.callsTo('POST /api/notices/read')[0]?.body).toEqual({ all: true }));
  });
});
