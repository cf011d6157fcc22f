import { beforeEach, describe, expect, it, vi } from 'vitest';

/** Each entry point that fails jobs outside their worker loads the job kinds' hooks itself. */
describe('job kind registry', () => {
  beforeEach(() => vi.resetModules());

  it('starts empty: a kind without registered hooks has none', async () => {
    const { jobKindHooks } = await import('./job-kinds.js');
    expect(jobKindHooks('decision')).toBeUndefined();
  });

  it.each([['../../workers.js'], ['../../timers.js']])('%s registers the decision kind', async (entry) => {
    await import(entry);
    const { jobKindHooks } = await import('./job-kinds.js');
    expect(jobKindHooks('decision')?.reflectFailure).toBeTypeOf('function');
    expect(jobKindHooks('claim')).toBeUndefined();
  });

  it('refuses a second, different registration of a kind', async () => {
    const { registerJobKind } = await import('./job-kinds.js');
    const hooks = { reflectFailure: async () => undefined };
    registerJobKind('claim', hooks);
    registerJobKind('claim', hooks);
    expect(() => registerJobKind('claim', { reflectFailure: async () => undefined })).toThrow(/registered twice/);
  });
});
