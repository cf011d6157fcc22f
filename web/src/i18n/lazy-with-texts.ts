import { type ComponentType, lazy, type LazyExoticComponent } from 'react';
import { loadFeatureTexts } from './i18n';

/**
 * A lazily loaded screen whose texts are in the English feature catalogue (en-features.ts): its code and those
 * texts load together, so the screen never renders a missing key and the sign-in page does not carry them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function lazyWithTexts<T extends ComponentType<any>>(
  factory: () => Promise<{ default: T }>,
): LazyExoticComponent<T> {
  return lazy(() => Promise.all([factory(), loadFeatureTexts()]).then(([module]) => module));
}
