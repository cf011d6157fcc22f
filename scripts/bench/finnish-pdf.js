// The extraction benchmark's file: a long Finnish document (a claim with its
// grounds, lists, tables, amounts and statute references) rendered by the
// product's own renderer (functions/dist/pdf/render-markdown-pdf.js), so its
// text sits in embedded DejaVu subsets as in a saved claim. Built once and
// cached in the temporary folder: making it takes several seconds.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';

// Bump when the recipe changes, so a stale cached file is not reused.
const RECIPE = 2;

const WORDS = (
  'kantaja vastaaja sopimus toimitus viivästys vahingonkorvaus sopimussakko kauppahinta teräspalkit ' +
  'työmaa tilaaja urakoitsija reklamaatio määräaika maksuehto lasku erääntyminen viivästyskorko ' +
  'hinnanalennus purkaminen olennainen sopimusrikkomus näyttö todistaja pöytäkirja sähköposti kokous ' +
  'hyväksyntä lisätyö muutostyö laatuvirhe tarkastus vastaanotto luovutus velvollisuus oikeus vaatimus ' +
  'peruste käräjäoikeus välimiesmenettely yhtiö hallitus toimitusjohtaja edustaja valtuutus ' +
  'kustannukset oikeudenkäyntikulut selvitys ilmoitus päätös myöhästyminen seisokki nosturi asennus ' +
  'ehdot yleiset sopimusehdot YSE neuvottelu sovinto ääritapaus lähtökohtaisesti kuitenkin ja sekä että ' +
  'koska jolloin vaikka myös ei on oli ovat olisi täysimääräisesti viimeistään välittömästi ' +
  'kohtuullinen ennakoitava välillinen välitön'
).split(' ');
const STATUTES = ['KL', 'korkolain', 'OK 21 luvun', 'oikeustoimilain', 'YSE 1998'];

/** A small deterministic generator, so the file is the same on every machine. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function markdown(sections) {
  const next = random(2026);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const amount = () => `${Math.floor(next() * 90 + 1)} ${String(Math.floor(next() * 1000)).padStart(3, '0')} €`;
  const sentence = () => {
    const words = Array.from({ length: 8 + Math.floor(next() * 10) }, () => pick(WORDS));
    const extra = next();
    if (extra < 0.2) words.push(`${amount()}`);
    else if (extra < 0.35) words.push(`${pick(STATUTES)} § ${Math.floor(next() * 40 + 1)}`);
    else if (extra < 0.45) words.push(`[K${Math.floor(next() * 9 + 1)} s.${Math.floor(next() * 30 + 1)}]`);
    else if (extra < 0.5) words.push(`– “${pick(WORDS)}” —`);
    const text = words.join(' ');
    return `${text[0].toUpperCase()}${text.slice(1)}.`;
  };
  const paragraph = () => Array.from({ length: 4 + Math.floor(next() * 4) }, sentence).join(' ');
  const parts = ['# Haastehakemus\n', '**Kantaja:** Rakennus Oy (1234567-8) · **Vastaaja:** Teräs Oy (8765432-1)\n'];
  for (let section = 1; section <= sections; section++) {
    parts.push(`## ${section}. ${pick(WORDS)} ja ${pick(WORDS)}\n`, paragraph(), paragraph());
    if (section % 3 === 0) parts.push(Array.from({ length: 4 }, (_u, i) => `${i + 1}. ${sentence()}`).join('\n'));
    if (section % 5 === 0) {
      const rows = Array.from(
        { length: 6 },
        (_u, i) => `| Lasku ${section}-${i + 1} | ${i + 1}.3.2026 | ${amount()} |`,
      );
      parts.push(['| Erä | Eräpäivä | Summa |', '|---|---|---:|', ...rows].join('\n'));
    }
    parts.push(`> ${sentence()} ${sentence()}`, paragraph());
  }
  return parts.join('\n\n');
}

/** Path of the cached Finnish PDF of exactly `pages` pages, building it first when missing. */
export async function finnishPdf(pages) {
  const file = path.join(tmpdir(), `ratkaisu-bench-finnish-${pages}p-v${RECIPE}.pdf`);
  if (existsSync(file) && (await pageCount(readFileSync(file))) === pages) return file;

  // Loaded here, not at the top: the other benchmarks must run even when this module is not built.
  const { renderMarkdownPdf } = await import('../../functions/dist/pdf/render-markdown-pdf.js');
  // About 1.6 sections a page; render, then add sections until there are enough pages and drop the surplus.
  let sections = Math.ceil(pages / 1.6);
  let bytes;
  for (;;) {
    bytes = await renderMarkdownPdf(markdown(sections), {
      title: 'Haastehakemus (benchmark)',
      footerText: 'Rakennus Oy v. Teräs Oy – teräspalkkien myöhästynyt toimitus',
    });
    const rendered = await pageCount(bytes);
    if (rendered >= pages) break;
    sections = Math.ceil((sections * pages * 1.05) / rendered);
  }
  const doc = await PDFDocument.load(bytes);
  while (doc.getPageCount() > pages) doc.removePage(doc.getPageCount() - 1);
  bytes = await doc.save();
  // Written under another name first, so an interrupted run never leaves a truncated file behind.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, bytes);
  renameSync(partial, file);
  return file;
}

async function pageCount(bytes) {
  try {
    return (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount();
  } catch {
    return 0;
  }
}
