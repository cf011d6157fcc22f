import { describe, expect, it } from 'vitest';
import { agreeing, countOf } from './finnish-count.js';

describe('Finnish number agreement', () => {
  it('puts the singular after 1 and the partitive after every other number', () => {
    expect(countOf(1, 'asiakirjan', 'asiakirjaa')).toBe('1 asiakirjan');
    expect(countOf(2, 'asiakirjan', 'asiakirjaa')).toBe('2 asiakirjaa');
    expect(countOf(0, 'asiakirjan', 'asiakirjaa')).toBe('0 asiakirjaa');
    expect(countOf(21, 'asiakirjan', 'asiakirjaa')).toBe('21 asiakirjaa');
  });

  it('lets a predicate agree with its count', () => {
    expect(agreeing(1, 'tarkistamattomaksi', 'tarkistamattomiksi')).toBe('tarkistamattomaksi');
    expect(agreeing(3, 'tarkistamattomaksi', 'tarkistamattomiksi')).toBe('tarkistamattomiksi');
  });
});
