import { describe, expect, it } from 'vitest';
import { duplicateFileNames, duplicateFilesMessage } from './disputes.js';

describe('duplicateFileNames', () => {
  it('finds names already in the phase and repeats within the selection', () => {
    const clashes = duplicateFileNames(['Sopimus.pdf'], ['sopimus.pdf', 'lasku.pdf', 'LASKU.pdf ', 'uusi.pdf']);
    expect(clashes).toEqual([
      { name: 'sopimus.pdf', inSelection: false },
      { name: 'LASKU.pdf ', inSelection: true },
    ]);
  });

  it('finds nothing when every name is new', () => {
    expect(duplicateFileNames(['a.pdf'], ['b.pdf', 'c.pdf'])).toEqual([]);
  });

  it('words the message as docs/product.md section 5 does', () => {
    expect(
      duplicateFilesMessage([
        { name: 'a.pdf', inSelection: false },
        { name: 'b.pdf', inSelection: true },
      ]),
    ).toBe('File(s) with the same name already exist: a.pdf, b.pdf (duplicate in current selection)');
  });
});
