import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition.js';

/** What a browser would take from the header: the decoded filename* value, else the quoted filename. */
function savedName(header: string): string {
  const extended = /filename\*=UTF-8''(.*)$/.exec(header);
  if (extended) return decodeURIComponent(extended[1]!);
  return /filename="((?:[^"\\]|\\.)*)"/.exec(header)![1]!.replace(/\\(.)/g, '$1');
}

describe('contentDisposition', () => {
  it('gives a plain ASCII name as is, in filename alone', () => {
    expect(contentDisposition('Claim 2026.pdf')).toBe('attachment; filename="Claim 2026.pdf"');
  });

  it('keeps quotes, backslashes and percent signs out of the quoted fallback', () => {
    const header = contentDisposition('say "hi" 100%\\.pdf');
    expect(header).toContain('filename="say _hi_ 100__.pdf"');
    expect(savedName(header)).toBe('say "hi" 100%_.pdf');
  });

  it('removes CR, LF and other control characters so the header cannot be split', () => {
    const header = contentDisposition('a\r\nSet-Cookie: x=1\u0000\u0085.pdf');
    for (const character of ['\r', '\n', '\u0000', '\u0085']) expect(header).not.toContain(character);
    expect(savedName(header)).toBe('aSet-Cookie: x=1.pdf');
  });

  it('writes non-ASCII names exactly in filename* and readably in the fallback', () => {
    const header = contentDisposition('Hääyö – sopimus 日本.pdf');
    expect(header).toContain('filename="Haayo _ sopimus __.pdf"');
    expect(header).toContain("filename*=UTF-8''H%C3%A4%C3%A4y%C3%B6%20%E2%80%93%20sopimus%20%E6%97%A5%E6%9C%AC.pdf");
    expect(savedName(header)).toBe('Hääyö – sopimus 日本.pdf');
  });

  it('turns path separators into underscores', () => {
    const header = contentDisposition('../../etc\\passwd.pdf');
    expect(header).toContain('filename=".._.._etc_passwd.pdf"');
    expect(savedName(header)).toBe('.._.._etc_passwd.pdf');
  });

  it("encodes the characters RFC 8187 leaves out of attr-char (' ( ) *) in filename*", () => {
    const header = contentDisposition("it's (final)*! – ä.pdf");
    expect(header).toContain("filename*=UTF-8''it%27s%20%28final%29%2A!%20%E2%80%93%20%C3%A4.pdf");
    expect(savedName(header)).toBe("it's (final)*! – ä.pdf");
  });

  it('falls back to a neutral name when nothing printable is left', () => {
    expect(contentDisposition('\r\n')).toBe('attachment; filename="download.pdf"');
  });
});
