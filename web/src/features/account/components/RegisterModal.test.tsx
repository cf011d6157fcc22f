import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { refusal } from '@ratkaisu/core';
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
  window.sessionStorage.clear();
});

async function openRegister() {
  renderApp('/login');
  fireEvent.click(await screen.findByRole('button', { name: 'Create an account' }));
  return screen.findByRole('dialog', { name: 'Create an account' });
}

/** Fills the fields given; with a username and no full name given, the full name is a valid one. */
function fill(
  dialog: HTMLElement,
  values: { fullName?: string; username?: string; email?: string; password?: string },
) {
  const view = within(dialog);
  const fullName = values.fullName ?? (values.username !== undefined ? 'Alice Example' : undefined);
  if (fullName !== undefined)
    fireEvent.change(view.getByRole('textbox', { hidden: true, name: /^Full name/ }), { target: { value: fullName } });
  if (values.username !== undefined)
    fireEvent.change(view.getByRole('textbox', { hidden: true, name: /^Username/ }), {
      target: { value: values.username },
    });
  if (values.email !== undefined)
    fireEvent.change(view.getByRole('textbox', { hidden: true, name: /^Email/ }), { target: { value: values.email } });
  if (values.password !== undefined)
    fireEvent.change(view.getByLabelText(/^Password/), { target: { value: values.password } });
}

