// Kept over sanitize-html / DOMPurify: both return HTML (text entity-escaped: "a < b" → "a &lt; b", "&" → "&amp;"), not the plain text as typed that a case stores, and core also runs in the browser.
/**
 * Turns user-typed text into plain text before a dispute stores it (docs/product.md
 * section 5): HTML tags go, script/iframe/object/form/style elements go with
 * their content, and so do comments, event-handler attributes (`on…=`),
 * `javascript:` URLs and CSS `expression(...)`.
 *
 * Decisions (the unit tests pin each one down):
 * - Nothing is decoded: `&lt;script&gt;` stays those exact characters, so an
 *   escaped tag is shown as text and can never turn back into markup here.
 * - A `<` that cannot open a tag stays as typed: "a < b", "x<5", "a <= b",
 *   "<3". Only `<` followed by a letter, `/`, `!` or `?` starts a tag, as in
 *   the HTML tokenizer.
 * - A tag start that is never closed by `>` ("x<y", "<img src=x onerror=…")
 *   is kept as text but defused by a space after the `<` ("x< y"): dropping
 *   it to the end of the text would lose what the user wrote after it.
 * - Text that reads as a tag is a tag: "x<y and y>z" loses "<y and y>". A
 *   comparison written with spaces ("x < y") is safe.
 * - Tags are removed without a replacement: "a<br>b" becomes "ab".
 * - A script/iframe/object/form/style element that is never closed is removed
 *   to the end of the text, as a browser would treat the rest as its content.
 * - A word starting with "on" directly before `=` ("ongelma=1") is treated as
 *   an event-handler attribute and its name is removed; likewise "expression("
 *   with its parentheses is treated as CSS. Both are rare in dispute texts and
 *   leaving them would reopen the hole.
 * - Control characters other than tab, newline and carriage return are
 *   removed, and so are the invisible characters that reorder or hide text
 *   (removeInvisibleCharacters: bidirectional overrides and isolates such as
 *   U+202E, which make "Invoice\u202Efdp.exe" read "Invoiceexe.pdf", and
 *   zero-width characters); all other whitespace is kept as typed; the
 *   result is trimmed.
 *
 * The rules run until the text no longer changes, so markup that reassembles
 * itself after a removal (`<scr<script>ipt>`, `javajavascript:script:`) is
 * caught. The output therefore never contains `<` followed by a letter, `/`,
 * `!` or `?`, an `on…=` attribute or a `javascript:` scheme.
 */
export function sanitizeText(value: string): string {
  let current = removeInvisibleCharacters(value).replace(CONTROL_CHARACTERS, '');
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const next = removeTextPatterns(removeMarkup(current));
    if (next === current) return next.trim();
    current = next;
  }
  // Every pass that changes the text shortens it or defuses a tag start, so
  // this is reached only by deliberately deep nesting: fail closed.
  return '';
}

const MAX_PASSES = 200;

/**
 * Characters that change how text reads without showing themselves: the
 * bidirectional marks, embeddings, overrides and isolates (U+200E, U+200F,
 * U+202A-U+202E, U+2066-U+2069, U+061C), zero-width spaces and joiners
 * (U+200B-U+200D, U+2060-U+2064, U+FEFF) and the C1 controls (U+0080-U+009F).
 * The one list: case texts (sanitizeText) and file names
 * (functions/src/services/files/sanitize-file-name.ts) both go through it.
 */
export const INVISIBLE_CHARACTERS = /[\u0080-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** Removes INVISIBLE_CHARACTERS (and nothing else). */
export function removeInvisibleCharacters(value: string): string {
  return value.replace(INVISIBLE_CHARACTERS, '');
}

// C0 controls except tab (09), newline (0a) and carriage return (0d), plus DEL.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** Elements removed together with everything up to their end tag. */
const CONTENT_ELEMENTS = new Set(['script', 'style', 'iframe', 'object', 'form']);

const TAG_START = /[a-z/!?]/i;

/** One left-to-right pass removing comments, tags and content elements. */
function removeMarkup(text: string): string {
  let out = '';
  let index = 0;
  while (index < text.length) {
    const lt = text.indexOf('<', index);
    if (lt === -1) {
      out += text.slice(index);
      break;
    }
    out += text.slice(index, lt);
    const following = text[lt + 1];
    if (following === undefined || !TAG_START.test(following)) {
      out += '<';
      index = lt + 1;
      continue;
    }

    if (text.startsWith('<!--', lt)) {
      index = commentEnd(text, lt);
      continue;
    }

    const tagEnd = findTagEnd(text, lt, following === '!' || following === '?');
    if (tagEnd === -1) {
      // Never closed: keep the text, but a space after `<` stops it being a tag.
      out += '< ';
      index = lt + 1;
      continue;
    }

    const name = tagName(text, lt);
    if (name !== undefined && CONTENT_ELEMENTS.has(name)) {
      index = contentElementEnd(text, tagEnd, name);
      continue;
    }
    index = tagEnd;
  }
  return out;
}

/** Index just after the comment opened at `start`; the end of the text when unclosed. */
function commentEnd(text: string, start: number): number {
  // `<!-->` and `<!--->` are complete (empty) comments in HTML.
  const body = start + 4;
  if (text.startsWith('>', body)) return body + 1;
  if (text.startsWith('->', body)) return body + 2;
  const close = /--!?>/g;
  close.lastIndex = body;
  const match = close.exec(text);
  return match === null ? text.length : match.index + match[0].length;
}

/**
 * Index just after the `>` closing the tag opened at `start`, or -1. Quoted
 * attribute values may contain `>`; declarations (`<!…>`, `<?…>`) end at the
 * first `>` as in the HTML tokenizer.
 */
function findTagEnd(text: string, start: number, declaration: boolean): number {
  let quote: string | undefined;
  for (let i = start + 1; i < text.length; i++) {
    const char = text[i];
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
    } else if (char === '>') {
      return i + 1;
    } else if (!declaration && (char === '"' || char === "'")) {
      quote = char;
    }
  }
  return -1;
}

