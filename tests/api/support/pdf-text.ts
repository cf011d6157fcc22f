import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of a downloaded PDF as pdf.js reads it: each page's, and all of it with the pages joined by a line break. */
export async function pdfText(bytes: Uint8Array): Promise<{ text: string; pages: string[] }> {
  const task = getDocument({ data: bytes, verbosity: 0, isEvalSupported: false });
  const pdf = await task.promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const content = await (await pdf.getPage(number)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
    }
    return { text: pages.join('\n'), pages };
  } finally {
    await task.destroy();
  }
}
