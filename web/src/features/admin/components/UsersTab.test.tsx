import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AdminUserView } from '@ratkaisu/core';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { jsonResponse, mockApi } from '../../../test/mock-api';
import { resetStores, withQueries } from '../../../test/render-app';
import { UsersTab } from './UsersTab';

/** The Users tab's "Copy of data" (docs/data-subject-rights.md) against fixture answers of its routes. */

const subject: AdminUserView = {
  id: 'u-subject',
  userName: 'maija',
  email: 'maija@acme.fi',
  tenantId: 't-acme',
  tenantName: 'Acme Oy',
  tenantDomain: 'acme.fi',
  roles: ['User'],
  isActive: true,
  lastActivity: null,
  emailConfirmed: true,
  accountKind: 'local',
};

beforeEach(() => resetStores());
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

async function renderTab(isSuperAdmin: boolean, language = 'en') {
  initI18n();
  await i18next.changeLanguage(language);
  return render(
    <FluentProvider theme={webLightTheme}>
      {withQueries(
        <UsersTab users={[subject]} tenants={[]} isSuperAdmin={isSuperAdmin} myId="u-admin" onError={() => {}} />,
      )}
    </FluentProvider>,
  );
}

describe('Users tab: a copy of a user’s data', () => {
  it('asks for the reason, follows the job and downloads the ZIP for a SuperAdmin', async () => {
    let polls = 0;
    const api = mockApi({
      'POST /api/superadmin/users/u-subject/data-export': () => jsonResponse({ jobId: 'job-7' }, 202),
      'GET /api/dispute/job/job-7/status': () => {
        polls += 1;
        return jsonResponse({ jobId: 'job-7', status: polls > 1 ? 'Completed' : 'Running' });
      },
      'GET /user/data-export/job-7': () =>
        new Response('PK zip bytes', { status: 200, headers: { 'Content-Type': 'application/zip' } }),
    });
    const createObjectURL = vi.fn(() => 'blob:copy');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await renderTab(true);

    fireEvent.click(within(screen.getByTestId('user-row')).getByRole('button', { name: 'Copy of data maija' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy of the data of maija' });
    // Too short a reason is refused in place; nothing is sent.
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: 'asked' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Prepare the copy' }));
    expect(await within(dialog).findByText('Give a reason of at least 10 characters.')).toBeTruthy();
    expect(api.callsTo('POST /api/superadmin/users/u-subject/data-export')).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Request by mail on 1.3.2027' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Prepare the copy' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/superadmin/users/u-subject/data-export')[0]?.body).toEqual({
        reason: 'Request by mail on 1.3.2027',
      }),
    );
    const download = await within(dialog).findByRole('button', { name: 'Download ZIP' }, { timeout: 15_000 });
    expect(within(dialog).getByText(/The copy is ready/)).toBeTruthy();
    fireEvent.click(download);
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(api.callsTo('GET /user/data-export/job-7')).toHaveLength(1);
    expect(await (createObjectURL.mock.calls[0] as unknown as [Blob])[0].text()).toBe('PK zip bytes');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('Ratkaisu-data-maija.zip');
  });

  it('says so when the copy fails, in Finnish', async () => {
    mockApi({
      'POST /api/superadmin/users/u-subject/data-export': () => jsonResponse({ jobId: 'job-8' }, 202),
      'GET /api/dispute/job/job-8/status': () => jsonResponse({ jobId: 'job-8', status: 'Failed' }),
    });
    await renderTab(true, 'fi');
    fireEvent.click(screen.getByRole('button', { name: 'Kopio tiedoista maija' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kopio käyttäjän maija tiedoista' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Peruste/ }), {
      target: { value: 'Pyyntö sähköpostilla 1.3.2027' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Valmistele kopio' }));
    expect(await within(dialog).findByText('Kopiota ei voitu tehdä. Yritä myöhemmin uudelleen.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Lataa ZIP' })).toBeNull();
  });

  it('is not offered to a tenant’s Admin (the route is a SuperAdmin’s)', async () => {
    mockApi({});
    await renderTab(false);
    expect(within(screen.getByTestId('user-row')).queryByRole('button', { name: /Copy of data/ })).toBeNull();
  });
});
