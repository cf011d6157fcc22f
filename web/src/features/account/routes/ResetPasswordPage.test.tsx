import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetStores } from '../../../test/render-app';
import { jsonResponse, mockApi } from '../../../test/mock-api';

const LINK = '/reset-password?email=alice%40example.fi&token=tok%2B1';

// Load the lazily imported screen up front, so the first test does not wait for it.
beforeAll(() => import('./ResetPasswordPage'));
beforeEach(() => resetStores());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function submit(password: string, confirm: string) {
  fireEvent.change(await screen.findByLabelText(/^New password/), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(/^Confirm password/), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
}

describe('reset password page', () => {
  it('sets the new password with the link email and token, then confirms with a link to /', async () => {
    const api = mockApi({
      'POST /user/reset-password/check': () => jsonResponse({ usable: true }),
      'POST /user/reset-password': () => jsonResponse({ message: 'ok' }),
    });
    renderApp(LINK);
    expect(await screen.findByText('Choose a new password for alice@example.fi.')).toBeTruthy();
    await submit('correct-horse', 'correct-horse');
    expect((await screen.findByTestId('reset-password-success')).textContent).toBe(
      'You have successfully reset your password.',
    );
    expect(screen.getByRole('link', { name: 'Go to Ratkaisu' }).getAttribute('href')).toBe('/');
    expect(api.callsTo('POST /user/reset-password')[0]?.body).toEqual({
      email: 'alice@example.fi',
      token: 'tok+1',
      password: 'correct-horse',
    });
  });

  it('says "passwords do not match" and calls nothing when they differ', async () => {
    const api = mockApi({});
    renderApp(LINK);
    await submit('correct-horse', 'correct-horsf');
    expect(await screen.findByText('passwords do not match')).toBeTruthy();
    expect(api.callsTo('POST /user/reset-password')).toHaveLength(0);
  });

  it('moves focus to the first invalid field', async () => {
    mockApi({});
    renderApp(LINK);
    await submit('correct-horse', 'correct-horsf');
    const confirm = screen.getByLabelText(/^Confirm password/);
    await waitFor(() => expect(document.activeElement).toBe(confirm));
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
  });

  it('asks for at least 8 characters', async () => {
    mockApi({});
    renderApp(LINK);
    await submit('short', 'short');
    expect(await screen.findAllByText('Password must be at least 8 characters.')).toHaveLength(2);
  });

  it('shows and hides both passwords', async () => {
    mockApi({});
    renderApp(LINK);
    const input = await screen.findByLabelText<HTMLInputElement>(/^New password/);
    const toggles = screen.getAllByRole('button', { name: 'Show password' });
    expect(toggles).toHaveLength(2);
    fireEvent.click(toggles[0]!);
    expect(input.type).toBe('text');
  });

  it("shows the server's message when the link is no longer valid", async () => {
    mockApi({
      'POST /user/reset-password': () =>
        jsonResponse({ code: 'validation_failed', message: 'The reset link has expired.' }, 400),
    });
    renderApp(LINK);
    await submit('correct-horse', 'correct-horse');
    expect((await screen.findByTestId('reset-password-error')).textContent).toBe('The reset link has expired.');
  });

  it('checks the link before showing the form: a used or expired one is refused before a password is typed', async () => {
    const api = mockApi({
      'POST /user/reset-password/check': () =>
        jsonResponse({ code: 'bad_request', message: 'This password reset link is invalid or has expired.' }, 400),
    });
    renderApp(LINK);
    expect((await screen.findByTestId('reset-link-refused')).textContent).toContain(
      'This password reset link has been used already or has expired.',
    );
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/login');
    expect(api.callsTo('POST /user/reset-password/check')[0]?.body).toEqual({
      email: 'alice@example.fi',
      token: 'tok+1',
    });
    expect(api.callsTo('POST /user/reset-password')).toHaveLength(0);
  });

  it('explains an incomplete link instead of showing the form', async () => {
    mockApi({});
    renderApp('/reset-password?email=alice%40example.fi');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText(/This password reset link is incomplete/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reset password' })).toBeNull();
  });

  it('says "No email found" when the link carries no email', async () => {
    mockApi({});
    renderApp('/reset-password?token=tok');
    expect((await screen.findByRole('alert')).textContent).toContain('No email found');
    expect(screen.queryByRole('button', { name: 'Reset password' })).toBeNull();
  });
});
