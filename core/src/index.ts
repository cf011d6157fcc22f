export * from './domain/phases.js';
export * from './errors/codes.js';
export * from './api/health.js';
