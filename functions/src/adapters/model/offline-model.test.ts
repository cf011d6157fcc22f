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

  it('cites a page read by OCR ([K3 s.2, OCR] in the case file) as any other page, and skips its poor-read note', () => {
    const text = draft([
      {
        role: 'user',
        content:
          'Laadi haastehakemus.\n\n[K3 s.1]\nKauppasopimus tehtiin 2.1.2026 Helsingissä.\n\n[K3 s.2, OCR]\n' +
          '[Tekstintunnistus (OCR) luki sivun heikosti (luotettavuus 52 %); tarkista alkuperäisestä.]\n' +
          'Kauppahinta on 12 500,00 € ja se maksetaan kahdessa erässä.',
      },
    ]);
    expect(text).toContain('- Kauppahinta on 12 500,00 € ja se maksetaan kahdessa erässä. [K3 s.2]');
    expect(text).not.toContain('OCR');
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

  it('answers one requested section with its body alone, and never quotes the request after the material', () => {
    const text = draft([
      { role: 'system', content: 'Olet välimies.' },
      {
        role: 'user',
        content:
          '<asiakirja tunnus="A1" tiedosto="a.pdf" sivuja="1">\n[A1 s.1]\nOstaja vaatii 372 euroa sopimussakkoa.',
      },
      {
        role: 'user',
        content: 'Kirjoita luku 2:\n\n## 2. Vaatimukset\n\nKirjoita luku "Vaatimukset ja niiden perusteet" tarkasti.',
      },
    ]);
    expect(text).not.toContain(OFFLINE_LABEL);
    expect(text).not.toContain('## ');
    expect(text).toContain('372 euroa');
    expect(text).not.toContain('Kirjoita luku');
    expect(text).not.toContain('tarkasti');
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

describe('offline model draft of a claim application', () => {
  const system = [
    'Laadi kanne. Käytä näitä otsikoita:',
    '# KANNE',
    '## 1. Asianosaiset',
    'Kantajan ja vastaajan tiedot.',
    '## 2. Asia',
    '## 3. Vaatimukset',
    '## 4. Perusteet',
    '## 5. Oikeudelliset perusteet',
    '## 6. Todisteet',
    '## 7. Pyydetty ratkaisu',
  ].join('\n');
  const user = [
    'Asian tiedot:',
    '- Asian nimi: Teräspalkkien viivästys',
    '- Kantaja: Rakennus Oy',
    '- Vastaaja: Teräs Oy',
    '',
    '<asiakirja tunnus="K1" tiedosto="Kauppasopimus.pdf" sivuja="2">',
    '[K1 s.1]',
    'KAUPPASOPIMUS',
    '',
    'Myyjä: Teräs Oy (Y-tunnus 8765432-1), Tehdaskatu 5, Tampere',
    '',
    '2. Toimitusaika',
    'Palkit toimitetaan viimeistään 1.3.2026. Kauppahinta on 12 400 euroa.',
    '',
    '[K1 s.2]',
    'Sopimukseen sovelletaan kauppalakia (355/1987) ja oikeustoimilain 36 §:ää.',
    'Helsingissä 15. tammikuuta 2026',
    '</asiakirja>',
    '',
    '<asiakirja tunnus="K2" tiedosto="Reklamaatio.pdf" sivuja="2">',
    '[K2 s.1]',
    'Palkit saapuivat 12. huhtikuuta 2026. Ostajalle aiheutui lisäkustannuksia 3 000 €.',
    'Ostaja vaatii sopimussakkoa 372 euroa ja vahingonkorvausta KSL 5:2 mukaisesti.',
    '',
    '[K2 s.2]',
    '[Sivulla ei ole koneellisesti luettavaa tekstiä; se on todennäköisesti skannattu kuva.]',
    '</asiakirja>',
  ].join('\n');
  const text = draft([
    { role: 'system', content: system },
    { role: 'user', content: user },
  ]);
  const section = (heading: string) => {
    const start = text.indexOf(`## ${heading}\n`);
    expect(start, heading).toBeGreaterThan(-1);
    const end = text.indexOf('\n## ', start + 1);
    return text.slice(start, end < 0 ? undefined : end);
  };

  it('is labelled, titled and names the case', () => {
    expect(text.startsWith(OFFLINE_LABEL)).toBe(true);
    expect(text).toContain('\n\n# KANNE\n\n**Asia:** Teräspalkkien viivästys\n\n## 1. Asianosaiset');
    expect(text).not.toContain('## KANNE');
  });

  it('lists the parties from the request and the companies of the material', () => {
    const parties = section('1. Asianosaiset');
    expect(parties).toContain('- Kantaja: Rakennus Oy\n- Vastaaja: Teräs Oy');
    expect(parties).toContain('- Teräs Oy (Y-tunnus 8765432-1) [K1 s.1]');
  });

  it('puts the amounts under the demands, each with its sentence and page', () => {
    const demands = section('3. Vaatimukset');
    expect(demands).toContain('- **12 400 euroa**: Kauppahinta on 12 400 euroa. [K1 s.1]');
    expect(demands).toContain('- **3 000 €**: Ostajalle aiheutui lisäkustannuksia 3 000 €. [K2 s.1]');
    expect(demands).toContain('- **372 euroa**: Ostaja vaatii sopimussakkoa 372 euroa');
  });

  it('lays the dates out as a timeline under the grounds', () => {
    const grounds = section('4. Perusteet');
    const order = ['**15.1.2026** (15. tammikuuta 2026)', '**1.3.2026**', '**12.4.2026** (12. huhtikuuta 2026)'];
    const positions = order.map((item) => grounds.indexOf(item));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(grounds).toContain('Palkit toimitetaan viimeistään 1.3.2026. [K1 s.1]');
  });

  it('lists the statutes under the legal grounds', () => {
    const legal = section('5. Oikeudelliset perusteet');
    expect(legal).toContain('- **kauppalakia (355/1987)**: ');
    expect(legal).toContain('- **oikeustoimilain 36 §**: ');
    expect(legal).toContain('- **KSL 5:2**: Ostaja vaatii');
  });

  it('lists every document as evidence with its title and the pages the draft cites', () => {
    expect(section('6. Todisteet')).toContain(
      '- **K1** – Kauppasopimus.pdf, 2 sivua: KAUPPASOPIMUS. Luonnoksessa viitatut sivut: [K1 s.1], [K1 s.2].\n' +
        '- **K2** – Reklamaatio.pdf, 2 sivua. Luonnoksessa viitatut sivut: [K2 s.1].',
    );
  });

  it('gathers what a party asks for under the relief sought, and quotes no editorial note', () => {
    expect(section('7. Pyydetty ratkaisu')).toContain(
      '- Ostaja vaatii sopimussakkoa 372 euroa ja vahingonkorvausta KSL 5:2 mukaisesti. [K2 s.1]',
    );
    expect(text).not.toContain('Sivulla ei ole');
    expect(text).not.toContain('2. Toimitusaika');
  });
});
