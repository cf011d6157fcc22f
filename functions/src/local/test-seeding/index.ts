/** The scenario builders tests start from (docs/testing.md "Scenario builders"), in process or by the seed route. */
export {
  seedAccount,
  callerOf,
  SeedingError,
  SEEDED_PASSWORD,
  type AccountSeed,
  type SeededAccount,
} from './seed-account.js';
export { seedCaseInResolution, type CaseInResolutionSeed, type SeedDocument } from './seed-case-in-resolution.js';
export { seedTribunalSeated, type TribunalSeatedSeed } from './seed-tribunal-seated.js';
export {
  seedAwardIssued,
  seedDraftReady,
  type AwardIssuedSeed,
  type DraftReady,
  type DraftReadySeed,
} from './award-scenarios.js';
export { postTestSeed, seedRequestSchema } from './seed-route.js';
