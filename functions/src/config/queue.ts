import { optionalText, type Settings } from './setting-parsers.js';

export const queueSettings = {
  // Service Bus, under the names the Functions trigger binding reads. Neither: the in-process queue.
  ServiceBusConnection: optionalText,
  ServiceBusConnection__fullyQualifiedNamespace: optionalText,
};

export type QueueConfig =
  { kind: 'in-process' } | { kind: 'service-bus'; connectionString?: string; fullyQualifiedNamespace?: string };

export function readQueue(e: Settings<typeof queueSettings>): QueueConfig {
  if (e.ServiceBusConnection || e.ServiceBusConnection__fullyQualifiedNamespace) {
    return {
      kind: 'service-bus',
      connectionString: e.ServiceBusConnection,
      fullyQualifiedNamespace: e.ServiceBusConnection__fullyQualifiedNamespace,
    };
  }
  return { kind: 'in-process' };
}
