import type { Token, Tokens } from 'marked';
import type { FaceName } from './markdown-pdf-fonts.js';
import type { InlineRun, TextStyle } from './markdown-pdf-lines.js';
import { LINK } from './markdown-pdf-style.js';

/** Inline tokens as styled runs. */
export function inline(tokens: readonly Token[] | undefined, style: TextStyle, out: InlineRun[] = []): InlineRun[] {
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'text': {
        const text = token as Tokens.Text;
        if (text.tokens) inline(text.tokens, style, out);
        else out.push({ text: decodeEntities(text.text), style });
        break;
      }
      case 'escape':
        out.push({ text: decodeEntities((token as Tokens.Escape).text), style });
        break;
      case 'strong':
        inline((token as Tokens.Strong).tokens, { ...style, face: bolder(style.face) }, out);
        break;
      case 'em':
        inline((token as Tokens.Em).tokens, { ...style, face: slanted(style.face) }, out);
        break;
      case 'del':
        inline((token as Tokens.Del).tokens, { ...style, strike: true }, out);
        break;
      case 'codespan':
        // Code keeps its characters as written: entities are not decoded in code (CommonMark).
        out.push({ text: (token as Tokens.Codespan).text, style: { ...style, code: true, size: style.size * 0.92 } });
        break;
      case 'link': {
        const link = token as Tokens.Link;
        inline(link.tokens, { ...style, color: LINK }, out);
        const target = link.href.replace(/^mailto:/i, '');
        if (target !== '' && !target.startsWith('#') && target !== link.text.trim()) {
          out.push({ text: ` (${target})`, style });
        }
        break;
      }
      case 'image': {
        const alt = decodeEntities((token as Tokens.Image).text).trim();
        out.push({ text: alt ? `[${alt}]` : '[kuva]', style: { ...style, face: slanted(style.face) } });
        break;
      }
      case 'br':
        out.push({ lineBreak: true });
        break;
      case 'html':
        if (/^<br\s*\/?>$/i.test((token as Tokens.Tag).text.trim())) out.push({ lineBreak: true });
        break;
      default: {
        const generic = token as { tokens?: Token[]; text?: string };
        if (generic.tokens) inline(generic.tokens, style, out);
        else if (generic.text) out.push({ text: decodeEntities(generic.text), style });
      }
    }
  }
  return out;
}

function bolder(face: FaceName): FaceName {
  return face === 'italic' || face === 'boldItalic' ? 'boldItalic' : 'bold';
}

function slanted(face: FaceName): FaceName {
  return face === 'bold' || face === 'boldItalic' ? 'boldItalic' : 'italic';
}

export function stripTags(html: string): string {
  return html.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]*>/g, ' ');
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00A0',
  shy: '\u00AD',
  sect: '§',
  para: '¶',
  euro: '€',
  ndash: '–',
  mdash: '—',
  minus: '−',
  hellip: '…',
  laquo: '«',
  raquo: '»',
  ldquo: '“',
  rdquo: '”',
  bdquo: '„',
  lsquo: '‘',
  rsquo: '’',
  middot: '·',
  bull: '•',
  copy: '©',
  reg: '®',
  deg: '°',
  times: '×',
  auml: 'ä',
  ouml: 'ö',
  aring: 'å',
  Auml: 'Ä',
  Ouml: 'Ö',
  Aring: 'Å',
};

/** HTML character references as the characters they stand for (markdown allows them in text); unknown ones stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/g, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '\uFFFD';
    }
    return NAMED_ENTITIES[name] ?? whole;
  });
}
