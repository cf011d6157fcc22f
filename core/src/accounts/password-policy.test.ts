import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, passwordProblem } from './password-policy.js';

const common = new Set(['password', '12345678', 'password1']);
const isCommon = (lower: string) => common.has(lower);

describe('passwordProblem', () => {
  it('needs 8 characters, counted as code points, and accepts up to 256', () => {
    expect(passwordProblem('short12')).toBe('tooShort');
    expect(passwordProblem('😀😀😀😀😀😀😀')).toBe('tooShort');
    expect(passwordProblem('a long enough one')).toBeUndefined();
    expect(passwordProblem('x'.repeat(64))).toBeUndefined();
    expect(passwordProblem('x'.repeat(256))).toBeUndefined();
    expect(passwordProblem('x'.repeat(257))).toBe('tooLong');
  });

  it('has no composition rules', () => {
    expect(passwordProblem('all lower case words')).toBeUndefined();
    expect(passwordProblem('93847261058')).toBeUndefined();
  });

  it('refuses a common password in any letter case', () => {
    expect(passwordProblem('Password1', { isCommon })).toBe('common');
    expect(passwordProblem('12345678', { isCommon })).toBe('common');
    expect(passwordProblem('PASSWORD', { isCommon })).toBe('common');
  });

  it('refuses a password containing the username or the email local part', () => {
    const context = { username: 'Matti.V', email: 'matti.virtanen@example.fi' };
    expect(passwordProblem('my matti.v secret', context)).toBe('containsName');
    expect(passwordProblem('MATTI.VIRTANEN2024', context)).toBe('containsName');
    expect(passwordProblem('a quite unrelated one', context)).toBeUndefined();
    // Too short a part is not looked for.
    expect(passwordProblem('everyday abc words', { email: 'ab@x.fi' })).toBeUndefined();
  });

  it('has a catalogued message for every problem', () => {
    expect(PASSWORD_MESSAGES.tooShort).toBe('Password must be at least 8 characters.');
    for (const message of Object.values(PASSWORD_MESSAGES)) expect(message).toMatch(/\.$/);
  });
});
