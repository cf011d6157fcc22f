import { configure } from '@testing-library/react';

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
