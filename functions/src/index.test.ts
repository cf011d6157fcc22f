import { describe, expect, it, vi } from 'vitest';

/** What index.ts registers with the Functions host, captured instead of registered. */
const registered = vi.hoisted(() => ({
  http: [] as Array<{ name: string; options: { route: string } }>,
  serviceBusQueue: [] as Array<{ name: string; options: { queueName: string; connection: string } }>,
  timer: [] as Array<{ name: string; options: { schedule: string; runOnStartup?: boolean } }>,
}));

vi.mock('@azure/functions', () => ({
  app: {
    setup: () => undefined,
    http: (name: string, options: { route: string }) => registered.http.push({ name, options }),
    serviceBusQueue: (name: string, options: { queueName: string; connection: string }) =>
      registered.serviceBusQueue.push({ name, options }),
    timer: (name: string, options: { schedule: string; runOnStartup?: boolean }) =>
      registered.timer.push({ name, options }),
  },
}));

const { QUEUE_NAMES } = await import('./ports/queue.js');
const { routes } = await import('./routes.js');
const { timers } = await import('./timers.js');
const { workers } = await import('./workers.js');
await import('./index.js');

describe('the Functions host entry', () => {
  it('registers every route, worker, dead-letter queue and timer once, under valid function names', () => {
    const names = [...registered.http, ...registered.serviceBusQueue, ...registered.timer].map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[A-Za-z][A-Za-z0-9_-]{0,127}$/);
    expect(registered.http).toHaveLength(routes.length);
  });

  it('consumes every worker queue and every job queue’s dead-letter queue through the identity-based connection', () => {
    const queues = registered.serviceBusQueue.map((entry) => entry.options.queueName).sort();
    expect(queues).toEqual(
      [...workers.map((worker) => worker.queue), ...QUEUE_NAMES.map((queue) => `${queue}/$DeadLetterQueue`)].sort(),
    );
    for (const entry of registered.serviceBusQueue) expect(entry.options.connection).toBe('ServiceBusConnection');
  });

  it('schedules every timer on its NCRONTAB schedule, not at every start-up', () => {
    expect(registered.timer.map((entry) => [entry.name, entry.options.schedule])).toEqual(
      timers.map((timer) => [timer.name, timer.schedule]),
    );
    for (const entry of registered.timer) expect(entry.options.runOnStartup).toBe(false);
  });
});
