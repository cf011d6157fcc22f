import { refusal } from '@ratkaisu/core';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadFeatureTexts } from '../i18n/i18n';
import { apiErrorFromBody, ApiError } from './client';
import { cataloguedRefusal, errorMessage, localRefusalParams } from './error-message';
import { fieldErrorMessages } from './field-error-messages';

/** An ApiError as the client builds it from the server's body `{ code, reason, params, message }`. */
function refused(status: number, code: string, wording: ReturnType<typeof refusal>): ApiError {
  return apiErrorFromBody(status, { code, ...wording }, 'fallback');
}

beforeAll(async () => {
  initI18n();
  await loadFeatureTexts();
});

afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe('errorMessage', () => {
  it('shows the catalogue’s Finnish text for the reason, not the server’s English', async () => {
    await i18next.changeLanguage('fi');
    const error = refused(400, 'bad_request', refusal('accounts.tfaAlreadyEnabled'));
    expect(error.serverMessage).toBe('Cant get key if Tfa enabled.');
    expect(errorMessage(error, 'fallback')).toBe(
      'Kaksivaiheinen tunnistautuminen on jo käytössä, joten avainta ei voi enää näyttää.',
    );
  });

  it('shows the English text of the catalogue in English', () => {
    const error = refused(409, 'conflict', refusal('tribunal.alreadyRequested'));
    expect(errorMessage(error, 'fallback')).toBe('An arbitrator has already been requested for this case.');
  });

  it('fills the parameters, a byte count in megabytes of the user’s locale', async () => {
    const error = refused(413, 'payload_too_large', refusal('uploads.tooLarge', { limitBytes: 27_577_139 }));
    expect(errorMessage(error, 'fallback')).toBe('The request body is larger than the limit of 26.3 MB.');
    await i18next.changeLanguage('fi');
    expect(errorMessage(error, 'fallback')).toBe('Tiedostot ovat yhteensä suuremmat kuin sallittu 26,3 Mt.');
    expect(localRefusalParams({ limitBytes: 25 * 1024 * 1024, maxFiles: 20 }, 'fi')).toEqual({
      limitBytes: '25 Mt',
      maxFiles: 20,
    });
  });

  it('names a phase parameter by its name in the user’s language, the server’s English by its English name', async () => {
    const error = refused(403, 'forbidden', refusal('cases.moveRespondentPhase', { phase: 'RespondentLetter1' }));
    expect(error.serverMessage).toBe(
      'The Respondent Letter 1 phase belongs to the respondent side; only its representative can move the case on.',
    );
    expect(errorMessage(error, 'fallback')).toBe(error.serverMessage);
    await i18next.changeLanguage('fi');
    expect(errorMessage(error, 'fallback')).toBe(
      'Vaihe ”Vastaajan lausuma 1” kuuluu vastaajan puolelle: vain sen edustaja voi siirtää asiaa eteenpäin.',
    );
  });

  it('fills word parameters as sent', async () => {
    await i18next.changeLanguage('fi');
    const error = refused(400, 'damaged_pdf', refusal('uploads.damaged', { names: 'a.pdf, b.pdf' }));
    expect(errorMessage(error, 'fallback')).toBe('Vioittunut, ei avaudu PDF-tiedostona: a.pdf, b.pdf');
  });

  it('words a dependency’s outage (503, general.unavailable) as a moment’s wait, in the user’s language', async () => {
    // The body toResponse (functions/src/http/responses.ts) sends for a dependency that is out for now.
    const error = refused(503, 'unavailable', refusal('general.unavailable'));
    expect(errorMessage(error, 'fallback')).toBe('The service is unavailable just now. Please try again in a moment.');
    await i18next.changeLanguage('fi');
    expect(errorMessage(error, 'fallback')).toBe(
      'Palvelu ei ole juuri nyt käytettävissä. Yritä hetken kuluttua uudelleen.',
    );
  });

  it('shows the server’s sentence for a refusal with no reason, and the fallback without an answer', () => {
    const unworded = apiErrorFromBody(400, { code: 'bad_request', message: 'Not worded yet.' }, 'fallback');
    expect(cataloguedRefusal(unworded)).toBeUndefined();
    expect(errorMessage(unworded, 'fallback')).toBe('Not worded yet.');
    expect(errorMessage(new ApiError(0, 'network', 'offline'), 'Try again.')).toBe('Try again.');
    expect(errorMessage(new Error('boom'), 'Try again.')).toBe('Try again.');
  });

  it('shows the server’s sentence for a reason this client does not know (a newer server)', () => {
    const newer = apiErrorFromBody(
      409,
      { code: 'conflict', reason: 'cases.somethingNew', message: 'Newer words.' },
      'x',
    );
    expect(cataloguedRefusal(newer)).toBeUndefined();
    expect(errorMessage(newer, 'fallback')).toBe('Newer words.');
  });
});

describe('fieldErrorMessages', () => {
  it('says each refused field in the screens’ language by its reason, else the server’s sentence', async () => {
    const tooShort = refusal('fields.tooShort', { min: 10 });
    const error = apiErrorFromBody(
      400,
      {
        code: 'validation_failed',
        ...tooShort,
        fields: { 'claimant.name': tooShort.message, note: 'Not worded yet.' },
        fieldReasons: { 'claimant.name': { reason: tooShort.reason, params: tooShort.params } },
      },
      'fallback',
    );
    expect(fieldErrorMessages(error)).toEqual({
      'claimant.name': 'Must be at least 10 characters long.',
      note: 'Not worded yet.',
    });
    await i18next.changeLanguage('fi');
    expect(fieldErrorMessages(error)).toEqual({
      'claimant.name': 'Pituuden on oltava vähintään 10 merkkiä.',
      note: 'Not worded yet.',
    });
    expect(errorMessage(error, 'fallback')).toBe('Pituuden on oltava vähintään 10 merkkiä.');
    expect(fieldErrorMessages(new Error('boom'))).toEqual({});
  });
});
