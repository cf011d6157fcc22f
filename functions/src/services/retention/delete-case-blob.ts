import type { Deps } from '../../deps.js';
import { WriteOnceError } from '../../errors.js';
import type { BlobContainer } from '../../ports/blobs.js';

/** What became of one blob the data lifecycle asked to delete. */
export type BlobRemoval = 'deleted' | 'absent' | 'kept' | 'failed';

/**
 * The one place where the data lifecycle (the retention sweep, a tenant's deletion) deletes a case's blobs,
 * so the rule of write-once storage applies here once: a blob the store refuses to delete (a record under an
 * immutability policy whose retention has not ended) is kept and reported as such, never an error that
 * stops the rest. Anything else that fails is logged and reported; the next run tries again.
 */
export async function deleteCaseBlob(
  deps: Pick<Deps, 'blobs' | 'log'>,
  container: BlobContainer,
  name: string,
): Promise<BlobRemoval> {
  try {
    return (await deps.blobs.delete(container, name)) ? 'deleted' : 'absent';
  } catch (error) {
    if (isImmutabilityRefusal(error)) return 'kept';
    deps.log.error('Deleting a case blob failed', { container, name, error });
    return 'failed';
  }
}

/**
 * The blob adapter's refusal of an early delete in the write-once container (WriteOnceError), or Blob Storage's
 * own answer for a blob under an immutability policy or legal hold (409 BlobImmutableDueToPolicy …).
 */
function isImmutabilityRefusal(error: unknown): boolean {
  if (error instanceof WriteOnceError) return true;
  const code = (error as { code?: unknown; details?: { errorCode?: unknown } } | undefined)?.code;
  const detail = (error as { details?: { errorCode?: unknown } } | undefined)?.details?.errorCode;
  return [code, detail].some((value) => typeof value === 'string' && /Immutable|WriteOnce/i.test(value));
}
