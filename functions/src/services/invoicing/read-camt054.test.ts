import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../errors.js';
import { readCamt054 } from './read-camt054.js';

const sample = readFileSync(new URL('../../../../docs/fees/camt054.example.xml', import.meta.url), 'utf8');

describe('readCamt054', () => {
  it('reads each booked credit of a Finnish bank’s notification with its reference, and skips the rest', () => {
    const statement = readCamt054(sample);
    expect(statement.credits).toEqual([
      {
        bankRef: '261127AAAA000123-1',
        amountCents: 75300,
        currency: 'EUR',
        reference: 'RF42 1000 0016',
        bookedOn: '2026-11-27',
        debtorName: 'ESIMERKKI OSAKEYHTIO',
      },
      {
        bankRef: '261127AAAA000123-2',
        amountCents: 37260,
        currency: 'EUR',
        reference: '00000000000010000029',
        bookedOn: '2026-11-27',
        debtorName: 'TOINEN YRITYS OY',
      },
      // A payment without a structured reference is still read: the import lists it as unknown.
      {
        bankRef: '261127BBBB000777/1',
        amountCents: 5000,
        currency: 'EUR',
        bookedOn: '2026-11-27',
        debtorName: 'MATTI MEIKALAINEN',
      },
    ]);
    // The bank's own fee (a debit) and a pending credit are no incoming payments.
    expect(statement.skipped).toBe(2);
  });

  it('reads the status of camt.054.001.08 and an amount given only on a one-transaction entry', () => {
    const xml = `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><BkToCstmrDbtCdtNtfctn><Ntfctn>
      <Ntry><Amt Ccy="EUR">10.5</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><AcctSvcrRef>X1</AcctSvcrRef>
        <NtryDtls><TxDtls><RmtInf><Strd><CdtrRefInf><Ref>10000016</Ref></CdtrRefInf></Strd></RmtInf></TxDtls></NtryDtls></Ntry>
      <Ntry><Amt Ccy="EUR">10.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><RvslInd>true</RvslInd><Sts><Cd>BOOK</Cd></Sts><AcctSvcrRef>X2</AcctSvcrRef></Ntry>
    </Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`;
    expect(readCamt054(xml)).toEqual({
      credits: [{ bankRef: 'X1/1', amountCents: 1050, currency: 'EUR', reference: '10000016' }],
      skipped: 1,
    });
  });

  it('refuses what it cannot read, naming why', () => {
    const cases: [string, RegExp][] = [
      ['<Document><BkToCstmrDbtCdtNtfctn>', /not well formed/],
      ['<Document><BkToCstmrStmt/></Document>', /no BkToCstmrDbtCdtNtfctn/],
      [sample.replace('<Amt Ccy="EUR">753.00</Amt>', '<Amt Ccy="EUR">753.001</Amt>'), /753\.001/],
      [sample.replace('<AcctSvcrRef>261127BBBB000777</AcctSvcrRef>', ''), /entry 2 has no AcctSvcrRef/],
    ];
    for (const [xml, why] of cases) {
      let error: unknown;
      try {
        readCamt054(xml);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).fields?.statement).toMatch(why);
    }
  });
});
