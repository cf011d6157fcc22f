import path from 'node:path';
import { DEFAULT_MAX_UPLOAD_BYTES } from '@ratkaisu/core';
import { z } from 'zod';
import { parseFaultPlan, type FaultRule } from '../adapters/faults/fault-plan.js';
import { flag, integer, optionalText, optionalUrl, type Settings } from './setting-parsers.js';

/** The host itself: where it listens and keeps its data, its limits, the case rules, injected faults. */
export const hostSettings = {
  RATKAISU_ENV: z.enum(['local', 'test', 'production']).default('local'),
  PORT: integer(7071, 0, 65535),
  HOST: z.string().trim().default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('.data'),
  PUBLIC_URL: optionalUrl,
  WEB_DIST_DIR: optionalText,
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  CORS_ORIGINS: optionalText,

  MAX_JSON_BODY_BYTES: integer(1024 * 1024, 1024, 64 * 1024 * 1024),
  MAX_UPLOAD_BYTES: integer(DEFAULT_MAX_UPLOAD_BYTES, 1024, 512 * 1024 * 1024),
  // Days each side has for a phase (docs/product.md section 4: default 14, configurable).
  PHASE_DUE_DAYS: integer(14, 1, 365),
  // Decisions the public generator takes from one IP address per clock hour.
  ANONYMOUS_DECISIONS_PER_HOUR: integer(5, 1, 10_000),
  FAULTS: optionalText,
  FAULTS_SWITCHABLE: flag(false),
  // The scenario builders' route (local/test-seeding): test runs only, so no other host has it.
  TEST_SEEDING: flag(false),
};

export interface HostConfig {
  environment: 'local' | 'test' | 'production';
  /** Faults injected into the ports (adapters/faults); empty unless FAULTS is set, never in production. */
  faults: FaultRule[];
  /** The local host takes fault plans from the process that started it (local/control-channel.ts); never in production. */
  faultsSwitchable: boolean;
  /**
   * The local host serves `POST /api/test/seed` (local/test-seeding, docs/testing.md): browser tests write the
   * state they start from instead of walking to it. Only with RATKAISU_ENV=test.
   */
  testSeeding: boolean;
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  /** True when PUBLIC_URL was not set and publicUrl follows the local host's port. */
  publicUrlFollowsPort: boolean;
  webDistDir: string | undefined;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  corsOrigins: string[];
  limits: { maxJsonBodyBytes: number; maxUploadBytes: number };
  cases: { phaseDueDays: number };
  anonymous: { decisionsPerHour: number };
}

export function readHost(e: Settings<typeof hostSettings>, problems: string[]): HostConfig {
  let faults: FaultRule[] = [];
  try {
    faults = parseFaultPlan(e.FAULTS);
  } catch (error) {
    problems.push(
      `FAULTS: ${error instanceof Error ? error.message.split('\n')[0] : 'not a fault plan'} (a JSON array of rules, docs/settings.md)`,
    );
  }
  if (faults.length > 0 && e.RATKAISU_ENV === 'production') {
    problems.push('FAULTS: only in local and test runs (RATKAISU_ENV=local or test)');
  }
  if (e.FAULTS_SWITCHABLE && e.RATKAISU_ENV === 'production') {
    problems.push('FAULTS_SWITCHABLE: only in local and test runs (RATKAISU_ENV=local or test)');
  }
  if (e.TEST_SEEDING && e.RATKAISU_ENV !== 'test') {
    problems.push('TEST_SEEDING: only in test runs (RATKAISU_ENV=test)');
  }
  return {
    environment: e.RATKAISU_ENV,
    faults,
    faultsSwitchable: e.FAULTS_SWITCHABLE,
    testSeeding: e.TEST_SEEDING,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    publicUrlFollowsPort: e.PUBLIC_URL === undefined,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    logLevel: e.LOG_LEVEL,
    corsOrigins: (e.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    limits: { maxJsonBodyBytes: e.MAX_JSON_BODY_BYTES, maxUploadBytes: e.MAX_UPLOAD_BYTES },
    cases: { phaseDueDays: e.PHASE_DUE_DAYS },
    anonymous: { decisionsPerHour: e.ANONYMOUS_DECISIONS_PER_HOUR },
  };
}
