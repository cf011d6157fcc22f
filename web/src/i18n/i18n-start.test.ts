import { describe, expect, it } from 'vitest';
import { fi } from './fi';
import { i18nReady, initI18n, LANGUAGE_STORAGE_KEY } from './i18n';

describe('start-up in a remembered Finnish', () => {
  it('has the Finnish catalogue, loaded on demand, before the first render', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fi');
    const i18n = initI18n();
    await i18nReady();
    expect(i18n.hasResourceBundle('fi', 'translation')).toBe(true);
    expect(i18n.t('app.misconfigured', { detail: 'x' })).toBe(fi.app.misconfigured.replace('{{detail}}', 'x'));
    expect(document.documentElement.lang).toBe('fi');
    window.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  });
});
