import { z } from 'zod';
import { flag, integer, optionalText, optionalUrl, type Settings } from './setting-parsers.js';

/** The model: which deployment, how it is called, what it accepts, its shared budget and further deployments. */
export const modelSettings = {
  // Any OpenAI-compatible endpoint.
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_API_KEY: optionalText,
  OPENAI_MODEL: optionalText,
  // Azure OpenAI (managed identity unless a key is given).
  AZURE_OPENAI_ENDPOINT: optionalUrl,
  AZURE_OPENAI_DEPLOYMENT: optionalText,
  AZURE_OPENAI_API_VERSION: z.string().trim().default('2024-10-21'),
  AZURE_OPENAI_API_KEY: optionalText,
  MODEL_MAX_RETRIES: integer(4, 0, 10),
  MODEL_TIMEOUT_SECONDS: integer(600, 5, 3600),
  // What the deployment accepts: its context window, and whether it takes temperature/top_p (reasoning models do not).
  MODEL_CONTEXT_TOKENS: integer(128_000, 8_000, 2_000_000),
  MODEL_SAMPLING_PARAMETERS: flag(true),
  // Model calls one decision makes at a time (chapters of a round, documents condensed into a dossier).
  MODEL_CONCURRENCY: integer(4, 1, 32),
  MODEL_TPM: integer(100_000, 1_000, 1_000_000_000),
  MODEL_RPM: integer(600, 1, 10_000_000),
  MODEL_BUDGET_WINDOW_SECONDS: integer(60, 1, 3_600),
  // Further deployments beside the default one above, as JSON (docs/SCALE.md "Several deployments").
  MODEL_DEPLOYMENTS: optionalText,
  ANONYMOUS_MAX_QUEUE_AHEAD: integer(10, 0, 10_000),
  // max_completion_tokens of one chapter call: one number for all, or one per chapter separated by commas.
  MODEL_MAX_COMPLETION_TOKENS: z
    .string()
    .trim()
    .default('8000')
    .refine((value) => /^\d+(\s*,\s*\d+)*$/.test(value), 'a number of tokens, or one per chapter separated by commas'),
  // Prices for the cost estimate on a job, euros per million tokens: prompt, cached prompt, completion.
  MODEL_PRICE_EUR_PER_MTOK: z
    .string()
    .trim()
    .default('1.85,0.46,7.40')
    .refine((value) => /^\d+(\.\d+)?,\d+(\.\d+)?,\d+(\.\d+)?$/.test(value), 'three prices: prompt,cached,completion'),
};

export type ModelConfig =
  | { kind: 'offline' }
  | {
      kind: 'openai-compatible';
      baseURL: string;
      apiKey?: string;
      model: string;
      maxRetries: number;
      timeoutMs: number;
    }
  | {
      kind: 'azure-openai';
      endpoint: string;
      deployment: string;
      apiVersion: string;
      apiKey?: string;
      maxRetries: number;
      timeoutMs: number;
    };

/** The decision pipeline's view of the model deployment. */
export interface GenerationConfig {
  contextTokens: number;
  samplingParameters: boolean;
  concurrency: number;
  /** max_completion_tokens per chapter (the last entry for any chapter past the list). */
  maxCompletionTokens: number[];
  /** Euros per million tokens, for the cost estimate on a job. */
  pricesEurPerMillion: { prompt: number; cached: number; completion: number };
}

/** A model deployment beside the default one (MODEL_DEPLOYMENTS): where it is and what it allows per window. */
export interface ModelDeploymentConfig {
  /** Its name in logs, /health and the admin overview (unique; the default deployment is `default`). */
  name: string;
  model: Exclude<ModelConfig, { kind: 'offline' }>;
  tokensPerWindow: number;
  requestsPerWindow: number;
  /** Lower first: a job goes to the first deployment (by priority, then as listed) that can start it soonest. */
  priority: number;
}

