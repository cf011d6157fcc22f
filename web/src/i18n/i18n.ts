import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { enStart } from './en';

export const defaultNS = 'translation';

/** The UI's languages: English (docs/product.md section 9: the default and fallback) and Finnish. */
export const LANGUAGES = ['en', 'fi'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Where the user's choice is remembered in this browser (the profile has no language field). */
export const LANGUAGE_STORAGE_KEY = 'ratkaisu.language';

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): Language | undefined {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The first of the browser's preferred languages that the screens speak ("fi-FI" → fi), if any. */
function browserLanguage(): Language | undefined {
  const preferred = globalThis.navigator?.languages ?? [globalThis.navigator?.language];
  for (const tag of preferred) {
    const base = tag?.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return undefined;
}

/** Whether this browser has a language of its own choosing (the language switch stores it). */
export function hasChosenLanguage(): boolean {
  return storedLanguage() !== undefined;
}

/**
 * Shows `language` for this visit without storing it as the browser's choice: what an invitation in the case's
 * language does until the person picks one themselves.
 */
export async function showLanguage(language: Language): Promise<void> {
  if (currentLanguage() !== language) await i18next.changeLanguage(language);
}

/** `<html lang>` follows the UI's language, so screen readers pronounce the texts right. */
function followHtmlLang(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = isLanguage(language) ? language : 'en';
}

/**
 * The English catalogue is bundled (the default and fallback); the Finnish one is a chunk of its own, loaded
 * only when Finnish is chosen (i18next-resources-to-backend: i18next loads it before it changes to Finnish).
 */
const otherLanguages = resourcesToBackend((language: string) =>
  language === 'fi' ? import('./fi').then((module) => module.fi) : Promise.resolve(undefined),
);

let ready: Promise<unknown> = Promise.resolve();

/**
 * Initialises i18next in the user's earlier choice in this browser, else the browser's preferred language
 * where the screens speak it, else English. English is ready at once;
 * `i18nReady()` settles once the chosen language's catalogue is loaded, so start-up awaits it before the
 * first render and a Finnish user never sees English flash.
 */
export function initI18n(): typeof i18next {
  if (!i18next.isInitialized) {
    ready = i18next
      .use(otherLanguages)
      .use(initReactI18next)
      .init({
        // The choice made in this browser, else the browser's own preference (a Finnish browser opens in Finnish).
        lng: storedLanguage() ?? browserLanguage() ?? 'en',
        fallbackLng: 'en',
        supportedLngs: [...LANGUAGES],
        defaultNS,
        ns: [defaultNS],
        resources: { en: { [defaultNS]: enStart } },
        partialBundledLanguages: true,
        // React escapes output itself.
        interpolation: { escapeValue: false },
        initAsync: false,
        returnNull: false,
      });
    i18next.on('languageChanged', followHtmlLang);
    followHtmlLang(i18next.language);
    addFeatureTexts();
  }
  return i18next;
}

let featureTexts: Promise<void> | undefined;
let englishFeatureTexts: Record<string, unknown> | undefined;

function addFeatureTexts(): void {
  if (englishFeatureTexts && i18next.isInitialized)
    i18next.addResourceBundle('en', defaultNS, englishFeatureTexts, true, true);
}

/**
 * Loads the English texts of the screens after sign-in (en-features.ts) once; the routes that show them await
 * it with their code (lazyWithTexts in lazy-with-texts.ts). Finnish needs nothing more: its one chunk has
 * every text. English stays the fallback for both.
 */
export function loadFeatureTexts(): Promise<void> {
  featureTexts ??= import('./en-features').then(
    ({ enFeatures }) => {
      englishFeatureTexts = enFeatures;
      addFeatureTexts();
    },
    (error: unknown) => {
      // Let the next route try again (a network blip) rather than keep the failure.
      featureTexts = undefined;
      throw error;
    },
  );
  return featureTexts;
}

/** Settles once the start-up language's catalogue is loaded (at once for English). */
export async function i18nReady(): Promise<void> {
  // A catalogue that failed to load leaves English (the fallback) showing rather than a blank page.
  await ready.catch(() => undefined);
}

/** The language the UI shows now. */
export function currentLanguage(): Language {
  return isLanguage(i18next.resolvedLanguage) ? i18next.resolvedLanguage : 'en';
}

/** Switches the UI's language and remembers the choice in this browser. */
export async function setLanguage(language: Language): Promise<void> {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage refused (private mode): the choice lasts until the page is reloaded.
  }
  // i18next loads the language's catalogue first (the backend above), so the switch shows no missing keys.
  await i18next.changeLanguage(language);
}
