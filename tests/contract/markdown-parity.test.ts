import { Lexer, type Token } from 'marked';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { describe, expect, it } from 'vitest';

/**
 * The award PDF is set from marked's tokens (functions/src/pdf/render-markdown-pdf.ts); the review screen's
 * and the claim generator's previews from react-markdown with remark-gfm. Two parsers, one text: this
 * holds them to the same structure — the same blocks and inline marks in the same order — for the markdown
 * the chapters are written in, so what the tribunal sees in the preview is what the PDF prints.
 */

const SAMPLE = `## 3. Riidan kohde

Kantaja vaatii **245 000 euroa** vahingonkorvausta *toimitusviivästyksestä* [K1 s.1].

1. Ensimmäinen vaatimus
2. Toinen vaatimus, jossa \`koodi\`
   - alakohta

> Vastaaja kiistää vaatimuksen [V1 s.2].

| Vaatimus | Määrä |
| --- | --- |
| Pääoma | 245 000 € |

---

### Perustelut

Sopimus ~~purettiin~~ pidettiin voimassa; ks. [liite](https://example.fi).

\`\`\`
Laskelma 1 + 2
\`\`\`
`;

const BLOCK_TAGS: Record<string, (token: Token) => string> = {
  heading: (token) => `h${(token as { depth: number }).depth}`,
  paragraph: () => 'p',
  list: (token) => ((token as { ordered: boolean }).ordered ? 'ol' : 'ul'),
  list_item: () => 'li',
  blockquote: () => 'blockquote',
  code: () => 'pre',
  hr: () => 'hr',
  table: () => 'table',
  strong: () => 'strong',
  em: () => 'em',
  codespan: () => 'code',
  del: () => 'del',
  link: () => 'a',
};

/** The tags marked's tokens stand for, in document order. */
function markedStructure(markdown: string): string[] {
  const tags: string[] = [];
  const walk = (tokens: readonly Token[]) => {
    for (const token of tokens) {
      const tag = BLOCK_TAGS[token.type]?.(token);
      if (tag) tags.push(tag);
      if (token.type === 'table') continue;
      if (token.type === 'list') walk((token as { items: Token[] }).items);
      else if ('tokens' in token && token.tokens) walk(token.tokens);
    }
  };
  walk(new Lexer({ gfm: true }).lex(markdown));
  return tags;
}

/** The tags react-markdown renders, in document order (a table's inner rows and cells aside). */
function previewStructure(markdown: string): string[] {
  const html = renderToStaticMarkup(createElement(Markdown, { remarkPlugins: [remarkGfm] }, markdown));
  const tags = [...html.matchAll(/<([a-z][a-z0-9]*)\b/g)].map((match) => match[1]!);
  const inTable = ['thead', 'tbody', 'tr', 'th', 'td'];
  // A code block is <pre><code>: the PDF's one block.
  return tags.filter((tag, index) => !inTable.includes(tag) && !(tag === 'code' && tags[index - 1] === 'pre'));
}

describe('the PDF and the preview read a chapter alike', () => {
  it('finds the same blocks and inline marks in the same order', () => {
    const pdf = markedStructure(SAMPLE);
    expect(pdf).toEqual(
      expect.arrayContaining([
        'h2',
        'strong',
        'em',
        'ol',
        'li',
        'ul',
        'code',
        'blockquote',
        'table',
        'hr',
        'h3',
        'del',
        'a',
        'pre',
      ]),
    );
    expect(pdf.length).toBeGreaterThan(18);
    expect(previewStructure(SAMPLE)).toEqual(pdf);
  });

  it('agrees on each construct alone, so a difference names its construct', () => {
    for (const part of SAMPLE.split(/\n\n(?=\S)/u)) {
      expect(previewStructure(part), part).toEqual(markedStructure(part));
    }
  });
});
