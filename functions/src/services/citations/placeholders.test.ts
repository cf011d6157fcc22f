import { describe, expect, it } from 'vitest';
import { findPlaceholders } from './placeholders.js';

describe('findPlaceholders', () => {
  it('finds the placeholders a drafted claim leaves', () => {
    const text =
      'Kantaja: [täydennettävä]. Vastaaja: [TÄYDENNÄ]. Todiste: [lisää todisteen nimi]. ' +
      'Sopimus tehtiin XX.XX.20XX ja maksettiin X.X.2025, määrä XXX €. Allekirjoitus: ______ ' +
      '[tarkista päivämäärä] [...] [Vastaajan osoite täydennettävä] {{nimi}}';
    expect(findPlaceholders(text).map((placeholder) => placeholder.text)).toEqual([
      '[täydennettävä]',
      '[TÄYDENNÄ]',
      '[lisää todisteen nimi]',
      'XX.XX.20XX',
      'X.X.2025',
      'XXX €',
      '______',
      '[tarkista päivämäärä]',
      '[...]',
      '[Vastaajan osoite täydennettävä]',
      '{{nimi}}',
    ]);
  });

  it('leaves references, dates, sums, links and ordinary brackets alone', () => {
    const text =
      'Kauppahinta 12 500 € erääntyi 1.3.2025 [K1 s.3; K2 s.1–2]. Ks. [liite 2] ja [linkki](https://x.fi). ' +
      'Teräs Oy:n X-palkki, HEA 300, korkolain § 4:n mukaan. | Todiste | [K1 s.3] |\n- [ ] tehty\n- [x] tehty';
    expect(findPlaceholders(text)).toEqual([]);
  });
});
