import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { fi } from './fi';

export const defaultNS = 'translation';

/** The UI's languages: English (SPEC.md section 9: the default and fallback) and Finnish. */
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

/** `<html lang>` follows the UI's language, so screen readers pronounce the texts right. */
function followHtmlLang(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = isLanguage(language) ? language : 'en';
}

/**
 * Resources are bundled, so init is synchronous. The language is the user's earlier choice in this browser,
 * else English.
 */
export function initI18n(): typeof i18next {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      lng: storedLanguage() ?? 'en',
      fallbackLng: 'en',
      supportedLngs: [...LANGUAGES],
      defaultNS,
      resources: { en: { [defaultNS]: en }, fi: { [defaultNS]: fi } },
      // React escapes output itself.
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    });
    i18next.on('languageChanged', followHtmlLang);
    followHtmlLang(i18next.language);
  }
  return i18next;
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
  await i18next.changeLanguage(language);
}
