import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetStores } from '../../../test/render-app';
import { jsonResponse, mockApi } from '../../../test/mock-api';

// In jsdom, Tabster (Fluent's focus manager) can mark an open dialog aria-hidden when focus is not inside it,
// so role queries inside dialogs include hidden elements; the browser tests check the real accessibility tree.
// Load the lazily imported screen up front, so the first test does not wait for it.
beforeAll(() => import('../routes/LoginPage'));
beforeEach(() => resetStores());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openForgotPassword() {
  renderApp('/login');
  fireEvent.click(await screen.findByRole('button', { name: 'Forgot password?' }));
  return screen.findByRole('dialog', { name: 'Forgot password' });
}

function submitEmail(dialog: HTMLElement, email: string) {
  fireEvent.change(within(dialog).getByRole('textbox', { hidden: true, name: /^Email/ }), { target: { value: email } });
  fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'Send Link' }));
}

describe('forgot password modal', () => {
  it('asks for a valid email before calling the server', async () => {
    const api = mockApi({});
    const dialog = await openForgotPassword();
    submitEmail(dialog, 'a@b');
    expect(await within(dialog).findByText('Enter a valid email address.')).toBeTruthy();
    expect(api.callsTo('POST /user/forgot-password')).toHaveLength(0);
    // Focus moves to the field, which is marked invalid and described by its message.
    const field = within(dialog).getByRole('textbox', { hidden: true, name: /^Email/ });
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  it('sends the link and replaces the form with the AlmostThere panel', async () => {
    const api = mockApi({ 'POST /user/forgot-password': () => jsonResponse({ message: 'ok' }) });
    const dialog = await openForgotPassword();
    submitEmail(dialog, 'alice@example.fi');
    const panel = await within(dialog).findByTestId('almost-there');
    expect(within(panel).getByRole('heading', { hidden: true, name: 'Almost there' })).toBeTruthy();
    expect(panel.textContent).toContain('we have sent a link to reset your password');
    expect(within(dialog).queryByRole('button', { hidden: true, name: 'Send Link' })).toBeNull();
    expect(api.callsTo('POST /user/forgot-password')[0]?.body).toEqual({ email: 'alice@example.fi' });

    fireEvent.click(within(panel).getByRole('button', { hidden: true, name: 'Back to login' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
  });

  it("shows the server's message on failure", async () => {
    mockApi({
      'POST /user/forgot-password': () => jsonResponse({ code: 'rate_limited', message: 'Too many requests.' }, 429),
    });
    const dialog = await openForgotPassword();
    submitEmail(dialog, 'alice@example.fi');
    expect((await within(dialog).findByTestId('forgot-password-error')).textContent).toBe('Too many requests.');
  });

  it('closes on Escape', async () => {
    mockApi({});
    const dialog = await openForgotPassword();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
  });
});
