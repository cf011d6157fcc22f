import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, describe, expect, it } from 'vitest';
import { renderMarkdownPdf } from './render-markdown-pdf.js';

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const CASE_NAME = 'Rakennus Oy v. Teräs Oy – teräspalkkien myöhästynyt toimitus';

const CLAIM = `# Haastehakemus – välimiesmenettely

**Kantaja:** Rakennus Oy (Y-tunnus 1234567-8)
**Vastaaja:** Teräs Oy

## 1. Vaatimukset

1. Vastaaja on velvoitettava maksamaan kantajalle 12 500 € viivästyskorkoineen korkolain § 4:n mukaisesti.
2. Vastaaja on velvoitettava korvaamaan oikeudenkäyntikulut – arviolta 3 000 €.
   - toimituksen *viivästys* kuusi viikkoa
   - ***sopimussakko*** ja \`kohta 7.2\`
3. Hinnanalennus −5 % ja “vahingonkorvaus” — ÄÖÅ äöå.

### Perusteet

> Toimitus on tehtävä **viimeistään** 1.3.2026 [K1 s.3].

| Erä | Päivämäärä | Summa |
|:----|:----------:|------:|
| Lasku 1 | 1.1.2026 | 5 000 € |
| Lasku 2 | 1.2.2026 | 7 500 € |

Lisätietoja [Finlex](https://finlex.fi/fi/laki/ajantasa/1987/19870355) &amp; firman tarjous.

---

Helsingissä 2.3.2026
`;

interface PageText {
  text: string;
  items: { str: string; x: number; width: number }[];
}

async function pdfText(bytes: Uint8Array): Promise<{ pages: PageText[]; info: Record<string, unknown> }> {
  const task = getDocument({ data: bytes.slice(), verbosity: 0, isEvalSupported: false });
  const pdf = await task.promise;
  try {
    const pages: PageText[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const content = await (await pdf.getPage(number)).getTextContent();
      const items = content.items.flatMap((item) =>
        'str' in item ? [{ str: item.str, x: item.transform[4] as number, width: item.width, eol: item.hasEOL }] : [],
      );
      pages.push({ text: items.map((item) => item.str + (item.eol ? '\n' : '')).join(''), items });
    }
    const { info } = await pdf.getMetadata();
    return { pages, info: info as Record<string, unknown> };
  } finally {
    await task.destroy();
  }
}

const render = (markdown: string) => renderMarkdownPdf(markdown, { title: 'Haastehakemus', footerText: CASE_NAME });

