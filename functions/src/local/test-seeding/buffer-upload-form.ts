import { Readable } from 'node:stream';
import { UploadLimitError, type UploadFilePart, type UploadForm } from '../../context/multipart.js';

/**
 * An upload form made of files already in memory: what the HTTP layer hands a service for a multipart body,
 * so a builder files documents through the same service (and its checks) a browser's upload goes through.
 */
export function bufferUploadForm(files: readonly { fileName: string; bytes: Uint8Array }[]): UploadForm {
  let read = false;
  return {
    contentLength: files.reduce((sum, file) => sum + file.bytes.byteLength, 0),
    read(limits) {
      if (read) throw new Error('An upload form is read once.');
      read = true;
      async function* parts(): AsyncGenerator<UploadFilePart> {
        if (files.length > limits.maxFiles) throw new UploadLimitError('files');
        for (const file of files) {
          if (file.bytes.byteLength > limits.maxFileBytes) throw new UploadLimitError('fileSize');
          yield {
            fieldName: limits.fileField,
            fileName: file.fileName,
            mimeType: 'application/pdf',
            stream: Readable.from([Buffer.from(file.bytes)]),
          };
        }
      }
      return { files: parts(), fields: {} };
    },
  };
}