/** Lower-cased name of a start tag at `start`, or undefined for end tags and declarations. */
function tagName(text: string, start: number): string | undefined {
  const match = /^<([a-z][^\s/>]*)/i.exec(text.slice(start, start + 64));
  return match?.[1]?.toLowerCase();
}

/** Index just after the end tag of `name` found from `from`; the end of the text when none. */
function contentElementEnd(text: string, from: number, name: string): number {
  const endTag = new RegExp(`</${name}(?=[\\s/>])`, 'gi');
  endTag.lastIndex = from;
  const match = endTag.exec(text);
  if (match === null) return text.length;
  const end = findTagEnd(text, match.index, false);
  return end === -1 ? text.length : end;
}

/**
 * A case-insensitive pattern for `word` as a browser reads it inside an
 * attribute: each letter may be a numeric character reference, and tabs,
 * newlines and other control characters between letters are ignored.
 */
function htmlObfuscated(word: string): string {
  const gap = String.raw`(?:[\s\u0000-\u001f]|&(?:tab|newline);|&#0*(?:9|10|13);?|&#x0*(?:9|a|d);?)*`;
  return [...word]
    .map((char) => {
      const code = char.charCodeAt(0);
      const literal = char === ':' ? String.raw`(?::|&colon;)` : char;
      return `(?:${literal}|&#0*${code};?|&#x0*${code.toString(16)};?)`;
    })
    .join(gap);
}

/** `word` as CSS may spell it: escaped letters (`\65`, `\e`) and comments between letters. */
function cssObfuscated(word: string): string {
  const gap = String.raw`(?:\/\*[\s\S]*?\*\/)*`;
  return [...word].map((char) => `(?:${char}|\\\\0{0,4}${char.charCodeAt(0).toString(16)}\\s?|\\\\${char})`).join(gap);
}

const SCRIPT_SCHEME = new RegExp(`(?:${htmlObfuscated('javascript:')}|${htmlObfuscated('vbscript:')})`, 'gi');
const EVENT_HANDLER = /(?<![a-z0-9_-])on[a-z]+\s*=/gi;
const CSS_EXPRESSION = new RegExp(`${cssObfuscated('expression')}\\s*(?:\\/\\*[\\s\\S]*?\\*\\/\\s*)*\\(`, 'gi');

/** Removes event-handler attributes, script URL schemes and CSS expressions left in plain text. */
function removeTextPatterns(text: string): string {
  return removeCssExpressions(text.replace(EVENT_HANDLER, '').replace(SCRIPT_SCHEME, ''));
}

/** Removes `expression(...)` with its balanced parentheses; an unclosed one loses only `expression(`. */
function removeCssExpressions(text: string): string {
  let out = '';
  let index = 0;
  CSS_EXPRESSION.lastIndex = 0;
  for (let match = CSS_EXPRESSION.exec(text); match !== null; match = CSS_EXPRESSION.exec(text)) {
    if (match.index < index) continue;
    out += text.slice(index, match.index);
    const open = match.index + match[0].length;
    index = matchingParenthesisEnd(text, open) ?? open;
    CSS_EXPRESSION.lastIndex = index;
  }
  return out + text.slice(index);
}

/** Index just after the `)` closing the parenthesis opened just before `from`, or undefined. */
function matchingParenthesisEnd(text: string, from: number): number | undefined {
  let depth = 1;
  for (let i = from; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i + 1;
  }
  return undefined;
}