describe('renderMarkdownPdf', () => {
  it('writes the markdown as text a reader extracts exactly, Finnish and legal characters included', async () => {
    const { pages, info } = await pdfText(
      await renderMarkdownPdf(CLAIM, { title: 'Haastehakemus 2.3.2026', footerText: CASE_NAME, author: 'Rakennus Oy' }),
    );
    expect(pages).toHaveLength(1);
    const text = pages[0]!.text;
    // Phrases may wrap: compared with line ends as spaces.
    const flowing = text.replace(/\s+/g, ' ');
    for (const expected of [
      'Haastehakemus – välimiesmenettely',
      'Kantaja: Rakennus Oy (Y-tunnus 1234567-8) Vastaaja: Teräs Oy',
      '12 500 € viivästyskorkoineen',
      'korkolain § 4:n mukaisesti.',
      'oikeudenkäyntikulut – arviolta 3 000 €.',
      'toimituksen viivästys kuusi viikkoa',
      'sopimussakko ja kohta 7.2',
      'Hinnanalennus −5 % ja “vahingonkorvaus” — ÄÖÅ äöå.',
      'Perusteet',
      'Toimitus on tehtävä viimeistään 1.3.2026 [K1 s.3].',
      'Lasku 2',
      '7 500 €',
      'Lisätietoja Finlex (https://finlex.fi/fi/laki/ajantasa/1987/19870355) & firman tarjous.',
      'Helsingissä 2.3.2026',
      CASE_NAME,
      'Sivu 1 / 1',
    ]) {
      expect(flowing).toContain(expected);
    }
    // Markup is rendered, not printed.
    expect(text).not.toMatch(/\*\*|`|^#|\|/m);
    expect(text).toMatch(/^1\. ?Vastaaja on velvoitettava/m);
    // A list inside a list gets the second bullet, as in a browser.
    expect(text).toMatch(/^◦ ?toimituksen/m);
    expect(info).toMatchObject({ Title: 'Haastehakemus 2.3.2026', Author: 'Rakennus Oy', Language: 'fi-FI' });
  });

  it('embeds font subsets, not the whole fonts', async () => {
    const bytes = await render(CLAIM);
    // The four DejaVu Serif faces are 1.4 MB whole; a page's subsets are a small fraction of one.
    expect(bytes.length).toBeLessThan(120_000);
  });

  it('never splits a signature block (room, line, name, title) across pages, wherever the page ends', async () => {
    const drawn = '_'.repeat(36);
    const block = [
      '\u00a0',
      '\u00a0',
      '\u00a0',
      '\\_'.repeat(36),
      'OTT Maija Virtanen',
      'asianajaja, ainoa välimies',
    ].join('  \n');
    // Lead-ins of 22 to 34 paragraphs put the first page's end at every line of the block in turn.
    for (let lead = 22; lead <= 34; lead++) {
      const body = `${Array.from({ length: lead }, (_unused, index) => `Rivi ${index + 1}.`).join('\n\n')}\n\n${block}`;
      const bytes = await renderMarkdownPdf(body, {
        title: 'Päätös',
        footerText: CASE_NAME,
        signatureFields: { anchor: drawn, names: ['sig-1'], height: 40 },
      });
      const { pages } = await pdfText(bytes);
      const withName = pages.findIndex((page) => page.text.includes('OTT Maija Virtanen'));
      const withLine = pages.findIndex((page) => page.text.includes(drawn));
      expect(withLine, `lead-in of ${lead} paragraphs`).toBe(withName);
      expect(pages[withName]!.text).toContain('asianajaja, ainoa välimies');
    }
  });

  it('numbers every page and puts the case name on each', async () => {
    const body = Array.from(
      { length: 30 },
      (_unused, index) => `## Kohta ${index + 1}\n\n${'Sopimusrikkomus aiheutti vahinkoa kantajalle. '.repeat(25)}`,
    ).join('\n\n');
    const { pages } = await pdfText(await render(body));
    expect(pages.length).toBeGreaterThan(3);
    pages.forEach((page, index) => {
      expect(page.text).toContain(`Sivu ${index + 1} / ${pages.length}`);
      expect(page.text).toContain(CASE_NAME);
    });
    expect(pages.map((page) => page.text).join('\n')).toContain('Kohta 30');
  });

  it('breaks a word longer than a line instead of running past the margin', async () => {
    const word = 'Pitkäaikaistyöttömyysturvajärjestelmä'.repeat(12);
    const { pages } = await pdfText(await render(`Sana: ${word} loppuu. ${'x'.repeat(400)}`));
    const items = pages.flatMap((page) => page.items).filter((item) => item.str.trim() !== '');
    for (const item of items) {
      expect(item.x).toBeGreaterThanOrEqual(60);
      expect(item.x + item.width).toBeLessThanOrEqual(PAGE_WIDTH - 60);
    }
    const joined = pages.map((page) => page.text.replace(/\n/g, '')).join('');
    expect(joined).toContain(word);
    expect(joined).toContain('x'.repeat(400));
  });

  it('keeps digit groups, amounts and section numbers together on a line', async () => {
    const filler = 'sana '.repeat(200);
    for (const phrase of ['1 234 567 €', '§ 12', '15 %']) {
      const { pages } = await pdfText(await render(`${filler}${phrase} ${filler}${phrase}`));
      const lines = pages.flatMap((page) => page.text.split('\n'));
      expect(lines.filter((line) => line.includes(phrase))).toHaveLength(2);
    }
  });

  it('prints a visible replacement for characters the font lacks, and drops invisible ones', async () => {
    const { pages } = await pdfText(await render('Hymiö 😀 ja 漢字 ja pehmeä\u00ADtavu ja tavu\u200Bviiva.'));
    expect(pages[0]!.text).toContain('Hymiö \uFFFD ja \uFFFD\uFFFD ja pehmeätavu ja tavuviiva.');
  });

  it('renders whatever markdown it gets without failing: deep nesting, raw HTML, empty input', async () => {
    const deep = `${'> '.repeat(60)}syvä lainaus\n\n${Array.from({ length: 40 }, (_u, depth) => `${'  '.repeat(depth)}- taso ${depth}`).join('\n')}`;
    const { pages } = await pdfText(await render(`${deep}\n\n<div>HTML-lohko &sect; 5</div>\n\nrivi<br>toinen`));
    const text = pages.map((page) => page.text).join('\n');
    expect(text).toContain('syvä lainaus');
    expect(text).toContain('taso 39');
    expect(text).toContain('HTML-lohko § 5');
    expect(text).toMatch(/rivi\n ?toinen/);
    expect((await pdfText(await render(''))).pages).toHaveLength(1);
  });

  it('repeats a long table’s header on each page it runs onto', async () => {
    const rows = Array.from({ length: 120 }, (_u, index) => `| Lasku ${index + 1} | ${index + 1} 000 € |`).join('\n');
    const { pages } = await pdfText(await render(`| Erä | Summa |\n|---|---:|\n${rows}`));
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page.text).toMatch(/^Erä\s*Summa/m);
    expect(pages.at(-1)!.text).toContain('Lasku 120');
  });
});

