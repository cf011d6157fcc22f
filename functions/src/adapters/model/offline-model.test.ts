import { describe, expect, it } from 'vitest';
import { draft, OFFLINE_LABEL } from './offline-model.js';

describe('offline model draft', () => {
  it('without requested headings lists the key sentences under one section', () => {
    const text = draft([
      {
        role: 'user',
        content:
          'Laadi haastehakemus.\n\n[K1 s.2] Vastaaja on jättänyt maksamatta laskun 1234 määrältään 5 000 euroa. ' +
          'Lasku erääntyi 1.3.2024.',
      },
    ]);
    expect(text.startsWith(OFFLINE_LABEL)).toBe(true);
    expect(text).toContain('## Poimitut keskeiset kohdat / Extracted key points');
    expect(text).toContain('- Vastaaja on jättänyt maksamatta laskun 1234 määrältään 5 000 euroa. [K1 s.2]');
    expect(text).toContain('- Lasku erääntyi 1.3.2024. [K1 s.2]');
  });

  it('takes numbered items as headings and keeps inline references and abbreviations', () => {
    const text = draft([
      { role: 'system', content: 'Kirjoita seuraavat luvut:\n1. Tausta\n2. Vaatimukset' },
      {
        role: 'user',
        content:
          'Aineisto:\nKantaja vaatii vastaajalta mm. viivästyskorkoa korkolain 4 §:n mukaisesti [K2 s.5]. ' +
          'Sopimus tehtiin ns. puitesopimuksena vuonna 2021 [K2 s.1].',
      },
    ]);
    expect(text).toContain('## Tausta');
    expect(text).toContain('## Vaatimukset');
    expect(text).toContain('- Kantaja vaatii vastaajalta mm. viivästyskorkoa korkolain 4 §:n mukaisesti [K2 s.5].');
    expect(text).toContain('- Sopimus tehtiin ns. puitesopimuksena vuonna 2021 [K2 s.1].');
    expect(text.indexOf('## Tausta')).toBeLessThan(text.indexOf('## Vaatimukset'));
  });

  it('says so when there is nothing to extract', () => {
    const text = draft([{ role: 'user', content: 'Hei.' }]);
    expect(text.startsWith(OFFLINE_LABEL)).toBe(true);
    expect(text).toContain('No sentences could be extracted from the material.');
  });

  it('keeps long inputs bounded', () => {
    const page = (n: number) =>
      `[K1 s.${n}]\n` +
      Array.from({ length: 20 }, (_, i) => `Sivun ${n} lause ${i} kertoo sopimuksen ehdosta numero ${i}.`).join(' ');
    const text = draft([{ role: 'user', content: Array.from({ length: 50 }, (_, n) => page(n + 1)).join('\n\n') }]);
    expect(text.split('\n').filter((line) => line.startsWith('- ')).length).toBeLessThanOrEqual(40);
  });
});
