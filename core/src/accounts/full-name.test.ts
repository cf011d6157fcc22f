import { describe, expect, it } from 'vitest';
import { isAcceptableFullName } from './full-name.js';

describe('a full name', () => {
  it('takes names as people write them and refuses what is not a name', () => {
    for (const name of ['Anna Asianajaja', 'Jean-Pierre O’Neil', 'Åsa Öhman', 'Li'])
      expect(isAcceptableFullName(name)).toBe(true);
    for (const name of ['', 'A', ' 1abc', 'kaisa@kantaja.fi', '<b>x</b>', 'x'.repeat(121)]) {
      expect(isAcceptableFullName(name)).toBe(false);
    }
  });
});
