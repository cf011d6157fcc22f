import { describe, expect, it } from 'vitest';
import { countryOfAddress } from './country-of-address.js';

describe('countryOfAddress', () => {
  it('places public addresses from the offline database', () => {
    expect(countryOfAddress('8.8.8.8')).toBe('US');
    expect(countryOfAddress('2001:14ba::1')).toBe('FI');
  });

  it('calls loopback and private addresses local', () => {
    for (const ip of [
      '127.0.0.1',
      '::1',
      '::ffff:127.0.0.1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.1',
      'fd00::7',
      'fe80::1',
    ]) {
      expect(countryOfAddress(ip), ip).toBe('local');
    }
  });

  it('calls anything else unknown', () => {
    expect(countryOfAddress('unknown')).toBe('unknown');
    expect(countryOfAddress('999.1.1.1')).toBe('unknown');
  });
});
