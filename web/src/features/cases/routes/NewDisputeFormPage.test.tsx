import { ARBITRATION_AGREEMENT, refusal } from '@ratkaisu/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store';
import { renderApp, resetStores } from '../../../test/render-app';
import { jsonResponse, mockApi } from '../../../test/mock-api';
import { useDisputeStore } from '../stores/dispute-store';

beforeAll(() => import('./NewDisputeFormPage'));
beforeEach(() => {
  resetStores();
  useDisputeStore.getState().reset();
  // An account with a full name: the form does not ask for it (the tests below that ask sign in without one).
  useAuthStore.getState().signIn('tok', {
    id: 'u1',
    userName: 'alice',
    fullName: 'Alice Asianajaja',
    agreedTermsOfService: 1,
    sessionId: 's1',
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

function type(scope: HTMLElement, label: string, value: string) {
  fireEvent.change(within(scope).getByLabelText(label, { exact: false }), { target: { value } });
}

async function fillValidForm() {
  const project = await screen.findByRole('group', { name: 'Project Details' });
  type(project, 'Case name', 'Roof repair <b>2025</b>');
  type(project, 'Short description', 'Leaking roof<script>alert(1)</script>');
  const claimant = screen.getByRole('group', { name: 'Claimant Information' });
  type(claimant, 'Name', 'Alice Oy');
  type(claimant, 'Business ID/PIN', '1234567-8');
  type(claimant, 'Representative Email', 'alice@example.fi');
  type(claimant, 'Address', 'Mannerheimintie 1');
  const respondent = screen.getByRole('group', { name: 'Respondent Information' });
  type(respondent, 'Name', 'Bob Rakennus');
  type(respondent, 'Representative Email', 'bob@example.fi');
  fireEvent.click(
    screen.getByRole('checkbox', { name: 'I accept this arbitration agreement on behalf of the claimant.' }),
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('new dispute form', () => {
  it('shows the three sections and refuses an empty form with the spec message and field messages', async () => {
    const api = mockApi({});
    renderApp('/new-dispute-form');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create New Case' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save and Send' }));
    expect(await screen.findByText('Please fill in all required fields correctly.')).toBeTruthy();
    expect(screen.getByText('Case name is required.')).toBeTruthy();
    expect(screen.getByText('Short description is required.')).toBeTruthy();
    expect(screen.getByText('Claimant name is required.')).toBeTruthy();
    expect(screen.getByText('Respondent representative email is required.')).toBeTruthy();
    // The claimant accepts the arbitration agreement, shown in full with its version, to open the case.
    expect(screen.getByText('Accept the arbitration agreement to open the case.')).toBeTruthy();
    expect(screen.getByTestId('new-case-agreement').textContent).toBe(ARBITRATION_AGREEMENT.en);
    expect(api.callsTo('POST /api/dispute')).toHaveLength(0);
    // Focus moves to the first invalid field, the project name.
    const project = screen.getByRole('group', { name: 'Project Details' });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(project).getByLabelText('Case name', { exact: false })),
    );
  });

  it('moves focus to the first invalid field, wherever it is', async () => {
    mockApi({});
    renderApp('/new-dispute-form');
    await fillValidForm();
    const respondent = screen.getByRole('group', { name: 'Respondent Information' });
    type(respondent, 'Representative Email', 'bob@nowhere');
    fireEvent.click(screen.getByRole('button', { name: 'Save and Send' }));
    const email = within(respondent).getByLabelText('Representative Email', { exact: false });
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute('aria-invalid')).toBe('true');
  });

  it('checks the email pattern and treats HTML-only text as empty', async () => {
    const api = mockApi({});
    renderApp('/new-dispute-form');
    await fillValidForm();
    type(screen.getByRole('group', { name: 'Respondent Information' }), 'Representative Email', 'bob@nowhere');
    type(screen.getByRole('group', { name: 'Project Details' }), 'Case name', '<b></b>');
    fireEvent.click(screen.getByRole('button', { name: 'Save and Send' }));
    expect(await screen.findByText('Respondent representative email must be a valid email address.')).toBeTruthy();
    expect(screen.getByText('Case name is required.')).toBeTruthy();
    expect(screen.getByText('Please fill in all required fields correctly.')).toBeTruthy();
    expect(api.callsTo('POST /api/dispute')).toHaveLength(0);
  });

  it('sends the stripped case once with a client UUID on a double click and opens the case page', async () => {
    let answer: (response: Response) => void = () => {};
    const api = mockApi({
      'POST /api/dispute': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { router } = renderApp('/new-dispute-form');
    await fillValidForm();
    const save = screen.getByRole('button', { name: 'Save and Send' });
    fireEvent.click(save);
    fireEvent.click(save);
    await waitFor(() => expect(api.callsTo('POST /api/dispute')).toHaveLength(1));
    const [call] = api.callsTo('POST /api/dispute');
    const body = call?.body as { id: string };
    expect(body.id).toMatch(UUID);
    expect(body).toEqual({
      id: body.id,
      name: 'Roof repair 2025',
      description: 'Leaking roof',
      claimant: {
        name: 'Alice Oy',
        identificationNumber: '1234567-8',
        email: 'alice@example.fi',
        address: 'Mannerheimintie 1',
      },
      respondent: { name: 'Bob Rakennus', identificationNumber: '', email: 'bob@example.fi', address: '' },
      agreementVersion: ARBITRATION_AGREEMENT.version,
      // The case's language, from the interface's: it names the case's files.
      language: 'en',
    });
    answer(jsonResponse({ id: body.id, name: 'Roof repair 2025' }, 201));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/case-attachment/${body.id}`));
    expect(api.callsTo('POST /api/dispute')).toHaveLength(1);
  });

  it('shows the server message and field messages on failure, and retries with the same id', async () => {
    let attempt = 0;
    const api = mockApi({
      'POST /api/dispute': () => {
        attempt += 1;
        return attempt === 1
          ? jsonResponse(
              {
                code: 'validation_failed',
                message: 'The dispute is not valid.',
                fields: { 'respondent.email': 'Respondent representative email is not accepted.' },
              },
              400,
            )
          : new Response('', { status: 500 });
      },
    });
    renderApp('/new-dispute-form');
    await fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Save and Send' }));
    expect(await screen.findByText('The dispute is not valid.')).toBeTruthy();
    expect(screen.getByText('Respondent representative email is not accepted.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save and Send' }));
    expect(await screen.findByText('An error occurred. Please try again later.')).toBeTruthy();
    const ids = api.callsTo('POST /api/dispute').map((call) => (call.body as { id: string }).id);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
    expect(useDisputeStore.getState().loading).toBe(false);
  });

  it('refuses one representative email or one Business ID/PIN on both sides before sending', async () => {
    const api = mockApi({});
    renderApp('/new-dispute-form');
    await fillValidForm();
    const respondent = screen.getByRole('group', { name: 'Respondent Information' });
    type(respondent, 'Representative Email', ' Alice@Example.fi ');
    fireEvent.click(screen.getByRole('button', { name: 'Save and Send' }));
    const sameEmail =
      'The claimant and the respondent cannot have the same representative email. Enter the email of the respondent’s own representative.';
    expect(await screen.findAllByText(sameEmail)).toHaveLength(2);
    expect(document.activeElement).toBe(within(respondent).getByLabelText('Representative Email', { exact: false }));

    type(respondent, 'Representative Email', 'bob@example.fi');
    type(respondent, 'Business ID/PIN', '12345678');
    fireEvent.click(screen.getByRole('button', { name: 'Save and Send' }));
    expect(
      await screen.findAllByText(
        'The claimant and the respondent cannot have the same Business ID/PIN. Check the respondent’s Business ID/PIN.',
      ),
    ).toHaveLength(2);
    expect(api.callsTo('POST /api/dispute')).toHaveLength(0);
  });

  it('says the server’s same-party refusal in the screen’s language', async () => {
    const { default: i18n } = await import('i18next');
    await i18n.changeLanguage('fi');
    try {
      mockApi({
        // The account's language is English here: the form still speaks the screen's Finnish.
        'POST /api/dispute': () =>
          jsonResponse(
            {
              code: 'same_party_on_both_sides',
              message: 'The claimant and the respondent cannot have the same Business ID/PIN.',
              fields: { 'respondent.identificationNumber': 'The claimant and the respondent cannot have the same …' },
            },
            400,
          ),
      });
      renderApp('/new-dispute-form');
      const project = await screen.findByRole('group', { name: 'Asian tiedot' });
      type(project, 'Asian nimi', 'Kattoremontti');
      type(project, 'Lyhyt kuvaus', 'Vuotava katto');
      const claimant = screen.getByRole('group', { name: 'Kantajan tiedot' });
      type(claimant, 'Nimi', 'Alice Oy');
      type(claimant, 'Asiamiehen sähköposti', 'alice@example.fi');
      const respondent = screen.getByRole('group', { name: 'Vastaajan tiedot' });
      type(respondent, 'Nimi', 'Bob Oy');
      type(respondent, 'Asiamiehen sähköposti', 'bob@example.fi');
      fireEvent.click(screen.getByRole('checkbox'));
      fireEvent.click(screen.getByRole('button', { name: 'Tallenna ja lähetä' }));
      expect(
        await screen.findAllByText(
          'Kantajalla ja vastaajalla ei voi olla samaa Y-tunnusta / henkilötunnusta. Tarkista vastaajan Y-tunnus / henkilötunnus.',
        ),
      ).toHaveLength(2);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows the server’s field refusals at their fields in Finnish, by their reasons, never its English', async () => {
    const { default: i18n } = await import('i18next');
    await i18n.changeLanguage('fi');
    try {
      const tooLong = refusal('fields.tooLong', { max: 300 });
      const notEmail = refusal('fields.notEmail');
      mockApi({
        'POST /api/dispute': () =>
          jsonResponse(
            {
              code: 'validation_failed',
              ...tooLong,
              fields: { name: tooLong.message, 'respondent.email': notEmail.message },
              fieldReasons: {
                name: { reason: tooLong.reason, params: tooLong.params },
                'respondent.email': { reason: notEmail.reason, params: notEmail.params },
              },
            },
            400,
          ),
      });
      renderApp('/new-dispute-form');
      const project = await screen.findByRole('group', { name: 'Asian tiedot' });
      type(project, 'Asian nimi', 'Kattoremontti');
      type(project, 'Lyhyt kuvaus', 'Vuotava katto');
      const claimant = screen.getByRole('group', { name: 'Kantajan tiedot' });
      type(claimant, 'Nimi', 'Alice Oy');
      type(claimant, 'Asiamiehen sähköposti', 'alice@example.fi');
      const respondent = screen.getByRole('group', { name: 'Vastaajan tiedot' });
      type(respondent, 'Nimi', 'Bob Oy');
      type(respondent, 'Asiamiehen sähköposti', 'bob@example.fi');
      fireEvent.click(screen.getByRole('checkbox'));
      fireEvent.click(screen.getByRole('button', { name: 'Tallenna ja lähetä' }));
      // The form's message and the case name's field say the same problem: both in Finnish.
      expect(await within(project).findByText('Pituus saa olla enintään 300 merkkiä.')).toBeTruthy();
      expect(within(respondent).getByText('Anna sähköpostiosoite.')).toBeTruthy();
      expect(screen.queryByText(tooLong.message)).toBeNull();
      expect(screen.queryByText(notEmail.message)).toBeNull();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('asks an account without a full name for one, in Finnish screens a Finnish case, and saves the name', async () => {
    useAuthStore.getState().signIn('tok', { id: 'u1', userName: 'alice', agreedTermsOfService: 1, sessionId: 's1' });
    const { default: i18n } = await import('i18next');
    await i18n.changeLanguage('fi');
    try {
      let answer: (response: Response) => void = () => {};
      const api = mockApi({ 'POST /api/dispute': () => new Promise<Response>((resolve) => (answer = resolve)) });
      renderApp('/new-dispute-form');
      const project = await screen.findByRole('group', { name: 'Asian tiedot' });
      // The case's language is asked, the screens' language chosen.
      const language = screen.getByRole('radiogroup', { name: /Asian kieli/ });
      expect(within(language).getByRole('radio', { name: 'suomi' })).toHaveProperty('checked', true);
      expect(within(language).getByRole('radio', { name: 'englanti (English)' })).toHaveProperty('checked', false);
      type(project, 'Asian nimi', 'Kattoremontti');
      type(project, 'Lyhyt kuvaus', 'Vuotava katto');
      const claimant = screen.getByRole('group', { name: 'Kantajan tiedot' });
      type(claimant, 'Nimi', 'Alice Oy');
      type(claimant, 'Asiamiehen sähköposti', 'alice@example.fi');
      const respondent = screen.getByRole('group', { name: 'Vastaajan tiedot' });
      type(respondent, 'Nimi', 'Bob Oy');
      type(respondent, 'Asiamiehen sähköposti', 'bob@example.fi');
      fireEvent.click(screen.getByRole('checkbox'));
      // Without the full name the case is not sent: the field says why, in Finnish.
      const you = screen.getByRole('group', { name: 'Sinä kantajan asiamiehenä' });
      fireEvent.click(screen.getByRole('button', { name: 'Tallenna ja lähetä' }));
      expect(await within(you).findByText('Anna koko nimesi (2–120 merkkiä, vain kirjaimia).')).toBeTruthy();
      expect(api.callsTo('POST /api/dispute')).toHaveLength(0);
      type(you, 'Koko nimi', '  Alice Asianajaja ');
      fireEvent.click(screen.getByRole('button', { name: 'Tallenna ja lähetä' }));
      await waitFor(() => expect(api.callsTo('POST /api/dispute')).toHaveLength(1));
      const body = api.callsTo('POST /api/dispute')[0]?.body as { id: string; filerFullName: string; language: string };
      expect(body).toMatchObject({ filerFullName: 'Alice Asianajaja', language: 'fi' });
      answer(jsonResponse({ id: body.id, name: 'Kattoremontti' }, 201));
      // Saved to the profile: the next form does not ask again.
      await waitFor(() => expect(useAuthStore.getState().fullName).toBe('Alice Asianajaja'));
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('does not ask an account that has a full name, and sends the case language chosen', async () => {
    const api = mockApi({ 'POST /api/dispute': () => jsonResponse({ id: 'x', name: 'Roof repair 2025' }, 201) });
    renderApp('/new-dispute-form');
    await fillValidForm();
    expect(screen.queryByRole('group', { name: 'You, as the claimant’s representative' })).toBeNull();
    const language = screen.getByRole('radiogroup', { name: /Language of the case/ });
    expect(within(language).getByRole('radio', { name: 'English' })).toHaveProperty('checked', true);
    fireEvent.click(within(language).getByRole('radio', { name: 'Finnish (suomi)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save and Send' }));
    await waitFor(() => expect(api.callsTo('POST /api/dispute')).toHaveLength(1));
    const body = api.callsTo('POST /api/dispute')[0]?.body as Record<string, unknown>;
    expect(body.language).toBe('fi');
    expect(body).not.toHaveProperty('filerFullName');
  });

  it('says that the respondent is invited only when the Claim phase is first sent with a document', async () => {
    mockApi({});
    renderApp('/new-dispute-form');
    expect((await screen.findByTestId('new-case-next-step')).textContent).toMatch(
      /invited by email when you first Save and Send the Claim phase, which needs at least one document/,
    );
  });

  it('Cancel goes home', async () => {
    mockApi({
      'GET /api/dispute': () => jsonResponse([]),
      'GET /api/dispute/activephases': () => jsonResponse([]),
    });
    const { router } = renderApp('/new-dispute-form');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