const poppler = hasCommand('pdftoppm');
const workDir = poppler ? mkdtempSync(path.join(tmpdir(), 'ratkaisu-render-')) : '';
afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

function hasCommand(command: string): boolean {
  return spawnSync(command, ['-v'], { stdio: 'ignore' }).error === undefined;
}

/** Page 1 rasterised by poppler at 72 dpi (one pixel per point), as grey levels row by row. */
function rasterise(bytes: Uint8Array, name: string): { width: number; height: number; pixels: Uint8Array } {
  const file = path.join(workDir, `${name}.pdf`);
  writeFileSync(file, bytes);
  execFileSync('pdftoppm', ['-gray', '-r', '72', '-f', '1', '-l', '1', '-singlefile', file, path.join(workDir, name)]);
  const pgm = readFileSync(path.join(workDir, `${name}.pgm`));
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.toString('latin1', 0, 64));
  if (!header) throw new Error('pdftoppm did not write a binary PGM');
  const [, width, height] = header.map(Number);
  return { width: width!, height: height!, pixels: pgm.subarray(header[0].length) };
}

/** Dark pixels between rows `from` and `to` (points from the top of the page). */
function ink(image: { width: number; pixels: Uint8Array }, from: number, to: number): number {
  let dark = 0;
  for (let index = from * image.width; index < to * image.width; index++) if (image.pixels[index]! < 128) dark++;
  return dark;
}

// The footer (rule, case name, page number) sits below this line; the text above it.
const BODY_END = Math.floor(PAGE_HEIGHT - 62);

describe.skipIf(!poppler)('renderMarkdownPdf as poppler sees it', () => {
  it('draws ink where text is, in every face (a font subset can be extractable yet invisible)', async () => {
    const empty = rasterise(await render(''), 'empty');
    expect(empty.height).toBe(Math.round(PAGE_HEIGHT));
    expect(ink(empty, 0, BODY_END)).toBe(0);
    expect(ink(empty, BODY_END, empty.height)).toBeGreaterThan(50);

    const sentence = 'Välimiesmenettely § 12 – kantajan vaatimus 12 500 € ÄÖÅ äöå “ok” — −5';
    for (const [face, markdown] of [
      ['regular', sentence],
      ['bold', `**${sentence}**`],
      ['italic', `*${sentence}*`],
      ['bold italic', `***${sentence}***`],
      ['heading', `# ${sentence}`],
    ] as const) {
      const page = rasterise(await render(markdown), face.replace(' ', '-'));
      // A line of ~70 characters at 11 pt darkens several hundred pixels at 72 dpi; an invisible subset none.
      expect(ink(page, 0, BODY_END), face).toBeGreaterThan(400);
      expect(ink(page, BODY_END, page.height), face).toBe(ink(empty, BODY_END, empty.height));
    }
  });

  it('embeds the DejaVu Serif faces it uses', async () => {
    const file = path.join(workDir, 'fonts.pdf');
    writeFileSync(file, await render(CLAIM));
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
    for (const face of ['DejaVuSerif', 'DejaVuSerif-Bold', 'DejaVuSerif-Italic', 'DejaVuSerif-BoldItalic']) {
      expect(fonts).toMatch(new RegExp(`^${face}-\\d+\\s+CID TrueType\\s+Identity-H\\s+yes`, 'm'));
    }
  });

  it('round-trips through pdftotext exactly', async () => {
    const file = path.join(workDir, 'claim.pdf');
    writeFileSync(file, await render(CLAIM));
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    for (const expected of [
      'Haastehakemus – välimiesmenettely',
      'korkolain § 4:n mukaisesti.',
      'Hinnanalennus −5 % ja “vahingonkorvaus” — ÄÖÅ äöå.',
      'Toimitus on tehtävä viimeistään 1.3.2026 [K1 s.3].',
      '& firman tarjous.',
      CASE_NAME,
      'Sivu 1 / 1',
    ]) {
      expect(text).toContain(expected);
    }
  });
});

if (!poppler) {
  describe('renderMarkdownPdf as poppler sees it', () => {
    it.skip('needs poppler-utils (pdftoppm, pdftotext): apt-get install -y poppler-utils', () => undefined);
  });
}
