/** The formats the chapter editor's toolbar writes as Markdown (the stored form of a chapter). */
export type MarkdownFormat = 'bold' | 'italic' | 'heading' | 'bullets' | 'numbers' | 'quote';

export interface Formatted {
  text: string;
  /** The selection after the change: the formatted passage. */
  start: number;
  end: number;
}

const INLINE: Partial<Record<MarkdownFormat, string>> = { bold: '**', italic: '_' };
const LINE: Partial<Record<MarkdownFormat, (index: number) => string>> = {
  heading: () => '### ',
  bullets: () => '- ',
  numbers: (index) => `${index + 1}. `,
  quote: () => '> ',
};

/**
 * Applies `format` to the selection `start`–`end` of `text`: bold and italic wrap the selection (or unwrap
 * it when it is wrapped already); the line formats prefix every line the selection touches (or remove the
 * prefix when every line has it).
 */
export function applyMarkdownFormat(text: string, start: number, end: number, format: MarkdownFormat): Formatted {
  const mark = INLINE[format];
  if (mark) {
    const selected = text.slice(start, end);
    const before = text.slice(0, start);
    const after = text.slice(end);
    if (before.endsWith(mark) && after.startsWith(mark)) {
      const text2 = before.slice(0, -mark.length) + selected + after.slice(mark.length);
      return { text: text2, start: start - mark.length, end: end - mark.length };
    }
    return { text: before + mark + selected + mark + after, start: start + mark.length, end: end + mark.length };
  }
  const prefix = LINE[format]!;
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const nextBreak = text.indexOf('\n', Math.max(end - (end > start ? 1 : 0), start));
  const lineEnd = nextBreak === -1 ? text.length : nextBreak;
  const lines = text.slice(lineStart, lineEnd).split('\n');
  const numbered = /^\d+\. /u;
  const has = (line: string) => (format === 'numbers' ? numbered.test(line) : line.startsWith(prefix(0)));
  const strip = (line: string) => (format === 'numbers' ? line.replace(numbered, '') : line.slice(prefix(0).length));
  const unformat = lines.every(has);
  const changed = lines.map((line, index) => (unformat ? strip(line) : prefix(index) + line)).join('\n');
  return {
    text: text.slice(0, lineStart) + changed + text.slice(lineEnd),
    start: lineStart,
    end: lineStart + changed.length,
  };
}