export interface ModelBudgetConfig {
  /** Tokens per window the deployment allows (Azure's TPM when the window is a minute). */
  tokensPerWindow: number;
  /** Requests per window (Azure's RPM). */
  requestsPerWindow: number;
  windowMs: number;
  /** Jobs waiting ahead above which the anonymous generator answers 503 instead of queueing. */
  anonymousMaxAhead: number;
  /** The default deployment's priority among `deployments` (0 unless MODEL_DEPLOYMENTS says otherwise). */
  defaultPriority?: number;
  /** Further deployments (MODEL_DEPLOYMENTS); absent or empty: the default deployment alone. */
  deployments?: ModelDeploymentConfig[];
}

export function readModel(
  e: Settings<typeof modelSettings>,
  env: Record<string, string | undefined>,
  problems: string[],
): { model: ModelConfig; generation: GenerationConfig; modelBudget: ModelBudgetConfig } {
  const maxRetries = e.MODEL_MAX_RETRIES;
  const timeoutMs = e.MODEL_TIMEOUT_SECONDS * 1000;
  let model: ModelConfig = { kind: 'offline' };
  if (e.AZURE_OPENAI_ENDPOINT) {
    if (!e.AZURE_OPENAI_DEPLOYMENT)
      problems.push('AZURE_OPENAI_DEPLOYMENT: required when AZURE_OPENAI_ENDPOINT is set');
    model = {
      kind: 'azure-openai',
      endpoint: e.AZURE_OPENAI_ENDPOINT,
      deployment: e.AZURE_OPENAI_DEPLOYMENT ?? '',
      apiVersion: e.AZURE_OPENAI_API_VERSION,
      apiKey: e.AZURE_OPENAI_API_KEY,
      maxRetries,
      timeoutMs,
    };
  } else if (e.OPENAI_BASE_URL) {
    if (!e.OPENAI_MODEL) problems.push('OPENAI_MODEL: required when OPENAI_BASE_URL is set');
    model = {
      kind: 'openai-compatible',
      baseURL: e.OPENAI_BASE_URL,
      apiKey: e.OPENAI_API_KEY,
      model: e.OPENAI_MODEL ?? '',
      maxRetries,
      timeoutMs,
    };
  } else if (e.OPENAI_API_KEY || e.OPENAI_MODEL) {
    problems.push('OPENAI_BASE_URL: required when OPENAI_API_KEY or OPENAI_MODEL is set');
  }

  const deployments = parseDeployments(e.MODEL_DEPLOYMENTS, model, env, { maxRetries, timeoutMs }, problems);
  return {
    model,
    generation: {
      contextTokens: e.MODEL_CONTEXT_TOKENS,
      samplingParameters: e.MODEL_SAMPLING_PARAMETERS,
      concurrency: e.MODEL_CONCURRENCY,
      maxCompletionTokens: e.MODEL_MAX_COMPLETION_TOKENS.split(',').map((value) => Number(value.trim())),
      pricesEurPerMillion: (([prompt, cached, completion]) => ({
        prompt: prompt!,
        cached: cached!,
        completion: completion!,
      }))(e.MODEL_PRICE_EUR_PER_MTOK.split(',').map(Number)),
    },
    modelBudget: {
      tokensPerWindow: e.MODEL_TPM,
      requestsPerWindow: e.MODEL_RPM,
      windowMs: e.MODEL_BUDGET_WINDOW_SECONDS * 1000,
      anonymousMaxAhead: e.ANONYMOUS_MAX_QUEUE_AHEAD,
      ...(deployments.list.length > 0
        ? { deployments: deployments.list, defaultPriority: deployments.defaultPriority }
        : {}),
    },
  };
}

const deploymentSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1)
      .max(40)
      .regex(/^[\w.-]+$/, 'letters, digits, . _ - only'),
    endpoint: z.url().optional(),
    deployment: z.string().trim().min(1).optional(),
    apiVersion: z.string().trim().min(1).optional(),
    baseURL: z.url().optional(),
    model: z.string().trim().min(1).optional(),
    apiKeySetting: z
      .string()
      .trim()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'the name of another setting')
      .optional(),
    tpm: z.number().int().min(1_000).max(1_000_000_000),
    rpm: z.number().int().min(1).max(10_000_000),
    priority: z.number().int().min(0).max(100).default(1),
  })
  .strict()
  .refine((entry) => (entry.endpoint && entry.deployment) || (entry.baseURL && entry.model), {
    message: 'needs "endpoint" and "deployment" (Azure OpenAI) or "baseURL" and "model" (OpenAI-compatible)',
  })
  .refine((entry) => !(entry.endpoint && entry.baseURL), { message: 'give "endpoint" or "baseURL", not both' });

