import { describe, expect, it } from 'vitest';
import { chapterDependencies, criticalPathLength, runChapterGraph } from './chapter-graph.js';

describe('chapterDependencies', () => {
  it('gives 1–4 nothing, 5 the first four, 6 chapter 5, 7 chapters 5 and 6', () => {
    expect(chapterDependencies(7)).toEqual([[], [], [], [], [0, 1, 2, 3], [4], [4, 5]]);
    expect(criticalPathLength(chapterDependencies(7))).toBe(4);
  });

  it('lets custom chapters declare what they read (default: every earlier chapter), never a later one', () => {
    expect(chapterDependencies(9)[7]).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(
      chapterDependencies(9, [undefined, [0], undefined, undefined, undefined, undefined, undefined, [2, 9, 2]]),
    ).toEqual([[], [0], [], [], [0, 1, 2, 3], [4], [4, 5], [2], [0, 1, 2, 3, 4, 5, 6, 7]]);
  });
});

describe('runChapterGraph', () => {
  /** Lets every promise continuation that is ready run (one turn of the event loop), without a timer. */
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  /** A promise the test resolves when it chooses. */
  function gate(): { promise: Promise<void>; open: () => void } {
    let open!: () => void;
    const promise = new Promise<void>((resolve) => (open = resolve));
    return { promise, open };
  }

  it('starts the first call alone, the rest once it is prefilled, each after its dependencies', async () => {
    const started: number[] = [];
    const given = new Map<number, string[]>();
    const prefill = Array.from({ length: 7 }, gate);
    const finish = Array.from({ length: 7 }, gate);
    const run = runChapterGraph<string>(chapterDependencies(7), async (index, dependsOn, onPrefilled) => {
      started.push(index);
      given.set(index, [...dependsOn]);
      await prefill[index]!.promise;
      onPrefilled();
      await finish[index]!.promise;
      return `c${index + 1}`;
    });
    prefill.slice(1).forEach((step) => step.open());

    await settle();
    expect(started).toEqual([0]);
    // Chapter 1's prefix reaches the endpoint: 2–4 start beside it, 5 still waits for 1–4.
    prefill[0]!.open();
    await settle();
    expect([...started].sort()).toEqual([0, 1, 2, 3]);
    for (const index of [0, 1, 2]) finish[index]!.open();
    await settle();
    expect(started).toHaveLength(4);
    finish[3]!.open();
    await settle();
    expect(started.slice(4)).toEqual([4]);
    finish[4]!.open();
    await settle();
    expect(started.slice(4)).toEqual([4, 5]);
    finish[5]!.open();
    await settle();
    expect(started.slice(4)).toEqual([4, 5, 6]);
    finish[6]!.open();

    expect(await run).toEqual(['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7']);
    expect(given.get(4)).toEqual(['c1', 'c2', 'c3', 'c4']);
    expect(given.get(5)).toEqual(['c5']);
    expect(given.get(6)).toEqual(['c5', 'c6']);
  });

  it('writes only what is not done yet, given the saved chapters', async () => {
    const written: number[] = [];
    const done = new Map([0, 1, 2, 3].map((index) => [index, `saved${index + 1}`] as const));
    const results = await runChapterGraph<string>(
      chapterDependencies(7),
      async (index, dependsOn) => {
        written.push(index);
        return `${index + 1}<${dependsOn.join(',')}>`;
      },
      { done },
    );
    expect(written).toEqual([4, 5, 6]);
    expect(results[4]).toBe('5<saved1,saved2,saved3,saved4>');
    expect(results[6]).toBe('7<5<saved1,saved2,saved3,saved4>,6<5<saved1,saved2,saved3,saved4>>>');
  });

  it('starts no other call when the first fails before its prefill, and leaves none waiting', async () => {
    const started: number[] = [];
    const run = runChapterGraph<string>(chapterDependencies(7), async (index) => {
      started.push(index);
      if (index === 0) throw new Error('refused');
      return 'x';
    });
    await expect(run).rejects.toThrow('refused');
    await settle();
    expect(started).toEqual([0]);
  });
});
