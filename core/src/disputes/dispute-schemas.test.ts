import { describe, expect, it } from 'vitest';
import { newDisputeSchema, partyInputSchema, type NewDisputeInput } from './dispute-schemas.js';

const ID = '3f2b8c1e-9a4d-4f6b-8c2e-1d5a7b9e0f12';

function validInput(): NewDisputeInput {
  return {
    id: ID,
    name: 'Kattoremontti Oy vs. Rakennus Åberg Ab',
    description: 'Urakan viivästys ja 12 500 € lisälasku.',
    claimant: {
      name: 'Kattoremontti Oy',
      identificationNumber: '1234567-8',
      email: 'matti@kattoremontti.fi',
      address: 'Mannerheimintie 1, 00100 Helsinki',
    },
    respondent: {
      name: 'Rakennus Åberg Ab',
      identificationNumber: '7654321-0',
      email: 'asianajaja@aberg.fi',
      address: 'Åbo',
    },
  };
}

/** Field path → messages, as the API's validation error would list them. */
function errorsOf(input: unknown): Record<string, string[]> {
  const result = newDisputeSchema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    (errors[path] ??= []).push(issue.message);
  }
  return errors;
}

describe('newDisputeSchema', () => {
  it('accepts a complete dispute and keeps its text as typed', () => {
    expect(newDisputeSchema.parse(validInput())).toEqual(validInput());
  });

  it('accepts a dispute without the optional Business ID/PIN and address, storing them empty', () => {
    const input = validInput();
    delete input.claimant.identificationNumber;
    input.respondent.address = null;
    const parsed = newDisputeSchema.parse(input);
    expect(parsed.claimant.identificationNumber).toBe('');
    expect(parsed.respondent.address).toBe('');
  });

  it('names every missing required field with a clear message', () => {
    expect(errorsOf({ id: ID, claimant: {}, respondent: {} })).toEqual({
      name: ['Case name is required.'],
      description: ['Short description is required.'],
      'claimant.name': ['Claimant name is required.'],
      'claimant.email': ['Claimant representative email is required.'],
      'respondent.name': ['Respondent name is required.'],
      'respondent.email': ['Respondent representative email is required.'],
    });
  });

  it('reports missing party objects and a missing id', () => {
    expect(errorsOf({ name: 'n', description: 'd' })).toEqual({
      id: ['Dispute id is required.'],
      claimant: ['Claimant information is required.'],
      respondent: ['Respondent information is required.'],
    });
  });

  it('refuses a body that is not an object', () => {
    expect(errorsOf('nope')).toEqual({ '': ['The dispute must be a JSON object.'] });
    expect(errorsOf(null)).toEqual({ '': ['The dispute must be a JSON object.'] });
  });

  it('refuses an id that is not a UUID', () => {
    expect(errorsOf({ ...validInput(), id: 'case-1' })).toEqual({ id: ['Dispute id must be a UUID.'] });
  });

  it('refuses text fields of the wrong type', () => {
    expect(errorsOf({ ...validInput(), name: 42 })).toEqual({ name: ['Case name must be text.'] });
  });

  it.each(['', '   ', 'matti', 'matti@', '@kattoremontti.fi', 'matti@localhost', 'matti meikä@x.fi', 'a@b@c.fi'])(
    'refuses the representative email %j',
    (email) => {
      const input = validInput();
      input.respondent.email = email;
      const messages = errorsOf(input)['respondent.email'];
      expect(messages).toHaveLength(1);
      expect(messages?.[0]).toMatch(/^Respondent representative email (is required|must be a valid email address)\.$/);
    },
  );

  it('accepts an email with Finnish letters and a plus tag', () => {
    const input = validInput();
    input.claimant.email = 'matti.meikäläinen+riita@esimerkki.fi';
    expect(newDisputeSchema.parse(input).claimant.email).toBe('matti.meikäläinen+riita@esimerkki.fi');
  });

  it('bounds the lengths of name, description and party fields', () => {
    const input = validInput();
    input.name = 'n'.repeat(201);
    input.description = 'd'.repeat(5001);
    input.claimant.address = 'a'.repeat(301);
    input.respondent.identificationNumber = 'i'.repeat(301);
    expect(errorsOf(input)).toEqual({
      name: ['Case name must be at most 200 characters.'],
      description: ['Short description must be at most 5000 characters.'],
      'claimant.address': ['Claimant address must be at most 300 characters.'],
      'respondent.identificationNumber': ['Respondent Business ID/PIN must be at most 300 characters.'],
    });
  });

  it('accepts text exactly at the limits', () => {
    const input = validInput();
    input.name = 'n'.repeat(200);
    input.description = 'd'.repeat(5000);
    input.claimant.address = 'a'.repeat(300);
    expect(newDisputeSchema.safeParse(input).success).toBe(true);
  });

  it('strips HTML and scripts from every text field', () => {
    const input = validInput();
    input.name = '<b>Katto</b>remontti<script>alert(1)</script>';
    input.description = 'Viivästys <img src=x onerror=alert(1)>ja lisälasku <a href="javascript:alert(1)">tässä</a>';
    input.claimant = {
      name: '<iframe src="https://evil.example"></iframe>Kattoremontti Oy',
      identificationNumber: '1234567-8<!-- x -->',
      email: '<i>matti@kattoremontti.fi</i>',
      address: '<style>*{}</style>Helsinki" onmouseover="alert(1)',
    };
    input.respondent.address = 'javascript:alert(1)';
    const parsed = newDisputeSchema.parse(input);
    expect(parsed.name).toBe('Kattoremontti');
    expect(parsed.description).toBe('Viivästys ja lisälasku tässä');
    expect(parsed.claimant).toEqual({
      name: 'Kattoremontti Oy',
      identificationNumber: '1234567-8',
      email: 'matti@kattoremontti.fi',
      address: 'Helsinki" "alert(1)',
    });
    expect(parsed.respondent.address).toBe('alert(1)');
  });

  it('treats a required field that is only markup as missing', () => {
    const input = validInput();
    input.name = '<script>alert(1)</script>';
    input.claimant.name = '  <b></b>  ';
    input.respondent.email = '<!-- matti@x.fi -->';
    expect(errorsOf(input)).toEqual({
      name: ['Case name is required.'],
      'claimant.name': ['Claimant name is required.'],
      'respondent.email': ['Respondent representative email is required.'],
    });
  });

  it('drops fields the client may not set', () => {
    const parsed = newDisputeSchema.parse({ ...validInput(), status: 'Resolved', createdBy: 'someone' });
    expect(parsed).not.toHaveProperty('status');
    expect(parsed).not.toHaveProperty('createdBy');
  });
});

describe('partyInputSchema', () => {
  it('sanitises and validates a party on its own', () => {
    expect(partyInputSchema.parse({ name: ' <b>Åberg</b> ', email: 'a@b.fi' })).toEqual({
      name: 'Åberg',
      identificationNumber: '',
      email: 'a@b.fi',
      address: '',
    });
    expect(partyInputSchema.safeParse({ name: 'x', email: 'nope' }).error?.issues[0]?.message).toBe(
      'Party representative email must be a valid email address.',
    );
  });
});
