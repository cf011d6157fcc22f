import { z } from 'zod';

/**
 * The faults a local or test run injects into its ports (`FAULTS`, docs/settings.md; refused in production):
 * a JSON array of rules, each naming a port, what goes wrong, how often, and optionally when — e.g.
 * `[{"port":"mail","kind":"error","rate":1,"everyMs":60000,"forMs":20000}]` refuses every mail for 20 s of
 * each minute. `npm run bench` and the tests use it to show what a stalling store or a refusing mail server
 * does to the product.
 */
export const FAULT_PORTS = ['store', 'blobs', 'queue', 'mail', 'model'] as const;
export type FaultPort = (typeof FAULT_PORTS)[number];

export const faultRuleSchema = z
  .object({
    port: z.enum(FAULT_PORTS),
    /** error: the call throws; latency: it waits `ms`, then runs; stall: it waits `ms` (30 s by default), then throws. */
    kind: z.enum(['error', 'latency', 'stall']),
    /** The share of calls hit while the rule is active, 0–1. */
    rate: z.number().min(0).max(1).default(1),
    ms: z.number().int().min(0).max(600_000).optional(),
    /** Only these methods of the port (e.g. `["send"]`, `["upload"]`); all by default. */
    methods: z.array(z.string().min(1)).optional(),
    /** A schedule: active for `forMs` at the start of every `everyMs`, counted from the process's start. */
    everyMs: z.number().int().min(1).optional(),
    forMs: z.number().int().min(0).optional(),
  })
  .strict()
  .refine((rule) => (rule.everyMs === undefined) === (rule.forMs === undefined), {
    message: 'everyMs and forMs go together',
  });

export type FaultRule = z.infer<typeof faultRuleSchema>;

export const faultPlanSchema = z.array(faultRuleSchema).max(50);

/** Parses the `FAULTS` setting: empty is no faults; anything else must be the JSON array described above. */
export function parseFaultPlan(text: string | undefined): FaultRule[] {
  if (!text?.trim()) return [];
  return faultPlanSchema.parse(JSON.parse(text));
}
