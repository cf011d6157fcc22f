import { beforeAll } from 'vitest';
import { makeFinnishPdf } from './finnish-pdf.js';

type Pages = readonly (string | null)[];

/** Renders made in this worker, by their pages: the api files share their worker's modules (isolate: false). */
const rendered = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

/**
 * The Finnish PDFs a file's (or a block's) tests upload, made before its tests run:
 *
 *     const pdfs = useFinnishPdfs({ contract: CONTRACT_PAGES });
 *     … uploadForm([{ name: 'Sopimus.pdf', bytes: pdfs.contract }]) …
 *
 * Each set of pages is drawn once per worker (embedding and measuring the font is the cost) and every
 * file gets its own copy of the bytes, so no file sees what another did with them.
 */
export function useFinnishPdfs<Name extends string>(
  documents: Record<Name, Pages>,
): Record<Name, Uint8Array<ArrayBuffer>> {
  const made = {} as Record<Name, Uint8Array<ArrayBuffer>>;
  beforeAll(async () => {
    for (const [name, pages] of Object.entries(documents) as [Name, Pages][]) {
      const key = JSON.stringify(pages);
      let pdf = rendered.get(key);
      if (!pdf) {
        pdf = makeFinnishPdf(pages);
        rendered.set(key, pdf);
        // A failed render must not stick: the next file draws it again.
        pdf.catch(() => rendered.delete(key));
      }
      made[name] = (await pdf).slice();
    }
  });
  return made;
}
