import { decisionSettingsSchema, defaultDecisionSettings, type DecisionSettings } from '@ratkaisu/core';

/** docs/product.md section 2, Settings modal: the decision settings live in local storage under this key. */
export const DECISION_SETTINGS_KEY = 'settings';

/**
 * The stored decision settings, or the defaults when there are none. A stored value that no longer
 * parses (an older shape, a hand edit, storage blocked by the browser) also gives the defaults: the
 * settings are a convenience, and a broken copy must never keep a decision from being created.
 */
export function loadDecisionSettings(): DecisionSettings {
  try {
    const stored = window.localStorage.getItem(DECISION_SETTINGS_KEY);
    if (stored === null) return defaultDecisionSettings();
    const parsed = decisionSettingsSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : defaultDecisionSettings();
  } catch {
    return defaultDecisionSettings();
  }
}

/** Stores settings already checked with decisionSettingsSchema. */
export function saveDecisionSettings(settings: DecisionSettings): void {
  window.localStorage.setItem(DECISION_SETTINGS_KEY, JSON.stringify(settings));
}

/** Reset: forgets the stored settings, so the defaults apply again. */
export function clearDecisionSettings(): void {
  window.localStorage.removeItem(DECISION_SETTINGS_KEY);
}

/**
 * The saved settings as the JSON string the anonymous generator sends, or undefined when none are
 * saved or they no longer parse: the server then uses its defaults.
 */
export function storedDecisionSettingsJson(): string | undefined {
  try {
    const stored = window.localStorage.getItem(DECISION_SETTINGS_KEY);
    if (stored === null) return undefined;
    const parsed = decisionSettingsSchema.safeParse(JSON.parse(stored));
    return parsed.success ? JSON.stringify(parsed.data) : undefined;
  } catch {
    return undefined;
  }
}
