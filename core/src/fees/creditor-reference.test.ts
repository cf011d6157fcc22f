import { describe, expect, it } from 'vitest';
import {
  finnishReference,
  isFinnishBusinessId,
  isIban,
  isFinnishReference,
  isRfReference,
  rfReference,
} from './creditor-reference.js';

describe('the Finnish reference number', () => {
  it('adds the 7-3-1 check digit', () => {
    expect(finnishReference('123456')).toBe('1234561');
    expect(finnishReference('1000')).toBe('10003');
    expect(finnishReference('123')).toBe('1232');
  });

  it('checks it', () => {
    expect(isFinnishReference('1234561')).toBe(true);
    expect(isFinnishReference('12345 61')).toBe(true);
    expect(isFinnishReference('1234562')).toBe(false);
    expect(isFinnishReference('12a')).toBe(false);
  });

  it('refuses a base that is too short, too long or all zero', () => {
    for (const base of ['12', '0000', '12345678901234567890', '12a4']) {
      expect(() => finnishReference(base)).toThrow(RangeError);
    }
  });
});

describe('the RF creditor reference (ISO 11649)', () => {
  it('gives the standard’s own example', () => {
    expect(rfReference('539007547034')).toBe('RF18 5390 0754 7034');
  });

  it('wraps a Finnish reference number', () => {
    expect(rfReference(finnishReference('123456'))).toBe('RF34 1234 561');
    expect(isRfReference('RF34 1234 561')).toBe(true);
    expect(isRfReference('rf341234561')).toBe(true);
  });

  it('catches a wrong digit or swapped digits', () => {
    expect(isRfReference('RF18 5390 0754 7035')).toBe(false);
    expect(isRfReference('RF18 5390 0754 7043')).toBe(false);
    expect(isRfReference('RF81 5390 0754 7034')).toBe(false);
    expect(isRfReference('XX18 5390')).toBe(false);
  });
});

describe('the Finnish business ID', () => {
  it('checks the mod 11 check digit', () => {
    expect(isFinnishBusinessId('1234567-1')).toBe(true);
    expect(isFinnishBusinessId('0737546-2')).toBe(true);
    expect(isFinnishBusinessId('1234567-8')).toBe(false);
    expect(isFinnishBusinessId('1234567')).toBe(false);
  });

  it('checks an IBAN by its check digits', () => {
    expect(isIban('FI21 1234 5600 0007 85')).toBe(true);
    expect(isIban('fi2112345600000785')).toBe(true);
    expect(isIban('FI21 1234 5600 0007 86')).toBe(false);
    expect(isIban('FI21')).toBe(false);
  });
});
