/* Text from the case placed into the award's Markdown, and the chapters' own headings kept below the frame's. */

/** A chapter's own headings go below the chapter's (level 3): `#`, `##` and `###` become `####` (or `level`). */
export function demoteHeadings(text: string, level = '####'): string {
  return text.replace(new RegExp(`^(\\s{0,3})(#{1,${level.length - 1}})(\\s)`, 'gmu'), `$1${level}$3`);
}

/** Text from the case (names, file names) placed into Markdown: its own markup must not take effect. */
export function inline(text: string): string {
  return text.replace(/([\\`*_[\]<>|#])/g, '\\$1').replace(/\s+/g, ' ');
}

export function cell(text: string): string {
  return inline(text);
}
