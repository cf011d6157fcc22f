export * from './domain/phases.js';
export * from './errors/codes.js';
export * from './api/health.js';
export * from './text/sanitize-text.js';
export * from './disputes/dispute-schemas.js';
export * from './api/disputes.js';
export * from './api/jobs.js';
