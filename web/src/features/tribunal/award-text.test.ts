import type { FlaggedReference } from '@ratkaisu/core';
import { describe, expect, it } from 'vitest';
import { centsToEuros, eurosToCents, pageReferences, previewMarkdown, readPreviewHref } from './award-text';
import { diffLines } from './line-diff';

const flag = (over: Partial<FlaggedReference>): FlaggedReference => ({
  chapter: 1,
  index: 0,
  length: 0,
  reference: '',
  reason: 'Sivua ei ole',
  ...over,
});

describe('award text', () => {
  it('finds page references, also several in one bracket and page ranges', () => {
    expect(pageReferences('Myyjä lupasi [K1 s.3] ja vastasi [K1 s.3–4; V2 s.1].')).toEqual([
      { code: 'K1', page: 3 },
      { code: 'K1', page: 3 },
      { code: 'V2', page: 1 },
    ]);
  });

  it('links references and highlights a flagged one where it stands', () => {
    const text = 'Ensin [K1 s.3] ja sitten [V2 s.9].';
    const index = text.indexOf('[V2 s.9]');
    const markdown = previewMarkdown(text, [flag({ index, length: 8, reference: '[V2 s.9]' })]);
    expect(markdown).toBe('Ensin \\[[K1 s.3](#ref:K1:3)\\] ja sitten [\\[V2 s.9\\]](#flag:0).');
    expect(readPreviewHref('#ref:K1:3')).toEqual({ kind: 'reference', reference: { code: 'K1', page: 3 } });
    expect(readPreviewHref('#flag:0')).toEqual({ kind: 'flag', index: 0 });
  });

  it('finds a flagged reference by its text when the chapter was edited before it', () => {
    const text = 'Lisätty alku. Sitten [V2 s.9].';
    const markdown = previewMarkdown(text, [flag({ index: 2, length: 8, reference: '[V2 s.9]' })]);
    expect(markdown).toContain('[\\[V2 s.9\\]](#flag:0)');
  });

  it('reads euros as Finnish users type them', () => {
    expect(eurosToCents('1 250,50')).toBe(125050);
    expect(eurosToCents('12000')).toBe(1200000);
    expect(eurosToCents('12,5')).toBe(1250);
    expect(eurosToCents('abc')).toBeNull();
    expect(centsToEuros(125050)).toBe('1250,50');
    expect(centsToEuros(1200000)).toBe('12000');
  });

  it('diffs lines', () => {
    expect(diffLines('a\nb\nc', 'a\nB\nc')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'added', text: 'B' },
      { kind: 'same', text: 'c' },
    ]);
  });
});
