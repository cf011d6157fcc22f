import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetStores } from '../../../test/render-app';
import { jsonResponse, mockApi } from '../../../test/mock-api';

// Load the lazily imported screen up front, so the first test does not wait for it.
beforeAll(() => import('./ConfirmEmailPage'));
beforeEach(() => resetStores());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('confirm email page', () => {
  it('posts the link once on load and says the address is confirmed', async () => {
    const api = mockApi({ 'POST /user/confirm-email': () => jsonResponse({ message: 'ok' }) });
    renderApp('/confirm-email?userId=u1&token=abc%2Bdef');
    expect(await screen.findByRole('heading', { level: 1, name: 'Email Address Confirmed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Ratkaisu' }).getAttribute('href')).toBe('/');
    expect(api.callsTo('POST /user/confirm-email')).toEqual([
      expect.objectContaining({ body: { userId: 'u1', token: 'abc+def' } }),
    ]);
  });

  it('a link used before, for a confirmed address, says so and offers to log in (back to the invitation)', async () => {
    mockApi({
      'POST /user/confirm-email': () =>
        jsonResponse({ message: 'This email address is already confirmed: sign in.', alreadyConfirmed: true }),
    });
    renderApp('/confirm-email?userId=u1&token=used&returnTo=%2Finvitation%2Fi1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Email address already confirmed' })).toBeTruthy();
    expect(screen.queryByText('Please contact support for assistance.')).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in to continue' }).getAttribute('href')).toBe(
      '/login?returnTo=%2Finvitation%2Fi1',
    );
  });

  it('shows the error heading and detail when confirming fails', async () => {
    mockApi({
      'POST /user/confirm-email': () => jsonResponse({ code: 'validation_failed', message: 'Invalid token.' }, 400),
    });
    renderApp('/confirm-email?userId=u1&token=used');
    expect(await screen.findByRole('heading', { level: 1, name: 'Error Confirming Email Address' })).toBeTruthy();
    expect(screen.getByText('Please contact support for assistance.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Ratkaisu' })).toBeTruthy();
  });

  it('fails without calling the server when the link lacks its token', async () => {
    const api = mockApi({});
    renderApp('/confirm-email?userId=u1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Error Confirming Email Address' })).toBeTruthy();
    expect(api.callsTo('POST /user/confirm-email')).toHaveLength(0);
  });
});
