import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One mechanism for "read, change, write with the etag, on a lost race read again":
 * `records/change-record.ts` (changeRecord, changeOrCreateRecord) and the domain wrappers built on it
 * (changeDispute, changeAward, updateUser). A service that writes conditionally inside a loop of its own
 * has grown a second one, with its own limit and its own pause: this test names it. A single conditional
 * write that gives up on a lost race (the stale-job sweep, a delete on the version the user saw) is no loop
 * and passes.
 */

const FUNCTIONS_SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const HELPER = join('records', 'change-record.ts');

/** Hand-written loops left, each with the reason it stays. Empty this list, do not grow it. */
const STILL_HAND_WRITTEN: Record<string, string> = {};

/** A loop that goes round on a lost race: an attempt counter, or a loop without end. */
const RETRY_LOOP = /for \(let (?:attempt|tries|try)\b|\battempt\+\+|while \(true\)|for \(;;\)/;
/** A write conditional on the version read, or a create that loses to a concurrent one. */
const CONDITIONAL_WRITE = /ifMatch|\.create\(/;

function handWritesConditionalLoop(source: string): boolean {
  return RETRY_LOOP.test(source) && CONDITIONAL_WRITE.test(source);
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('conditional writes', () => {
  it('are written by records/change-record.ts only: no service loops over an etag write of its own', () => {
    const looping = [join(FUNCTIONS_SRC, 'services'), join(FUNCTIONS_SRC, 'records')]
      .flatMap(sourceFiles)
      .map((file) => relative(FUNCTIONS_SRC, file))
      .filter((file) => file !== HELPER && !(file in STILL_HAND_WRITTEN))
      .filter((file) => handWritesConditionalLoop(readFileSync(join(FUNCTIONS_SRC, file), 'utf8')));
    expect(looping.map((file) => file.split(sep).join('/'))).toEqual([]);
  });

  it('still finds the loops it is there to find (and the files it lets pass still have theirs)', () => {
    const handWritten = `
      for (let attempt = 1; attempt <= 5; attempt++) {
        const current = await users.read(id, id);
        try { return await users.replace(next, { ifMatch: current._etag }); } catch { /* lost a race */ }
      }`;
    expect(handWritesConditionalLoop(handWritten)).toBe(true);
    expect(handWritesConditionalLoop('await jobs.replace(next, { ifMatch: job._etag });')).toBe(false);
    expect(handWritesConditionalLoop(readFileSync(join(FUNCTIONS_SRC, HELPER), 'utf8'))).toBe(true);
    for (const file of Object.keys(STILL_HAND_WRITTEN)) {
      expect(handWritesConditionalLoop(readFileSync(join(FUNCTIONS_SRC, file), 'utf8')), file).toBe(true);
    }
  });
});
