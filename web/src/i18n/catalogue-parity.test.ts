import { describe, expect, it } from 'vitest';
import { en } from './en-features';
import { fi } from './fi';

/**
 * The Finnish catalogue must have exactly the keys of the English one, with the same interpolation variables
 * ({{name}}) and the same markup tags (<termsLink>) per key. A failure names every key to translate or remove,
 * with the English text, so whoever merges new English keys sees at once what fi.ts (or a fi-*.ts) lacks.
 */

type Flat = Map<string, string>;

function flatten(value: unknown, prefix = '', into: Flat = new Map()): Flat {
  if (typeof value === 'string') into.set(prefix, value);
  else if (typeof value === 'object' && value !== null)
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  return into;
}

/** The placeholders of a text: {{variable}} and <tag> names, sorted. */
function placeholders(text: string): string[] {
  const variables = [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((match) => `{{${match[1]}}}`);
  const tags = [...text.matchAll(/<\/?(\w+)>/g)].map((match) => `<${match[1]}>`);
  return [...new Set([...variables, ...tags])].sort();
}

const english = flatten(en);
const finnish = flatten(fi);

describe('the en and fi catalogues', () => {
  it('have exactly the same keys', () => {
    const missing = [...english.keys()].filter((key) => !finnish.has(key));
    const extra = [...finnish.keys()].filter((key) => !english.has(key));
    const report = [
      ...missing.map((key) => `fi lacks ${key} (en: ${JSON.stringify(english.get(key))})`),
      ...extra.map((key) => `fi has ${key}, which en does not`),
    ];
    expect(report, `Translate or remove in web/src/i18n/fi*.ts:\n${report.join('\n')}`).toEqual([]);
  });

  it('use the same interpolation variables and tags in every key', () => {
    const report = [...english.entries()]
      .filter(([key]) => finnish.has(key))
      .flatMap(([key, text]) => {
        const expected = placeholders(text).join(' ');
        const actual = placeholders(finnish.get(key) ?? '').join(' ');
        return expected === actual ? [] : [`${key}: en has [${expected}], fi has [${actual}]`];
      });
    expect(report, report.join('\n')).toEqual([]);
  });

  it('translate: no Finnish text is empty, and few are the English text unchanged', () => {
    const empty = [...finnish.entries()].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
    // Names, codes and pure placeholders read the same in both languages; anything else copied is a miss.
    const same = [...english.entries()]
      .filter(([key, text]) => finnish.get(key) === text && /[a-z]{4,}/i.test(text.replace(/\{\{[^}]*\}\}/g, '')))
      .map(([key]) => key)
      .sort();
    expect(same).toEqual(['app.documentTitle', 'app.name', 'language.en', 'language.fi', 'shell.copyright']);
  });
});

describe('placeholders', () => {
  it('reads variables with formats and markup tags', () => {
    expect(placeholders('Hi {{name}}, {{ count, number }} <termsLink>terms</termsLink>')).toEqual([
      '<termsLink>',
      '{{count}}',
      '{{name}}',
    ]);
  });
});

describe('the Finnish catalogue in use', () => {
  it('writes file sizes with a decimal comma', async () => {
    const { initI18n } = await import('./i18n');
    const i18n = initI18n();
    await i18n.changeLanguage('fi');
    expect(i18n.t('cases.sizeMegabytes', { value: '1.5' })).toBe('1,5 Mt');
    expect(i18n.t('cases.fileCount', { count: 2 })).toBe('2 tiedostoa');
    await i18n.changeLanguage('en');
    expect(i18n.t('cases.sizeMegabytes', { value: '1.5' })).toBe('1.5 MB');
  });
});
