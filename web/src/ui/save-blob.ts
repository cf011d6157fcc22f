/**
 * How long the object URL outlives the click. Revoking it at once can cancel the download in some
 * browsers (Firefox starts reading the URL only after the click handler returns).
 */
const REVOKE_AFTER_MS = 30_000;

/**
 * Saves a downloaded file through a temporary object URL and an `<a download>`, so the file's bytes
 * never pass through a URL that carries a token and are not kept in memory longer than needed.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}
