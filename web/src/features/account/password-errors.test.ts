import { describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { newPasswordErrors, passwordLengthError } from './password-errors';

const t = initI18n().t;
const TOO_SHORT = 'Password must be at least 8 characters.';

describe('passwordLengthError', () => {
  it('asks for 8 characters and accepts exactly 8', () => {
    expect(passwordLengthError('1234567', t)).toBe(TOO_SHORT);
    expect(passwordLengthError('12345678', t)).toBeUndefined();
  });
});

describe('newPasswordErrors', () => {
  it('has no keys when both are long enough and the same', () => {
    expect(newPasswordErrors('correct horse', 'correct horse', t)).toEqual({});
  });

  it('names each short field, and reports a short confirmation before a mismatch', () => {
    expect(newPasswordErrors('short', 'other', t)).toEqual({ newPassword: TOO_SHORT, confirm: TOO_SHORT });
  });

  it('says the two differ when both are long enough', () => {
    expect(newPasswordErrors('correct horse', 'correct house', t)).toEqual({ confirm: 'passwords do not match' });
  });
});
