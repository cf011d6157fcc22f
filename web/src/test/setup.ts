import { configure } from '@testing-library/react';
import { beforeAll } from 'vitest';
import { loadFeatureTexts } from '../i18n/i18n';

// Routes are lazy chunks that vitest transforms on first use, and role queries over a Fluent page are slow in
// jsdom: with two test workers beside the contract stage on a 2-core CI machine, a findBy… can need several
// seconds where it needs a tenth alone. A ceiling, not a wait: a real regression still fails, only later.
configure({ asyncUtilTimeout: 15_000 });

// jsdom has no ResizeObserver; Fluent's MessageBar measures itself with one.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}

// The English texts of the screens after sign-in are a chunk of their own (en-features.ts), added by the routes
// that show them; tests that render those screens' components directly have them from the start.
beforeAll(() => loadFeatureTexts());
