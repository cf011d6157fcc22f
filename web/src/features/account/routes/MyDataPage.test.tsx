import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store';
import { renderApp, resetStores } from '../../../test/render-app';
import { jsonResponse, mockApi } from '../../../test/mock-api';

beforeAll(() => import('./MyDataPage'));
beforeEach(() => resetStores());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

function signIn(tfaEnabled: boolean) {
  useAuthStore.getState().signIn('tok', { id: 'u1', userName: 'alice', agreedTermsOfService: 1, tfaEnabled });
}

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Close my account…' }));
  return within(await screen.findByRole('dialog', { name: 'Close your account' }));
}

describe('Your data: closing the account', () => {
  it('asks for the password, the code and the confirmation before calling the server', async () => {
    signIn(true);
    const api = mockApi({});
    renderApp('/my-data');
    const dialog = await openDialog();
    fireEvent.click(dialog.getByRole('button', { name: 'Close account' }));
    expect(await dialog.findByText('Enter your password.')).toBeTruthy();
    expect(dialog.getByText('Enter the two-factor code.')).toBeTruthy();
    expect(dialog.getByText('Tick the box to confirm.')).toBeTruthy();
    expect(api.callsTo('POST /user/close-account')).toHaveLength(0);
  });

  it('names the open cases that stop it, in the screen’s words, and a wrong password as such', async () => {
    signIn(false);
    let answer = 0;
    const api = mockApi({
      'POST /user/close-account': () =>
        ++answer === 1
          ? jsonResponse(
              {
                code: 'account_has_open_cases',
                message: 'Your account cannot be closed while you take part in open cases.',
                cases: [{ disputeId: 'd1', caseNumber: 'RAT-2027-000001', name: 'Teräspalkit', role: 'respondent' }],
              },
              409,
            )
          : jsonResponse(
              { code: 'unauthorized', message: 'The password or the authenticator code is not correct.' },
              401,
            ),
    });
    renderApp('/my-data');
    const dialog = await openDialog();
    fireEvent.change(dialog.getByLabelText(/^Password/), { target: { value: 'user password 1' } });
    fireEvent.click(dialog.getByRole('checkbox', { name: 'I understand that my account is closed for good' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Close account' }));
    expect((await dialog.findByTestId('blocking-cases')).textContent).toBe(
      'RAT-2027-000001 – Teräspalkit (respondent’s representative)',
    );
    expect(api.callsTo('POST /user/close-account')[0]?.body).toEqual({ password: 'user password 1', confirm: true });
    // jsdom and Fluent's focus manager mark the dialog aria-hidden once its busy buttons were disabled (as in
    // CaseAttachmentRoute.test.tsx); the browser test shows it in a real browser.
    const again = within(await screen.findByRole('dialog', { hidden: true }));
    fireEvent.click(await again.findByRole('button', { hidden: true, name: 'Close account' }));
    expect(await again.findByText('The password or the authenticator code is not correct.')).toBeTruthy();
    expect(again.queryByTestId('blocking-cases')).toBeNull();
  });
});
