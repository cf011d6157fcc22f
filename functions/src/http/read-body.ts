import type { HttpRequest } from '@azure/functions';
import { refusal } from '@ratkaisu/core';
import type { z } from 'zod';
import { BadRequestError, DomainError } from '../errors.js';

/**
 * Reads and validates a JSON body. A body that is not JSON is a 400 with a
 * clear message; one that is JSON but wrong is a 400 naming the field.
 */
export async function readJson<Schema extends z.ZodType>(
  request: HttpRequest,
  schema: Schema,
): Promise<z.output<Schema>> {
  const contentType = request.headers.get('content-type') ?? '';
  if (contentType && !/^application\/(.+\+)?json\b/i.test(contentType)) {
    throw new BadRequestError(refusal('requests.jsonOnly'));
  }
  const text = await request.text();
  let value: unknown;
  if (text.trim() === '') {
    value = undefined;
  } else {
    try {
      value = JSON.parse(text);
    } catch {
      throw new DomainError('malformed_json', 400, refusal('requests.notJson'));
    }
  }
  return schema.parse(value);
}