describe('register modal', () => {
  it('validates every field before calling the server', async () => {
    const api = mockApi({});
    const dialog = await openRegister();
    fill(dialog, { fullName: '1', username: 'al', email: 'a@b', password: 'short' });
    fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'Sign up' }));
    expect(await within(dialog).findByText('Enter your full name (2–120 characters, letters only).')).toBeTruthy();
    expect(within(dialog).getByText('Username must be at least 3 characters.')).toBeTruthy();
    expect(within(dialog).getByText('Enter a valid email address.')).toBeTruthy();
    expect(within(dialog).getByText('Password must be at least 8 characters.')).toBeTruthy();
    expect(within(dialog).getByText('You must accept the Terms of Service to create an account.')).toBeTruthy();
    expect(api.callsTo('POST /user/register')).toHaveLength(0);
  });

  it('shows a strength meter, loaded on demand, that warns of a common password and one containing the name', async () => {
    mockApi({});
    const dialog = await openRegister();
    expect(within(dialog).queryByTestId('password-strength')).toBeNull();
    fill(dialog, { username: 'alice', email: 'alice@example.fi', password: 'Password1' });
    const meter = await within(dialog).findByTestId('password-strength');
    await waitFor(() => expect(meter.textContent).toContain('Password strength: very weak'));
    expect(meter.textContent).toContain('too common');
    fill(dialog, { password: 'my alice secret' });
    await waitFor(() => expect(meter.textContent).toContain('must not contain your username'));
    fill(dialog, { password: 'orbit velvet canyon mosaic' });
    await waitFor(() => expect(meter.textContent).toMatch(/Password strength: (good|strong)$/));
  });

  it('moves focus to the first invalid field after a failed validation', async () => {
    mockApi({});
    const dialog = await openRegister();
    fill(dialog, { username: 'alice', email: 'a@b', password: 'short' });
    fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'Sign up' }));
    const email = within(dialog).getByRole('textbox', { hidden: true, name: /^Email/ });
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute('aria-invalid')).toBe('true');
  });

  it('rejects an email without @ even when it is long enough', async () => {
    mockApi({});
    const dialog = await openRegister();
    fill(dialog, { username: 'alice', email: 'alice.example.fi', password: 'correct-horse' });
    fireEvent.click(within(dialog).getByRole('checkbox', { hidden: true }));
    fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'Sign up' }));
    expect(await within(dialog).findByText('Enter a valid email address.')).toBeTruthy();
  });

  it('registers, then tells the user to check their email', async () => {
    const api = mockApi({ 'POST /user/register': () => jsonResponse({ message: 'Registered.' }, 201) });
    const dialog = await openRegister();
    fill(dialog, { username: ' alice ', email: 'alice@example.fi', password: 'correct-horse' });
    const terms = within(dialog).getByRole('link', { hidden: true, name: 'Terms of Service' });
    expect(terms.getAttribute('href')).toBe('/terms-of-service');
    fireEvent.click(within(dialog).getByRole('checkbox', { hidden: true }));
    fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'Sign up' }));
    const success = await within(dialog).findByTestId('register-success');
    expect(success.textContent).toContain('Check your email');
    expect(api.callsTo('POST /user/register')[0]?.body).toEqual({
      fullName: 'Alice Example',
      username: 'alice',
      email: 'alice@example.fi',
      password: 'correct-horse',
      agreedTerms: true,
      // The language the screens showed: the account's mails go in it.
      language: 'en',
    });
  });

  it('sends a promo code when one is given', async () => {
    const api = mockApi({ 'POST /user/register': () => jsonResponse({ message: 'ok' }, 201) });
    const dialog = await openRegister();
    fill(dialog, { username: 'alice', email: 'alice@example.fi', password: 'correct-horse' });
    fireEvent.change(within(dialog).getByRole('textbox', { hidden: true, name: 'Promo code' }), {
      target: { value: 'SPRING' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { hidden: true }));
    fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'Sign up' }));
    await within(dialog).findByTestId('register-success');
    expect(api.callsTo('POST /user/register')[0]?.body).toMatchObject({ promoCode: 'SPRING' });
  });

  it('says at the promo code field why the server refused the code', async () => {
    const api = mockApi({
      'POST /user/register': () =>
        jsonResponse(
          {
            code: 'promo_code_expired',
            reason: 'promoCodes.expired',
            params: {},
            message: 'This promo code is no longer valid.',
            fields: { promoCode: 'This promo code is no longer valid.' },
          },
          400,
        ),
    });
    const dialog = await openRegister();
    fill(dialog, { username: 'alice', email: 'alice@example.fi', password: 'correct-horse' });
    const field = within(dialog).getByRole('textbox', { hidden: true, name: 'Promo code' });
    fireEvent.change(field, { target: { value: 'OLD' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { hidden: true }));
    fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'Sign up' }));
    expect(await within(dialog).findByText('This promo code is no longer valid.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).queryByTestId('register-error')).toBeNull();
    expect(within(dialog).queryByTestId('register-success')).toBeNull();
    expect(api.callsTo('POST /user/register')).toHaveLength(1);
  });

  it('says a field the server refused at the field, in Finnish by its reason', async () => {
    const { default: i18n } = await import('i18next');
    await i18n.changeLanguage('fi');
    try {
      const characters = refusal('registration.usernameCharacters');
      mockApi({
        'POST /user/register': () =>
          jsonResponse(
            {
              code: 'validation_failed',
              ...characters,
              fields: { username: characters.message },
              fieldReasons: { username: { reason: characters.reason, params: characters.params } },
            },
            400,
          ),
      });
      renderApp('/login');
      fireEvent.click(await screen.findByRole('button', { name: 'Luo tili' }));
      const dialog = await screen.findByRole('dialog', { name: 'Luo tili' });
      const view = within(dialog);
      fireEvent.change(view.getByRole('textbox', { hidden: true, name: /^Koko nimi/ }), {
        target: { value: 'Alice Example' },
      });
      const username = view.getByRole('textbox', { hidden: true, name: /^Käyttäjätunnus/ });
      fireEvent.change(username, { target: { value: 'alice+1' } });
      fireEvent.change(view.getByRole('textbox', { hidden: true, name: /^Sähköposti/ }), {
        target: { value: 'alice@example.fi' },
      });
      fireEvent.change(view.getByLabelText(/^Salasana/), { target: { value: 'correct-horse' } });
      fireEvent.click(view.getByRole('checkbox', { hidden: true }));
      fireEvent.click(view.getByRole('button', { hidden: true, name: 'Rekisteröidy' }));
      expect(
        await view.findByText('Käyttäjätunnuksessa saa olla vain kirjaimia, numeroita ja merkkejä . _ -'),
      ).toBeTruthy();
      expect(username.getAttribute('aria-invalid')).toBe('true');
      expect(view.queryByText(characters.message)).toBeNull();
      expect(view.queryByTestId('register-success')).toBeNull();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it("shows the server's message, else the generic error", async () => {
    let answer = () => jsonResponse({ code: 'conflict', message: 'That username is taken.' }, 409);
    mockApi({ 'POST /user/register': () => answer() });
    const dialog = await openRegister();
    fill(dialog, { username: 'alice', email: 'alice@example.fi', password: 'correct-horse' });
    fireEvent.click(within(dialog).getByRole('checkbox', { hidden: true }));
    fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'Sign up' }));
    expect((await within(dialog).findByTestId('register-error')).textContent).toBe('That username is taken.');

    answer = () => new Response('boom', { status: 500 });
    fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'Sign up' }));
    await waitFor(() =>
      expect(within(dialog).getByTestId('register-error').textContent).toBe(
        'An error occurred. Please try again later.',
      ),
    );
  });

  it('says at once, once typing pauses, whether the username is free, asking only about the username', async () => {
    const asked: string[] = [];
    const api = mockApi({
      'GET /user/username-available': (_body, url) => {
        const name = url.searchParams.get('username')!;
        asked.push(name);
        return jsonResponse({ data: { available: name !== 'maija' } });
      },
    });
    const dialog = await openRegister();
    fill(dialog, { username: 'ma' });
    fill(dialog, { username: 'mai' });
    fill(dialog, { username: 'maija' });
    expect(await within(dialog).findByText('This username is already taken. Choose another one.')).toBeTruthy();
    // Debounced: one request for the name typed, none for the keystrokes before it.
    expect(asked).toEqual(['maija']);
    fill(dialog, { username: 'maija2' });
    expect(await within(dialog).findByText('The username is free.')).toBeTruthy();
    expect(within(dialog).queryByText('This username is already taken. Choose another one.')).toBeNull();
    // Never an email: the check is of the username alone.
    fill(dialog, { email: 'maija@example.fi' });
    expect(api.calls.every((call) => !JSON.stringify(call).includes('maija@example.fi'))).toBe(true);
  });

  it('does not send a username known to be taken', async () => {
    const api = mockApi({
      'GET /user/username-available': () => jsonResponse({ data: { available: false } }),
    });
    const dialog = await openRegister();
    fill(dialog, { username: 'maija', email: 'maija@example.fi', password: 'orbit velvet canyon mosaic' });
    fireEvent.click(within(dialog).getByRole('checkbox', { hidden: true }));
    expect(await within(dialog).findByText('This username is already taken. Choose another one.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'Sign up' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { hidden: true, name: /^Username/ })),
    );
    expect(api.callsTo('POST /user/register')).toHaveLength(0);
  });

  it('a sign-up refused as taken (the check could not answer) is said at the field, never as success', async () => {
    mockApi({
      'GET /user/username-available': () =>
        jsonResponse({ code: 'too_many_requests', message: 'Too many user name checks.' }, 429),
      'POST /user/register': () =>
        jsonResponse(
          {
            code: 'username_taken',
            message: 'This username is already taken. Choose another one.',
            fields: { username: 'This username is already taken. Choose another one.' },
          },
          409,
        ),
    });
    const dialog = await openRegister();
    fill(dialog, { username: 'maija', email: 'maija@example.fi', password: 'orbit velvet canyon mosaic' });
    fireEvent.click(within(dialog).getByRole('checkbox', { hidden: true }));
    expect(
      await within(dialog).findByText('Could not check the username now; it is checked again when you sign up.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'Sign up' }));
    expect(await within(dialog).findByText('This username is already taken. Choose another one.')).toBeTruthy();
    expect(within(dialog).queryByTestId('register-success')).toBeNull();
    expect(within(dialog).queryByTestId('register-error')).toBeNull();
  });

  it('goes back to the sign-in screen from its login link', async () => {
    mockApi({});
    const dialog = await openRegister();
    fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'Already have an account? Login' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
    expect(screen.getByRole('heading', { level: 1, name: 'Log in to Ratkaisu' })).toBeTruthy();
  });
});
