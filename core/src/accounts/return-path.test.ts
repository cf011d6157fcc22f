import { describe, expect, it } from 'vitest';
import { safeReturnPath, signInPathFor } from './return-path.js';

describe('safeReturnPath', () => {
  it('keeps paths on this site, with their query and fragment', () => {
    expect(safeReturnPath('/case-attachment/abc-123')).toBe('/case-attachment/abc-123');
    expect(safeReturnPath('/case-attachment/abc/award/def?tab=2#c5')).toBe('/case-attachment/abc/award/def?tab=2#c5');
    expect(safeReturnPath('/')).toBe('/');
  });

  it('refuses anything that could leave the site', () => {
    for (const value of [
      'https://evil.example/phish',
      'http:/evil.example',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      '/case\\..\\..\\evil',
      'javascript:alert(1)',
      ' /case-attachment/x',
      '/case-attachment/x\n//evil',
      '/%0a/evil',
      'case-attachment/x',
      '',
      '/'.padEnd(3000, 'a'),
      undefined,
      42,
    ]) {
      const result = safeReturnPath(value);
      if (result !== undefined)
        expect(new URL(result, 'https://app.test').origin, String(value)).toBe('https://app.test');
      if (typeof value === 'string' && /^(https?:|\/\/|\/\\|\\|javascript:| )/.test(value)) {
        expect(result, value).toBeUndefined();
      }
    }
    expect(safeReturnPath('//evil.example/x')).toBeUndefined();
    expect(safeReturnPath('/case-attachment/x\n//evil')).toBeUndefined();
  });

  it('never returns to the sign-in screens themselves', () => {
    expect(safeReturnPath('/login')).toBeUndefined();
    expect(safeReturnPath('/login?returnTo=/login')).toBeUndefined();
    expect(safeReturnPath('/logout')).toBeUndefined();
  });
});

describe('signInPathFor', () => {
  it('carries a safe target and drops an unsafe one', () => {
    expect(signInPathFor('/case-attachment/x?tab=2')).toBe('/login?returnTo=%2Fcase-attachment%2Fx%3Ftab%3D2');
    expect(signInPathFor('/case-attachment/a b')).toBe('/login');
    expect(signInPathFor('https://evil.example')).toBe('/login');
    expect(signInPathFor('/')).toBe('/login');
  });
});
