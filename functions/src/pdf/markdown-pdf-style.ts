import { PageSizes, rgb, type Color } from 'pdf-lib';
import type { FaceName } from './markdown-pdf-fonts.js';
import type { TextStyle } from './markdown-pdf-lines.js';

/*
 * The Markdown PDF's page geometry, colours and type sizes, shared by its layout (render-markdown-pdf.ts)
 * and its drawing (markdown-pdf-page.ts, markdown-pdf-table.ts).
 */

export const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A4;
export const MARGIN = { top: 68, bottom: 76, left: 70, right: 70 };
export const CONTENT_WIDTH = PAGE_WIDTH - MARGIN.left - MARGIN.right;
export const CONTENT_BOTTOM = PAGE_HEIGHT - MARGIN.bottom;
export const FOOTER = { baseline: 40, rule: 54, size: 8.5 };

export const TEXT = rgb(0.1, 0.1, 0.1);
export const MUTED = rgb(0.35, 0.35, 0.35);
export const LINK = rgb(0.05, 0.2, 0.55);
export const RULE = rgb(0.6, 0.6, 0.6);
export const SHADE = rgb(0.93, 0.93, 0.93);
export const HEADER_SHADE = rgb(0.88, 0.88, 0.88);

export const BODY_SIZE = 11;
export const LINE_FACTOR = 1.4;
export const PARAGRAPH_GAP = 7;
export const HEADINGS: Record<number, { size: number; face: FaceName; before: number; after: number }> = {
  1: { size: 18, face: 'bold', before: 16, after: 8 },
  2: { size: 14.5, face: 'bold', before: 14, after: 6 },
  3: { size: 12.5, face: 'bold', before: 12, after: 5 },
  4: { size: 11, face: 'boldItalic', before: 10, after: 4 },
};
export const BULLETS = ['•', '◦', '▪'];
export const QUOTE_INDENT = 16;
export const CODE_SIZE = 9.5;
export const TABLE_SIZE = 9.5;
export const CELL_PADDING = 4;
/** Nesting stops indenting once the text would get narrower than this: deep nesting must not squeeze text to nothing. */
export const MIN_NESTED_WIDTH = 180;

export const BODY: TextStyle = { face: 'regular', size: BODY_SIZE, color: TEXT };

/** Where a block goes: its left edge and width, how deep in lists it is, and its text colour. */
export interface Box {
  x: number;
  width: number;
  listDepth: number;
  color: Color;
}

export function nested(box: Box, indent: number): Box {
  if (box.width - indent < MIN_NESTED_WIDTH) return box;
  return { ...box, x: box.x + indent, width: box.width - indent };
}
