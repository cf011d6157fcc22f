import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store';
import { renderApp, resetStores } from '../../../test/render-app';
import { jsonResponse, mockApi } from '../../../test/mock-api';

const KEY = {
  tfaKey: 'JBSWY3DPEHPK3PXP',
  uri: 'otpauth://totp/Ratkaisu:alice?secret=JBSWY3DPEHPK3PXP&issuer=Ratkaisu',
};
const RECOVERY_CODES = [...'ABCDEFGHJK'].map((letter) => `AB${letter}CD-EFGHJ`);
const ALREADY_ON = () =>
  jsonResponse(
    { code: 'bad_request', reason: 'accounts.tfaAlreadyEnabled', params: {}, message: 'Cant get key if Tfa enabled.' },
    400,
  );

function signIn(tfaEnabled: boolean) {
  useAuthStore.getState().signIn('tok', { id: 'u1', userName: 'alice', agreedTermsOfService: 1, tfaEnabled });
}

beforeAll(() => import('./SecurityPage'));
beforeEach(() => resetStores());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

function passwordCard() {
  return screen.getByRole('region', { name: 'Change password' });
}
function tfaCard() {
  return screen.getByRole('region', { name: 'Two-factor authentication' });
}

async function changePassword(values: { old: string; next: string; confirm: string; code?: string }) {
  await screen.findByRole('region', { name: 'Change password' });
  const card = within(passwordCard());
  fireEvent.change(card.getByLabelText(/^Old password/), { target: { value: values.old } });
  fireEvent.change(card.getByLabelText(/^New password/), { target: { value: values.next } });
  fireEvent.change(card.getByLabelText(/^Confirm password/), { target: { value: values.confirm } });
  if (values.code !== undefined) {
    fireEvent.change(card.getByRole('textbox', { name: /Two-factor code/ }), { target: { value: values.code } });
  }
  fireEvent.click(card.getByRole('button', { name: 'Change password' }));
}

describe('security page: change password', () => {
  it('changes the password and says so', async () => {
    signIn(false);
    const api = mockApi({
      'GET /user/get-tfa-key': () => jsonResponse(KEY),
      'POST /user/change-password': () => jsonResponse({ message: 'ok' }),
    });
    renderApp('/security');
    expect(await screen.findByRole('tab', { name: 'Security', selected: true })).toBeTruthy();
    expect(within(passwordCard()).queryByRole('textbox', { name: /Two-factor code/ })).toBeNull();
    await changePassword({ old: 'old-password', next: 'new-password', confirm: 'new-password' });
    expect((await screen.findByTestId('password-changed')).textContent).toBe('Password Changed!');
    expect(api.callsTo('POST /user/change-password')[0]?.body).toEqual({
      oldPassword: 'old-password',
      newPassword: 'new-password',
    });
    expect(within(passwordCard()).getByLabelText<HTMLInputElement>(/^Old password/).value).toBe('');
  });

  it('validates lengths and the match before calling the server', async () => {
    signIn(false);
    const api = mockApi({ 'GET /user/get-tfa-key': () => jsonResponse(KEY) });
    renderApp('/security');
    await changePassword({ old: 'short', next: 'new-password', confirm: 'new-passwore' });
    const card = within(passwordCard());
    expect(await card.findByText('Password must be at least 8 characters.')).toBeTruthy();
    expect(card.getByText('passwords do not match')).toBeTruthy();
    expect(api.callsTo('POST /user/change-password')).toHaveLength(0);
  });

  it('moves focus to the first invalid field after a failed validation', async () => {
    signIn(false);
    mockApi({ 'GET /user/get-tfa-key': () => jsonResponse(KEY) });
    renderApp('/security');
    await changePassword({ old: 'old-password', next: 'new-password', confirm: 'new-passwore' });
    const confirm = within(passwordCard()).getByLabelText(/^Confirm password/);
    await waitFor(() => expect(document.activeElement).toBe(confirm));
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
  });

  it('requires the two-factor code when two-factor is on and sends it', async () => {
    signIn(true);
    const api = mockApi({ 'POST /user/change-password': () => jsonResponse({ message: 'ok' }) });
    renderApp('/security');
    await changePassword({ old: 'old-password', next: 'new-password', confirm: 'new-password', code: '' });
    expect(await within(passwordCard()).findByText('Enter the two-factor code.')).toBeTruthy();
    fireEvent.change(within(passwordCard()).getByRole('textbox', { name: /Two-factor code/ }), {
      target: { value: '12345' },
    });
    fireEvent.click(within(passwordCard()).getByRole('button', { name: 'Change password' }));
    expect(await within(passwordCard()).findByText('The two-factor code has at least 6 characters.')).toBeTruthy();
    expect(api.callsTo('POST /user/change-password')).toHaveLength(0);

    fireEvent.change(within(passwordCard()).getByRole('textbox', { name: /Two-factor code/ }), {
      target: { value: '123456' },
    });
    fireEvent.click(within(passwordCard()).getByRole('button', { name: 'Change password' }));
    await screen.findByTestId('password-changed');
    expect(api.callsTo('POST /user/change-password')[0]?.body).toEqual({
      oldPassword: 'old-password',
      newPassword: 'new-password',
      tfaCode: '123456',
    });
  });

  it("shows the server's message when the old password is wrong", async () => {
    signIn(false);
    mockApi({
      'GET /user/get-tfa-key': () => jsonResponse(KEY),
      'POST /user/change-password': () =>
        jsonResponse({ code: 'validation_failed', message: 'The old password is not correct.' }, 400),
    });
    renderApp('/security');
    await changePassword({ old: 'old-password', next: 'new-password', confirm: 'new-password' });
    expect((await screen.findByTestId('change-password-error')).textContent).toBe('The old password is not correct.');
  });
});

