import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { mockApi } from '../../../test/mock-api';
import { resetStores } from '../../../test/render-app';
import { UserFormModal } from './UserFormModal';

/**
 * The user form checks its body with core's schema before sending; what it finds is said in the screens'
 * language with the same catalogue texts a refused save's `fieldReasons` carry (docs/architecture.md "Errors").
 */

// The Finnish catalogue loads on first use: loaded once here, not inside the first test's time.
beforeAll(async () => {
  initI18n();
  await i18next.changeLanguage('fi');
  await i18next.changeLanguage('en');
}, 60_000);
beforeEach(() => resetStores());
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

async function renderForm(language: string) {
  initI18n();
  await i18next.changeLanguage(language);
  const api = mockApi({});
  render(
    <FluentProvider theme={webLightTheme}>
      <UserFormModal open user={null} tenants={[]} isSuperAdmin onClose={() => {}} onSaved={() => {}} />
    </FluentProvider>,
  );
  return { api, dialog: await screen.findByRole('dialog') };
}

function fill(dialog: HTMLElement, label: RegExp, value: string) {
  fireEvent.change(within(dialog).getByRole('textbox', { name: label }), { target: { value } });
}

describe('the user form’s own checks', () => {
  it('says each field’s problem in Finnish before sending anything', async () => {
    const { api, dialog } = await renderForm('fi');
    fill(dialog, /Käyttäjätunnus/, 'ab');
    fill(dialog, /Sähköposti/, 'ei-osoite');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tallenna' }));
    expect(await within(dialog).findByText('Käyttäjätunnuksessa on oltava vähintään 3 merkkiä.')).toBeTruthy();
    expect(within(dialog).getByText('Sähköpostiosoitteen on oltava kelvollinen.')).toBeTruthy();
    // No tenant chosen: the catalogue's text for a required field, not the schema's "Tenant is required.".
    expect(within(dialog).getByText('Tämä kenttä on pakollinen.')).toBeTruthy();
    expect(within(dialog).queryByText(/must|required\./)).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('keeps the English texts on an English screen', async () => {
    const { dialog } = await renderForm('en');
    fill(dialog, /User name/, 'ab');
    fill(dialog, /Email/, 'no-address');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('User name must be at least 3 characters.')).toBeTruthy();
    expect(within(dialog).getByText('Email must be a valid email address.')).toBeTruthy();
  });
});
