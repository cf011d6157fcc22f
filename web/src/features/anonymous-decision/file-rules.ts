import { withinUploadLimit } from '@ratkaisu/core';

/** A file the generator accepts: a PDF by its type, or by its name when the browser gives no type. */
export function isPdfFile(file: File): boolean {
  if (file.type === 'application/pdf') return true;
  return (file.type === '' || file.type === 'application/octet-stream') && /\.pdf$/i.test(file.name);
}

export function totalBytes(files: readonly File[]): number {
  return files.reduce((sum, file) => sum + file.size, 0);
}

export function withinTotalLimit(files: readonly File[]): boolean {
  return withinUploadLimit(totalBytes(files));
}

/** The same file chosen twice (same name, size and date) is listed once. */
export function sameFile(a: File, b: File): boolean {
  return a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
}

/** e.g. "820 KB", "12.4 MB". */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(Math.round((bytes / (1024 * 1024)) * 10) / 10).toLocaleString('en-GB')} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
