import fontkit from '@pdf-lib/fontkit';
import { readFile } from 'node:fs/promises';
import type { PDFDocument, PDFFont } from 'pdf-lib';

export type FaceName = 'regular' | 'bold' | 'italic' | 'boldItalic';

const FONT_FILES: Record<FaceName, string> = {
  regular: 'DejaVuSerif.ttf',
  bold: 'DejaVuSerif-Bold.ttf',
  italic: 'DejaVuSerif-Italic.ttf',
  boldItalic: 'DejaVuSerif-BoldItalic.ttf',
};

/**
 * functions/assets/fonts, two folders up from this module both as source
 * (functions/src/pdf) and as built code (functions/dist/pdf).
 */
const FONT_DIR = new URL('../../assets/fonts/', import.meta.url);

/**
 * DejaVu Serif's vertical metrics (ascender 1901, descender 483 of 2048 units
 * per em), as fractions of the font size: where a line's baseline sits.
 */
export const FONT_ASCENT = 1901 / 2048;
export const FONT_DESCENT = 483 / 2048;

/** Shown in place of a character the font has no glyph for, so the gap is visible rather than silent. */
const REPLACEMENT = '\uFFFD';

/**
 * Characters that take no room and mean nothing on paper (soft hyphen,
 * zero-width spaces and joiners, word joiner, byte-order mark, bidi marks):
 * dropped rather than shown as replacement marks.
 */
const INVISIBLE = /[\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]/gu;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed here
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/gu;

let fontBytes: Promise<Record<FaceName, Uint8Array>> | undefined;
const coverage = new Map<FaceName, ReadonlySet<number>>();

/** The four faces' files, read once per process; a failed read is retried on the next call. */
function loadFontBytes(): Promise<Record<FaceName, Uint8Array>> {
  fontBytes ??= (async () => {
    const faces = Object.keys(FONT_FILES) as FaceName[];
    const files = await Promise.all(faces.map((face) => readFile(new URL(FONT_FILES[face], FONT_DIR))));
    return Object.fromEntries(faces.map((face, index) => [face, new Uint8Array(files[index]!)])) as Record<
      FaceName,
      Uint8Array
    >;
  })();
  fontBytes.catch(() => (fontBytes = undefined));
  return fontBytes;
}

/**
 * The fonts of one document. A face is embedded when first used, as a subset
 * holding only the glyphs drawn with it, so a claim of a few pages stays a
 * few tens of kilobytes. Widths are measured once per distinct string.
 */
export class DocumentFonts {
  private readonly embedded = new Map<FaceName, PDFFont>();
  private readonly widths = new Map<FaceName, Map<string, number>>();

  private constructor(
    private readonly doc: PDFDocument,
    private readonly bytes: Record<FaceName, Uint8Array>,
  ) {}

  static async for(doc: PDFDocument): Promise<DocumentFonts> {
    doc.registerFontkit(fontkit);
    return new DocumentFonts(doc, await loadFontBytes());
  }

  async font(face: FaceName): Promise<PDFFont> {
    let font = this.embedded.get(face);
    if (!font) {
      font = await this.doc.embedFont(this.bytes[face], {
        subset: true,
        // Without ligatures every glyph stands for one character, so the text copies and searches as typed ("fi", not "ﬁ").
        features: { liga: false, clig: false, dlig: false, hlig: false, calt: false },
      });
      this.embedded.set(face, font);
      if (!coverage.has(face)) coverage.set(face, new Set(font.getCharacterSet()));
    }
    return font;
  }

  /** Width of `text` in points at `size`; the face must have been loaded with font(). */
  width(face: FaceName, text: string, size: number): number {
    let cache = this.widths.get(face);
    if (!cache) this.widths.set(face, (cache = new Map()));
    let perPoint = cache.get(text);
    if (perPoint === undefined) {
      perPoint = this.loaded(face).widthOfTextAtSize(text, 1);
      cache.set(text, perPoint);
    }
    return perPoint * size;
  }

  loaded(face: FaceName): PDFFont {
    const font = this.embedded.get(face);
    if (!font) throw new Error(`The ${face} face is used before it was loaded.`);
    return font;
  }

  /**
   * `text` as the face can draw it: tabs and line ends become spaces, invisible and control
   * characters are dropped, and any other character the face lacks becomes
   * U+FFFD (itself in DejaVu), so a missing glyph shows instead of vanishing.
   */
  printable(face: FaceName, text: string): string {
    const chars = coverage.get(face);
    if (!chars) throw new Error(`The ${face} face is used before it was loaded.`);
    const cleaned = text
      .replace(/[\t\n\r]/g, ' ')
      .replace(INVISIBLE, '')
      .replace(CONTROL, '');
    let out = '';
    for (const char of cleaned) out += chars.has(char.codePointAt(0)!) ? char : REPLACEMENT;
    return out;
  }
}
