import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AwardView } from '@ratkaisu/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { jsonResponse, mockApi, type MockHandler } from '../../../test/mock-api';
import { resetStores } from '../../../test/render-app';
import { SignAwardDialog } from './SignAwardDialog';

const PDF_BYTES = '%PDF-1.7 the adopted award';
const PDF_SHA256 = Array.from(
  new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(PDF_BYTES))),
  (byte) => byte.toString(16).padStart(2, '0'),
).join('');
const PHASES = 'GET /api/dispute/d1/phases';
const DOWNLOAD = 'GET /api/dispute/d1/phases/p4/attachment/aw1/download';
const SIGN = 'POST /api/dispute/d1/award/aw1/sign';
const signed = { id: 'aw1', status: 'Adopted', signatures: [{ userId: 'arb1' }] } as unknown as AwardView;

function renderDialog(routes: Record<string, MockHandler> = {}, pdfSha256: string | undefined = PDF_SHA256) {
  const api = mockApi({
    [PHASES]: () =>
      jsonResponse([{ id: 'p4', type: 'Resolution', dateCreated: '2026-11-20T10:00:00Z', attachments: [] }]),
    [DOWNLOAD]: () => new Response(PDF_BYTES, { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    [SIGN]: () => jsonResponse({ data: signed }),
    ...routes,
  });
  const onSigned = vi.fn();
  const onClose = vi.fn();
  render(
    <FluentProvider theme={webLightTheme}>
      <SignAwardDialog open disputeId="d1" awardId="aw1" pdfSha256={pdfSha256} onClose={onClose} onSigned={onSigned} />
    </FluentProvider>,
  );
  return { api, onSigned, onClose };
}

/** Fluent's focus manager marks an open modal aria-hidden in jsdom a moment after it opens: `hidden: true`. */
async function dialog() {
  return screen.findByRole('dialog', { hidden: true, name: 'Sign the award' }, { timeout: 15_000 });
}
const button = (scope: HTMLElement, name: string) =>
  within(scope).getByRole('button', { hidden: true, name }) as HTMLButtonElement;

beforeEach(() => {
  initI18n();
  resetStores();
  vi.stubGlobal('open', vi.fn());
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:award'), revokeObjectURL: vi.fn() });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('sign award dialog', () => {
  it('signs only the PDF opened here: its hash, the password and the code go to the API, the signed award back', async () => {
    const { api, onSigned } = renderDialog();
    const view = await dialog();
    expect(within(view).getByTestId('sign-pdf-hash').textContent).toContain(PDF_SHA256);
    // Sign waits, with its reason beside it, until the PDF has been opened.
    expect(button(view, 'Sign').disabled).toBe(true);
    expect(within(view).getByTestId('sign-open-first')).toBeTruthy();

    fireEvent.click(button(view, 'Open the PDF to sign'));
    await waitFor(() => expect(button(view, 'Sign').disabled).toBe(false));
    expect(api.callsTo(PHASES)).toHaveLength(1);
    expect(api.callsTo(DOWNLOAD)).toHaveLength(1);
    expect(window.open).toHaveBeenCalledWith('blob:award', '_blank', 'noopener');
    expect(within(view).getByText('You opened this exact file: its SHA-256 matches.')).toBeTruthy();

    fireEvent.change(within(view).getByLabelText('Password', { selector: 'input' }), {
      target: { value: 'pw-secret' },
    });
    fireEvent.change(within(view).getByRole('textbox', { hidden: true, name: /Authenticator code/ }), {
      target: { value: '123 456' },
    });
    fireEvent.click(button(view, 'Sign'));
    await waitFor(() => expect(onSigned).toHaveBeenCalledWith(signed));
    expect(api.callsTo(SIGN)[0]!.body).toEqual({ password: 'pw-secret', code: '123 456', pdfSha256: PDF_SHA256 });
  });

  it('refuses to sign a PDF other than the one the page names', async () => {
    const { api } = renderDialog({}, 'f'.repeat(64));
    const view = await dialog();
    fireEvent.click(button(view, 'Open the PDF to sign'));
    expect(await within(view).findByText(/The PDF has changed since this page was loaded/)).toBeTruthy();
    expect(button(view, 'Sign').disabled).toBe(true);
    expect(api.callsTo(SIGN)).toHaveLength(0);
  });

  it("checks the code's form before asking the server, and shows the server's refusal", async () => {
    const { api, onSigned } = renderDialog({
      [SIGN]: () => jsonResponse({ code: 'unauthorized', message: 'The password is not correct.' }, 401),
    });
    const view = await dialog();
    fireEvent.click(button(view, 'Open the PDF to sign'));
    await waitFor(() => expect(button(view, 'Sign').disabled).toBe(false));
    fireEvent.change(within(view).getByRole('textbox', { hidden: true, name: /Authenticator code/ }), {
      target: { value: '12' },
    });
    fireEvent.click(button(view, 'Sign'));
    expect(
      await within(view).findByText(
        'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
      ),
    ).toBeTruthy();
    expect(api.callsTo(SIGN)).toHaveLength(0);

    fireEvent.change(within(view).getByRole('textbox', { hidden: true, name: /Authenticator code/ }), {
      target: { value: '' },
    });
    fireEvent.change(within(view).getByLabelText('Password', { selector: 'input' }), { target: { value: 'wrong' } });
    fireEvent.click(button(view, 'Sign'));
    expect(await within(view).findByText('The password is not correct.')).toBeTruthy();
    expect(api.callsTo(SIGN)).toHaveLength(1);
    expect(onSigned).not.toHaveBeenCalled();
  });

  it('says so when the PDF cannot be opened, and keeps Sign waiting', async () => {
    renderDialog({ [DOWNLOAD]: () => jsonResponse({ code: 'not_found', message: 'Not found' }, 404) });
    const view = await dialog();
    fireEvent.click(button(view, 'Open the PDF to sign'));
    expect(await within(view).findByText('The PDF could not be opened. Please try again.')).toBeTruthy();
    expect(button(view, 'Sign').disabled).toBe(true);
  });
});
