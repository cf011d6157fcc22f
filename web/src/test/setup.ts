import { configure } from '@testing-library/react';
import { beforeAll } from 'vitest';
import { loadFeatureTexts } from '../i18n/i18n';

// Routes are lazy chunks that vitest transforms on first use; on a busy 2-core CI machine the first
// findBy… of a file can need more than testing-library's default second. A real regression still fails.
configure({ asyncUtilTimeout: 5000 });

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
