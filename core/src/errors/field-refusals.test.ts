import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DATA_RIGHTS_MESSAGES } from '../api/data-rights.js';
import { fieldRefusals } from './field-refusals.js';

/** The field problems of one parse, as the server sends them: reason, params and English per dotted path. */
function refusedFields(schema: z.ZodType, value: unknown) {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('expected the value to be refused');
  return fieldRefusals(parsed.error.issues);
}

describe('field refusals', () => {
  const schema = z
    .object({
      name: z.string().min(1).max(5),
      about: z.string().min(10),
      email: z.email(),
      count: z.number().int().min(1).max(9),
      share: z.number().positive(),
      tags: z.array(z.string()).max(2),
      kind: z.enum(['a', 'b']),
      when: z.iso.date(),
      party: z.object({ id: z.string() }),
    })
    .strict();

  it('names each field’s problem by its kind, with min and max, and words it from the catalogue', () => {
    const fields = refusedFields(schema, {
      name: 'toolong',
      about: 'short',
      email: 'no',
      count: 12,
      share: 0,
      tags: ['x', 'y', 'z'],
      kind: 'c',
      when: '29.11.2026',
      party: {},
      extra: true,
    });
    expect(fields).toEqual({
      name: { reason: 'fields.tooLong', params: { max: 5 }, message: 'Must be at most 5 characters long.' },
      about: { reason: 'fields.tooShort', params: { min: 10 }, message: 'Must be at least 10 characters long.' },
      email: { reason: 'fields.notEmail', params: {}, message: 'Must be an email address.' },
      count: { reason: 'fields.tooBig', params: { max: 9 }, message: 'Must be at most 9.' },
      share: { reason: 'fields.notAboveMin', params: { min: 0 }, message: 'Must be more than 0.' },
      tags: { reason: 'fields.tooMany', params: { max: 2 }, message: 'Give at most 2.' },
      kind: { reason: 'fields.notOneOf', params: { options: 'a, b' }, message: 'Must be one of: a, b.' },
      when: { reason: 'fields.notDate', params: {}, message: 'Must be a date.' },
      'party.id': { reason: 'fields.required', params: {}, message: 'This field is required.' },
      _: { reason: 'fields.unknownFields', params: { keys: 'extra' }, message: 'Not a field of this request: extra.' },
    });
  });

  it('says a missing value and an empty text are required', () => {
    expect(refusedFields(schema.pick({ name: true }), {}).name?.reason).toBe('fields.required');
    expect(refusedFields(schema.pick({ name: true }), { name: '' }).name?.reason).toBe('fields.required');
  });

  it('takes a schema’s own catalogued text as that reason, and keeps an uncatalogued one as the English', () => {
    const own = z.object({
      reason: z.string().min(10, DATA_RIGHTS_MESSAGES.exportReasonRequired),
      note: z.string().min(3, 'A note of at least three letters.'),
    });
    const fields = refusedFields(own, { reason: 'why', note: 'x' });
    expect(fields.reason).toEqual({
      reason: 'dataRights.exportReasonRequired',
      params: {},
      message: DATA_RIGHTS_MESSAGES.exportReasonRequired,
    });
    // Not in the catalogue: the kind's reason for the other language, the schema's sentence for English.
    expect(fields.note).toEqual({
      reason: 'fields.tooShort',
      params: { min: 3 },
      message: 'A note of at least three letters.',
    });
  });
});
