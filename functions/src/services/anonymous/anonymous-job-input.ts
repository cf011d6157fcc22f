import { decisionSettingsSchema } from '@ratkaisu/core';
import { z } from 'zod';
import { documentSourceSchema } from '../documents/document-text.js';

/** The public generator's jobs have no user; this stands where a job names its owner. */
export const ANONYMOUS_JOB_OWNER = 'anonymous';

/** Jobs and files of the public generator live this long (SPEC: they expire after 24 hours). */
export const ANONYMOUS_RETENTION_SECONDS = 24 * 3600;

/** The multipart fields of `POST /api/dispute/generatedecisionanonymous` (docs/product.md section 7). */
export const ANONYMOUS_FILES_FIELD = 'files';
export const ANONYMOUS_SETTINGS_FIELD = 'settings';

/**
 * What an anonymous decision job carries from its request to its worker (the
 * job document's `input`), checked again by the worker: the uploaded PDFs, in
 * the order sent, and the decision settings.
 */
export const anonymousJobInputSchema = z.object({
  files: z
    .array(documentSourceSchema.extend({ container: z.literal('anonymous'), sha256: z.string().optional() }))
    .min(1),
  settings: decisionSettingsSchema,
});

export type AnonymousJobInput = z.infer<typeof anonymousJobInputSchema>;
