import { avoidedSynonyms, GLOSSARY, type GlossaryTerm } from '@ratkaisu/core';
import { describe, expect, it } from 'vitest';
import { fi } from './fi';
import { legalDocumentsFi } from './legal-documents-fi';

/**
 * One term per thing in Finnish (core/src/i18n/glossary.ts): no text of the Finnish catalogues or of the Finnish
 * legal documents names a thing by a synonym the glossary rules out (the claim is "kanne", never "haastehakemus"
 * or "vaatimuskirjelmä"), and upload and download keep their own verbs (lisätä / ladata).
 */

function flatten(value: unknown, prefix = '', into = new Map<string, string>()): Map<string, string> {
  if (typeof value === 'string') into.set(prefix, value);
  else if (typeof value === 'object' && value !== null)
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  return into;
}

const finnish = flatten(fi);
const terms = Object.keys(GLOSSARY).filter((term) => term !== 'upload' && term !== 'download') as GlossaryTerm[];

describe('the Finnish glossary in the catalogues', () => {
  it('names each thing with its one term: no ruled-out synonym in any Finnish text', () => {
    const found = [...finnish, ...flatten(legalDocumentsFi, 'legal')].flatMap(([key, text]) =>
      terms.flatMap((term) => avoidedSynonyms(text, term).map((stem) => `${key}: "${stem}…" for ${term}`)),
    );
    expect(found).toEqual([]);
  });

  it('calls the claim phase and the claim document "Kanne"', () => {
    expect(finnish.get('phases.Claim')).toBe('Kanne');
    expect(finnish.get('glossary.terms.claimApplication.term')).toBe('Kanne');
    expect(finnish.get('claimGenerator.title')).toMatch(/^Kanteen /);
  });

  it('uses "lisätä" for every upload text and "ladata" for every download text', () => {
    const upload = [...finnish].filter(
      ([key]) => /upload|dropZone/i.test(key) && !/download/i.test(key) && !key.startsWith('glossary.'),
    );
    const download = [...finnish].filter(
      ([key]) => /download|export(Json|Pdf)/i.test(key) && !key.startsWith('glossary.'),
    );
    expect(upload.length).toBeGreaterThan(8);
    expect(download.length).toBeGreaterThan(5);
    const wrongUpload = upload.filter(([, text]) => avoidedSynonyms(text, 'upload').length > 0);
    const wrongDownload = download.filter(
      ([, text]) => avoidedSynonyms(text, 'download').length > 0 || !/lata|lada/i.test(text),
    );
    expect(wrongUpload).toEqual([]);
    expect(wrongDownload).toEqual([]);
  });

  it('records the verb pair in the glossary page', () => {
    expect(finnish.get('glossary.terms.upload.term')).toBe('Lisää');
    expect(finnish.get('glossary.terms.download.term')).toBe('Lataa');
  });
});