describe('security page: two-factor', () => {
  it('shows the QR code of the uri and the setup key while off, then enables with a code', async () => {
    signIn(false);
    const api = mockApi({
      'GET /user/get-tfa-key': () => jsonResponse(KEY),
      'POST /user/toggle-tfa': () =>
        jsonResponse({ tfaEnabled: true, message: 'TFA settings changed', recoveryCodes: RECOVERY_CODES }),
      'GET /user/tfa-recovery-codes': () => jsonResponse({ left: 10, createdAt: '2026-11-28T10:00:00.000Z' }),
    });
    renderApp('/security');
    const backup = await screen.findByRole('textbox', { name: 'Setup key (if you cannot scan the QR code)' });
    expect((backup as HTMLInputElement).value).toBe(KEY.tfaKey);
    expect(backup.hasAttribute('readonly')).toBe(true);
    const qr = within(tfaCard()).getByTitle('QR code for your authenticator app').closest('svg');
    expect(qr?.getAttribute('width')).toBe('240');
    expect(screen.getByTestId('tfa-status').textContent).toBe('Two-factor authentication is off.');

    fireEvent.click(within(tfaCard()).getByRole('button', { name: 'Enable' }));
    expect(await within(tfaCard()).findByText('Enter the two-factor code.')).toBeTruthy();
    fireEvent.change(within(tfaCard()).getByRole('textbox', { name: /Two-factor code/ }), {
      target: { value: '654321' },
    });
    fireEvent.click(within(tfaCard()).getByRole('button', { name: 'Enable' }));

    expect((await screen.findByTestId('tfa-changed')).textContent).toBe(
      'Two-factor authentication is now on. From now on, logging in asks for a code from your app.',
    );
    expect(api.callsTo('POST /user/toggle-tfa')[0]?.body).toEqual({ tfaCode: '654321' });
    // The ten recovery codes, shown this once.
    const list = within(tfaCard()).getByRole('list', { name: 'Your recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY_CODES);
    expect(screen.getByTestId('recovery-codes-once').textContent).toMatch(/shown only this once/);
    fireEvent.click(within(tfaCard()).getByRole('button', { name: 'I have saved them' }));
    expect(within(tfaCard()).queryByRole('list', { name: 'Your recovery codes' })).toBeNull();
    expect(
      await screen.findByText(
        '10 of your recovery codes are unused. Each works once, in place of a code from your app.',
      ),
    ).toBeTruthy();
    expect(useAuthStore.getState().tfaEnabled).toBe(true);
    expect(screen.getByTestId('tfa-status').textContent).toBe('Two-factor authentication is on.');
    expect(screen.queryByRole('textbox', { name: 'Setup key (if you cannot scan the QR code)' })).toBeNull();
    expect(within(tfaCard()).getByRole('button', { name: 'Disable' })).toBeTruthy();
    // Two-factor now guards the password change too.
    expect(within(passwordCard()).getByRole('textbox', { name: /Two-factor code/ })).toBeTruthy();
  });

  it('disables with a code when on, and fetches a new key', async () => {
    signIn(true);
    const api = mockApi({
      'GET /user/get-tfa-key': () => jsonResponse(KEY),
      'POST /user/toggle-tfa': () => jsonResponse({ tfaEnabled: false, message: 'TFA settings changed' }),
    });
    renderApp('/security');
    await screen.findByRole('region', { name: 'Two-factor authentication' });
    expect(api.callsTo('GET /user/get-tfa-key')).toHaveLength(0);
    fireEvent.change(within(tfaCard()).getByRole('textbox', { name: /Two-factor code/ }), {
      target: { value: '111222' },
    });
    fireEvent.click(within(tfaCard()).getByRole('button', { name: 'Disable' }));
    expect((await screen.findByTestId('tfa-changed')).textContent).toBe(
      'Two-factor authentication is now off. Logging in asks only for your password.',
    );
    expect(useAuthStore.getState().tfaEnabled).toBe(false);
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
    expect(await screen.findByRole('textbox', { name: 'Setup key (if you cannot scan the QR code)' })).toBeTruthy();
  });

  it('treats the refusal accounts.tfaAlreadyEnabled ("Cant get key if Tfa enabled.") as two-factor already on', async () => {
    signIn(false);
    mockApi({ 'GET /user/get-tfa-key': ALREADY_ON });
    renderApp('/security');
    await waitFor(() => expect(useAuthStore.getState().tfaEnabled).toBe(true));
    expect(await within(tfaCard()).findByRole('button', { name: 'Disable' })).toBeTruthy();
    expect(screen.getByTestId('tfa-status').textContent).toBe('Two-factor authentication is on.');
    expect(screen.queryByTestId('tfa-error')).toBeNull();
  });

  it("shows the server's message when the code is wrong", async () => {
    signIn(true);
    mockApi({
      'POST /user/toggle-tfa': () => jsonResponse({ code: 'validation_failed', message: 'Invalid code.' }, 400),
    });
    renderApp('/security');
    await screen.findByRole('region', { name: 'Two-factor authentication' });
    fireEvent.change(within(tfaCard()).getByRole('textbox', { name: /Two-factor code/ }), {
      target: { value: '000000' },
    });
    fireEvent.click(within(tfaCard()).getByRole('button', { name: 'Disable' }));
    expect((await screen.findByTestId('tfa-error')).textContent).toBe('Invalid code.');
    expect(useAuthStore.getState().tfaEnabled).toBe(true);
  });
});

describe('security page: recovery codes', () => {
  it('says how many are left and makes new ones after the password and a code, shown once', async () => {
    signIn(true);
    const fresh = RECOVERY_CODES.map((code) => code.replace('EFGHJ', 'KMNPQ'));
    let attempt = 0;
    const api = mockApi({
      'GET /user/tfa-recovery-codes': () => jsonResponse({ left: 1, createdAt: '2026-11-28T10:00:00.000Z' }),
      'POST /user/tfa-recovery-codes': () => {
        attempt += 1;
        return attempt === 1
          ? jsonResponse(
              {
                code: 'bad_request',
                message: 'The password is incorrect.',
                fields: { password: 'The password is incorrect.' },
              },
              400,
            )
          : jsonResponse({ recoveryCodes: fresh, createdAt: '2026-11-28T11:00:00.000Z' });
      },
    });
    renderApp('/security');
    expect(
      await screen.findByText('1 of your recovery codes is unused. Each works once, in place of a code from your app.'),
    ).toBeTruthy();
    const card = within(tfaCard());
    fireEvent.click(card.getByRole('button', { name: 'Make new recovery codes' }));
    fireEvent.click(card.getByRole('button', { name: 'Make new codes' }));
    expect(await card.findByText('Enter your password.')).toBeTruthy();
    expect(api.callsTo('POST /user/tfa-recovery-codes')).toHaveLength(0);

    fireEvent.change(card.getByLabelText(/^Password/), { target: { value: 'wrong password' } });
    const codeField = card.getAllByRole('textbox', { name: /Two-factor code/ })[0]!;
    fireEvent.change(codeField, { target: { value: 'ab2cd-efghj' } });
    fireEvent.click(card.getByRole('button', { name: 'Make new codes' }));
    expect((await screen.findByTestId('recovery-codes-error')).textContent).toBe('The password is incorrect.');

    fireEvent.change(card.getByLabelText(/^Password/), { target: { value: 'user password 1' } });
    fireEvent.click(card.getByRole('button', { name: 'Make new codes' }));
    const list = await card.findByRole('list', { name: 'Your recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(fresh);
    expect(api.callsTo('POST /user/tfa-recovery-codes')[1]?.body).toEqual({
      password: 'user password 1',
      tfaCode: 'ab2cd-efghj',
    });
  });

  it('speaks Finnish on a Finnish screen', async () => {
    const { default: i18n } = await import('i18next');
    await i18n.changeLanguage('fi');
    try {
      signIn(true);
      mockApi({ 'GET /user/tfa-recovery-codes': () => jsonResponse({ left: 7, createdAt: null }) });
      renderApp('/security');
      expect(
        await screen.findByText(
          'Varmistuskoodeistasi 7 on käyttämättä. Kukin toimii kerran sovelluksen koodin sijasta.',
        ),
      ).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Luo uudet varmistuskoodit' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('security page: your name', () => {
  it('asks an older account for its full name, validates it and saves it for documents to print', async () => {
    signIn(false);
    const api = mockApi({
      'GET /user/get-tfa-key': () => jsonResponse(KEY),
      'POST /user/update-full-name': () => jsonResponse({ data: { fullName: 'Alice Example' } }),
    });
    renderApp('/security');
    const card = within(await screen.findByRole('region', { name: 'Your name' }));
    const field = card.getByRole('textbox', { name: /^Full name/ });
    expect((field as HTMLInputElement).value).toBe('');
    fireEvent.change(field, { target: { value: '1' } });
    fireEvent.click(card.getByRole('button', { name: 'Save name' }));
    expect(await card.findByText('Enter your full name (2–120 characters, letters only).')).toBeTruthy();
    expect(api.callsTo('POST /user/update-full-name')).toHaveLength(0);
    fireEvent.change(field, { target: { value: ' Alice Example ' } });
    fireEvent.click(card.getByRole('button', { name: 'Save name' }));
    expect((await card.findByTestId('full-name-saved')).textContent).toContain('Your name was saved.');
    expect(api.callsTo('POST /user/update-full-name')[0]?.body).toEqual({ fullName: 'Alice Example' });
    await waitFor(() => expect(useAuthStore.getState().fullName).toBe('Alice Example'));
  });
});
