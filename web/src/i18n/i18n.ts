import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';

export const defaultNS = 'translation';

/** English only (SPEC.md section 9): default and fallback locale en. Resources are bundled, so init is synchronous. */
export function initI18n(): typeof i18next {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      lng: 'en',
      fallbackLng: 'en',
      supportedLngs: ['en'],
      defaultNS,
      resources: { en: { [defaultNS]: en } },
      // React escapes output itself.
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    });
  }
  return i18next;
}