/**
 * MODEL_DEPLOYMENTS: a JSON array of further deployments beside the default one (AZURE_OPENAI_* or OPENAI_*,
 * MODEL_TPM, MODEL_RPM), e.g. `[{"name":"sweden","endpoint":"https://…","deployment":"gpt-4o","tpm":100000,
 * "rpm":600,"priority":1}]`. Keys are never in it: `apiKeySetting` names the setting that holds one (else
 * the default deployment's key setting, else managed identity). An entry `{"name":"default","priority":n}`
 * sets the default deployment's priority (0 unless given).
 */
function parseDeployments(
  raw: string | undefined,
  model: ModelConfig,
  env: Record<string, string | undefined>,
  common: { maxRetries: number; timeoutMs: number },
  problems: string[],
): { list: ModelDeploymentConfig[]; defaultPriority: number } {
  const none = { list: [], defaultPriority: 0 };
  if (!raw) return none;
  if (model.kind === 'offline') {
    problems.push('MODEL_DEPLOYMENTS: needs a default deployment (AZURE_OPENAI_ENDPOINT or OPENAI_BASE_URL) beside it');
    return none;
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    problems.push('MODEL_DEPLOYMENTS: must be a JSON array of deployments (docs/SCALE.md "Several deployments")');
    return none;
  }
  const defaultOnly = z.object({ name: z.literal('default'), priority: z.number().int().min(0).max(100) }).strict();
  const parsed = z
    .array(z.union([defaultOnly, deploymentSchema]))
    .min(1)
    .max(16)
    .safeParse(json);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problems.push(
        `MODEL_DEPLOYMENTS${issue.path.map((part) => `[${JSON.stringify(part)}]`).join('')}: ${issue.message}`,
      );
    }
    return none;
  }
  let defaultPriority = 0;
  const list: ModelDeploymentConfig[] = [];
  const names = new Set<string>();
  for (const entry of parsed.data) {
    if (names.has(entry.name)) problems.push(`MODEL_DEPLOYMENTS: the name "${entry.name}" is given twice`);
    names.add(entry.name);
    if (!('tpm' in entry)) {
      defaultPriority = entry.priority;
      continue;
    }
    if (entry.name === 'default') {
      problems.push('MODEL_DEPLOYMENTS: "default" is the deployment of AZURE_OPENAI_* / OPENAI_*; name the others');
      continue;
    }
    const keySetting = entry.apiKeySetting;
    const apiKey = keySetting
      ? env[keySetting]?.trim() || undefined
      : entry.endpoint
        ? env.AZURE_OPENAI_API_KEY?.trim() || undefined
        : env.OPENAI_API_KEY?.trim() || undefined;
    if (keySetting && !apiKey) problems.push(`MODEL_DEPLOYMENTS["${entry.name}"]: the setting ${keySetting} is empty`);
    list.push({
      name: entry.name,
      model: entry.endpoint
        ? {
            kind: 'azure-openai',
            endpoint: entry.endpoint,
            deployment: entry.deployment!,
            apiVersion: entry.apiVersion ?? (model.kind === 'azure-openai' ? model.apiVersion : '2024-10-21'),
            ...(apiKey ? { apiKey } : {}),
            ...common,
          }
        : {
            kind: 'openai-compatible',
            baseURL: entry.baseURL!,
            model: entry.model!,
            ...(apiKey ? { apiKey } : {}),
            ...common,
          },
      tokensPerWindow: entry.tpm,
      requestsPerWindow: entry.rpm,
      priority: entry.priority,
    });
  }
  return { list, defaultPriority };
}
