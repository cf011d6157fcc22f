import {
  beginText,
  endText,
  setFillingColor,
  setFontAndSize,
  setTextMatrix,
  showText,
  type Color,
  type PDFFont,
  type PDFName,
  type PDFPage,
} from 'pdf-lib';

/**
 * Draws one run of text as `BT /F size Tf color 1 0 0 1 x y Tm <…> Tj ET`.
 *
 * pdf-lib's `page.drawText` wraps every call in a graphics-state save and
 * restore (`q … Q`) and registers the font under a new resource name each
 * time. A claim page holds hundreds of runs, and readers pay for both: pdf.js
 * clones its whole text state on every `q`, which made extracting our own
 * PDFs about 1.8× slower than extracting the same text drawn without them.
 * Text needs neither: the run sets its font, colour and position itself, and
 * the shapes pdf-lib draws set their own colours inside their own `q … Q`.
 */
export class TextRuns {
  readonly #fontNames = new WeakMap<PDFPage, Map<PDFFont, PDFName>>();

  draw(
    page: PDFPage,
    text: string,
    options: { x: number; y: number; size: number; font: PDFFont; color: Color },
  ): void {
    if (text === '') return;
    const { x, y, size, font, color } = options;
    page.pushOperators(
      beginText(),
      setFontAndSize(this.#fontName(page, font), size),
      setFillingColor(color),
      setTextMatrix(1, 0, 0, 1, x, y),
      showText(font.encodeText(text)),
      endText(),
    );
  }

  /** One resource name per font and page, however many runs use it. */
  #fontName(page: PDFPage, font: PDFFont): PDFName {
    let names = this.#fontNames.get(page);
    if (!names) {
      names = new Map();
      this.#fontNames.set(page, names);
    }
    let name = names.get(font);
    if (!name) {
      name = page.node.newFontDictionary(font.name, font.ref);
      names.set(font, name);
    }
    return name;
  }
}
