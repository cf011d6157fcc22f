import { describe, expect, it } from 'vitest';
import { CLAIM_MESSAGES, CLAIM_REQUEST_MESSAGES, claimGenerationSchema } from './jobs.js';

const valid = {
  fileIds: ['f1'],
  settings: { language: 'fi' },
  case_name: 'Toimitusviive',
  claimant_info: { name: 'Rakennus Oy', contact_info: 'Katu 1, Helsinki' },
  process_type: 'claim',
};

/** The first message per field, as the server's 400 carries them. */
function messages(body: unknown): Record<string, string> {
  const result = claimGenerationSchema.safeParse(body);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  return fields;
}

describe('claim generation request', () => {
  it('takes docs/product.md section 3 body', () => {
    expect(messages(valid)).toEqual({});
  });

  it.each([
    ['settings', { settings: undefined }, { settings: CLAIM_REQUEST_MESSAGES.settingsRequired }],
    ['claimant_info', { claimant_info: undefined }, { claimant_info: CLAIM_REQUEST_MESSAGES.claimantInfoRequired }],
    ['process_type', { process_type: undefined }, { process_type: CLAIM_REQUEST_MESSAGES.processType }],
    ['fileIds', { fileIds: undefined }, { fileIds: CLAIM_MESSAGES.selectFiles }],
    ['an empty fileIds', { fileIds: [] }, { fileIds: CLAIM_MESSAGES.selectFiles }],
    ['a file id that is not text', { fileIds: [7] }, { 'fileIds.0': CLAIM_REQUEST_MESSAGES.fileIdInvalid }],
    ['another language', { settings: { language: 'en' } }, { 'settings.language': CLAIM_REQUEST_MESSAGES.language }],
    ['a case name that is not text', { case_name: 42 }, { case_name: CLAIM_REQUEST_MESSAGES.caseName }],
    [
      'a claimant name that is not text',
      { claimant_info: { name: null, contact_info: '' } },
      { 'claimant_info.name': CLAIM_REQUEST_MESSAGES.claimantName },
    ],
    ['another process type', { process_type: 'decision' }, { process_type: CLAIM_REQUEST_MESSAGES.processType }],
  ])('names the field in words when %s is wrong or missing', (_case, change, expected) => {
    const fields = messages({ ...valid, ...change });
    expect(fields).toEqual(expected);
    for (const message of Object.values(fields)) expect(message).not.toMatch(/Invalid input|expected/);
  });
});
