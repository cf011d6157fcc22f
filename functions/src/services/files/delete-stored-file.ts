import type { Deps } from '../../deps.js';
import { earlierTextCacheNames, textCacheName } from '../documents/load-document-text.js';

/**
 * Removes a deleted file's bytes and the text extracted from them. Runs after
 * the record is gone, so a failure here only leaves an unreachable blob behind:
 * it is logged, never turned into an error for the user whose delete succeeded.
 */
export async function deleteStoredFile(
  deps: Pick<Deps, 'blobs' | 'log'>,
  file: { container: 'attachments' | 'workfiles'; blobName: string },
): Promise<void> {
  const removals: [string, Promise<boolean>][] = [
    ['file', deps.blobs.delete(file.container, file.blobName)],
    ['extracted text', deps.blobs.delete('text', textCacheName(file))],
    // An earlier extractor's text of the file, cached before an upgrade.
    ...earlierTextCacheNames(file).map((name): [string, Promise<boolean>] => [
      'earlier extracted text',
      deps.blobs.delete('text', name),
    ]),
  ];
  for (const [what, removal] of removals) {
    try {
      await removal;
    } catch (error) {
      deps.log.error(`Deleting the ${what} of a deleted file failed`, { blobName: file.blobName, error });
    }
  }
}
