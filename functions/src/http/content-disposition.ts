import createContentDisposition from 'content-disposition';

/**
 * `Content-Disposition: attachment` for a user's file name (RFC 6266): an
 * ASCII `filename` for old clients and the exact name as UTF-8 in `filename*`
 * (RFC 8187), which every current browser prefers. The header itself is
 * written by the `content-disposition` library (quoting, RFC 8187 encoding).
 *
 * The name came from a user, so whatever it holds must not break the header:
 * control characters (CR/LF would end it and start another) are removed,
 * path separators become `_` (a browser must never be told to save outside
 * its download folder), and the ASCII fallback has no `"`, `\` or `%` (some
 * browsers percent-decode `filename`) and keeps letters with accents as their
 * base letter.
 */
export function contentDisposition(fileName: string, fallback = 'download.pdf'): string {
  const name =
    fileName
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
      .replace(/[/\\]/g, '_')
      .trim() || fallback;
  const ascii =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]/g, '_')
      .replace(/["\\%]/g, '_')
      .trim() || fallback;
  return createContentDisposition(name, { type: 'attachment', fallback: ascii });
}
