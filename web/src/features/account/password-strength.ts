import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/**
 * The password strength estimate behind the meter: zxcvbn-ts with its common
 * dictionaries (the same common-password list the server refuses). Large
 * (several hundred KB), so it is only ever loaded with `import()` when a new
 * password is being typed; nothing else may import this module statically.
 */
const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
const common = new Set(dictionary['passwords-common']);

export interface StrengthEstimate {
  /** 0 (guessable in a few tries) to 4 (very unguessable). */
  score: 0 | 1 | 2 | 3 | 4;
}

export function estimateStrength(password: string, userInputs: string[]): StrengthEstimate {
  return { score: zxcvbn.check(password, userInputs).score };
}

export function isCommonPassword(lowerCasePassword: string): boolean {
  return common.has(lowerCasePassword);
}
