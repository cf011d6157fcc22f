import { MAX_FILE_NAME_LENGTH, removeInvisibleCharacters, sanitizeText } from '@ratkaisu/core';

export interface UploadFileName {
  /** The name to show and store: no path, no control characters, no markup. */
  name: string;
  /** Whether it ends in `.pdf` (any case), the only names the upload routes keep. */
  isPdfName: boolean;
  /** Longer than MAX_FILE_NAME_LENGTH characters. */
  tooLong: boolean;
}

// C0 controls and DEL (tabs and newlines too: a name is one line); the invisible characters that reorder or
// hide text (bidirectional overrides such as U+202E make "cod.exe" display as "exe.doc") are core's one list.
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROLS = /[\u0000-\u001f\u007f]/g;

/**
 * A user's file name made safe to show (docs/product.md section 5 rules for text):
 * Unicode in one normal form (NFC, so the same name typed on macOS and
 * Windows compares equal), invisible and control characters removed, markup
 * stripped by sanitizeText, only the last path segment, runs of whitespace
 * made one space. Markup goes before the path, so `</b>` is not taken for a
 * folder. A PDF name whose stem is left empty becomes `document.pdf`.
 * The file is never stored under this name: blob names are generated.
 */
export function sanitizeFileName(raw: string): UploadFileName {
  const visible = removeInvisibleCharacters(raw.normalize('NFC')).replace(CONTROLS, '');
  const extension = /\.pdf$/i.exec(visible)?.[0];
  const clean = (text: string) =>
    (sanitizeText(text).split(/[/\\]/).pop() ?? '')
      .replace(/\s+/g, ' ')
      // Leading dots hide a file on Unix; trailing dots and spaces are dropped by Windows.
      .replace(/^[\s.]+|[\s.]+$/g, '');
  const name = extension
    ? `${clean(visible.slice(0, -extension.length)) || 'document'}${extension}`
    : clean(visible) || 'unnamed file';
  return { name, isPdfName: extension !== undefined, tooLong: [...name].length > MAX_FILE_NAME_LENGTH };
}

/** Names compare as duplicateFileNames in core compares them: trimmed, case-insensitive. */
export function fileNameKey(name: string): string {
  return name.trim().toLowerCase();
}
