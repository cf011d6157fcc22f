import { newDisputeSchema } from '@ratkaisu/core';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { fieldMessage } from './field-messages';

const i18n = initI18n();

afterEach(async () => {
  await i18n.changeLanguage('en');
});

function messages(input: unknown): Record<string, string> {
  const parsed = newDisputeSchema.safeParse(input);
  if (parsed.success) return {};
  return Object.fromEntries(
    parsed.error.issues.map((issue) => {
      const path = issue.path.join('.');
      return [path, fieldMessage(path, issue as Parameters<typeof fieldMessage>[1], i18n.t)];
    }),
  );
}

const valid = {
  id: '7b0e3c9e-1f7a-4f3e-9d5e-2f0b9c1a2b3c',
  name: 'Toimitusviive',
  description: 'Myöhässä',
  claimant: { name: 'Kantaja Oy', email: 'k@example.fi' },
  respondent: { name: 'Vastaaja Oy', email: 'v@example.fi' },
};

describe('fieldMessage', () => {
  it('says in English exactly what the server catalogue says', () => {
    const input = { ...valid, name: '', respondent: { name: 'V', email: 'not-an-address' } };
    const parsed = newDisputeSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    const server = Object.fromEntries(parsed.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages(input)).toEqual(server);
    expect(messages(input)).toMatchObject({
      name: 'Case name is required.',
      'respondent.email': 'Respondent representative email must be a valid email address.',
    });
  });

  it('says it in Finnish on a Finnish screen', async () => {
    await i18n.changeLanguage('fi');
    expect(messages({ ...valid, name: '', claimant: { name: 'K', email: '' } })).toEqual({
      name: 'Asian nimi on pakollinen.',
      'claimant.email': 'Kantajan asiamiehen sähköposti on pakollinen.',
    });
    expect(messages({ ...valid, description: 'x'.repeat(5001) })).toEqual({
      description: 'Lyhyt kuvaus saa olla enintään 5000 merkkiä.',
    });
  });
});
