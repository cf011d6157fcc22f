import { CLAIM_REQUEST_MESSAGES } from '@ratkaisu/core';
import { describe, expect, it } from 'vitest';
import { apiClient } from './support/api-client.js';
import { useTestHost } from './support/use-test-host.js';

/** A generateclaim body that leaves out part of docs/product.md section 3 is told which field, in words. */
const host = useTestHost();
const api = apiClient(() => host);

describe('generateclaim refusals', () => {
  it.each([
    ['settings', CLAIM_REQUEST_MESSAGES.settingsRequired],
    ['claimant_info', CLAIM_REQUEST_MESSAGES.claimantInfoRequired],
    ['process_type', CLAIM_REQUEST_MESSAGES.processType],
  ])('a body without %s gets 400 naming it', async (field, message) => {
    const c = await api.openCase();
    const body: Record<string, unknown> = {
      fileIds: ['f1'],
      settings: { language: 'fi' },
      case_name: c.dispute.name,
      claimant_info: { name: 'Rakennus Oy', contact_info: '' },
      process_type: 'claim',
    };
    delete body[field];
    const answer = await api.json<{ code: string; message: string; fields: Record<string, string> }>(
      await api.call('POST', `/api/dispute/${c.dispute.id}/generateclaim`, c.claimant.token, body),
      400,
    );
    expect(answer).toMatchObject({ code: 'validation_failed', message, fields: { [field]: message } });
    expect(answer.message).not.toMatch(/Invalid input/);
  });
});
