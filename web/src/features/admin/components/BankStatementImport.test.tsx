import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { BankStatementImportView } from '@ratkaisu/core';
import { describe, expect, it, vi, type Mock } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { jsonResponse, mockApi } from '../../../test/mock-api';
import { useScreenTestFrame, withQueries } from '../../../test/render-app';
import { BANK_STATEMENT_MAX_BYTES, BankStatementImport } from './BankStatementImport';

/** The SuperAdmin's import of a camt.054 statement (docs/fees.md "Bank statements") against fixture answers. */

const ROUTE = 'POST /api/superadmin/payments/bank-statement';
const XML = '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"/>';

const answer: BankStatementImportView = {
  matched: [
    {
      bankRef: 'BANK-1',
      amountCents: 75_300,
      reference: 'RF18539007547034',
      debtorName: 'Acme Oy',
      paymentId: 'pay-1',
    },
  ],
  partial: [
    { bankRef: 'BANK-2', amountCents: 50_000, reference: 'RF34 1234 561', paymentId: 'pay-2', differenceCents: 25_300 },
  ],
  overpaid: [
    { bankRef: 'BANK-3', amountCents: 100_000, reference: '1232', paymentId: 'pay-3', differenceCents: 24_700 },
  ],
  credited: [{ bankRef: 'BANK-4', amountCents: 12_550, reference: '1245', paymentId: 'pay-4' }],
  unknown: [
    { bankRef: 'BANK-5', amountCents: 1_000, debtorName: 'Tuntematon', reason: 'no_reference' },
    { bankRef: 'BANK-6', amountCents: 123_456, reference: '9999', reason: 'unknown_reference' },
  ],
  alreadyImported: [{ bankRef: 'BANK-7', amountCents: 2_000, reference: '1258', paymentId: 'pay-7' }],
  skipped: 2,
};

useScreenTestFrame();

async function renderImport(language: 'en' | 'fi' = 'en') {
  await initI18n().changeLanguage(language);
  const onImported = vi.fn();
  render(
    withQueries(
      <FluentProvider theme={webLightTheme}>
        <BankStatementImport onImported={onImported} />
      </FluentProvider>,
    ),
  );
  return { onImported };
}

const choose = (label: RegExp, file: File) =>
  fireEvent.change(screen.getByLabelText(label), { target: { files: [file] } });

/** The body and Content-Type of each call to the import route, as fetch received them. */
function sentStatements(): { body: Blob; contentType: string | null }[] {
  return (globalThis.fetch as Mock).mock.calls
    .filter(([input]) => String(input).endsWith('/api/superadmin/payments/bank-statement'))
    .map(([, init]) => {
      const request = new Request('http://localhost/', { method: 'POST', body: (init as RequestInit).body });
      return { body: (init as RequestInit).body as Blob, contentType: request.headers.get('Content-Type') };
    });
}

const cellsOf = (group: string) =>
  within(screen.getByTestId(`statement-${group}`))
    .getAllByTestId('statement-row')
    .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));

describe('Import a bank statement', () => {
  it('sends the chosen file as XML and shows each group with its amounts; the list is told to fetch again', async () => {
    mockApi({ [ROUTE]: () => jsonResponse(answer) });
    const { onImported } = await renderImport();
    choose(/^Statement file/, new File([XML], 'statement-2026-03.xml', { type: '' }));
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));

    await screen.findByTestId('bank-statement-result');
    const [sent] = sentStatements();
    expect(sentStatements()).toHaveLength(1);
    expect(sent!.contentType).toBe('application/xml');
    expect(await sent!.body.text()).toBe(XML);
    expect(onImported).toHaveBeenCalledTimes(1);

    expect(
      screen.getByText(
        /^Imported statement-2026-03\.xml: 1 paid, 1 partly paid, 1 overpaid, 1 credited, 2 unknown, 1 imported before\.$/,
      ),
    ).toBeTruthy();
    expect(screen.getByText('2 entries skipped (debits, reversals or not yet booked).')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Paid in full' })).toBeTruthy();
    expect(cellsOf('matched')).toEqual([['BANK-1', 'RF18539007547034', 'Acme Oy', '€753.00']]);
    expect(cellsOf('partial')).toEqual([['BANK-2', 'RF34 1234 561', '—', '€500.00', '€253.00']]);
    expect(cellsOf('overpaid')).toEqual([['BANK-3', '1232', '—', '€1,000.00', '€247.00']]);
    expect(cellsOf('credited')).toEqual([['BANK-4', '1245', '—', '€125.50']]);
    expect(cellsOf('unknown')).toEqual([
      ['BANK-5', '—', 'Tuntematon', '€10.00', 'No reference'],
      ['BANK-6', '9999', '—', '€1,234.56', 'No invoice has this reference'],
    ]);
    expect(cellsOf('alreadyImported')).toEqual([['BANK-7', '1258', '—', '€20.00']]);
    expect(
      within(screen.getByTestId('statement-partial')).getByRole('columnheader', { name: 'Still due' }),
    ).toBeTruthy();
    expect(
      within(screen.getByTestId('statement-overpaid')).getByRole('columnheader', { name: 'Surplus' }),
    ).toBeTruthy();
  });

  it('shows the result in Finnish with Finnish amounts', async () => {
    mockApi({ [ROUTE]: () => jsonResponse({ ...answer, skipped: 1 }) });
    await renderImport('fi');
    choose(/^Tiliotetiedosto/, new File([XML], 'tiliote.xml', { type: 'text/xml' }));
    fireEvent.click(screen.getByRole('button', { name: 'Tuo' }));
    await screen.findByTestId('bank-statement-result');
    expect(screen.getByText(/^Tuotu tiliote\.xml: 1 maksettu, 1 osittain maksettu/)).toBeTruthy();
    expect(screen.getByText('1 tapahtuma ohitettiin (veloitus, peruutus tai kirjaamaton).')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Osittain maksettu' })).toBeTruthy();
    // Finnish amounts: a decimal comma, a no-break space before € and between thousands.
    expect(cellsOf('partial')).toEqual([['BANK-2', 'RF34 1234 561', '—', '500,00\u00a0€', '253,00\u00a0€']]);
    expect(cellsOf('unknown')[1]).toEqual([
      'BANK-6',
      '9999',
      '—',
      '1\u00a0234,56\u00a0€',
      'Millään laskulla ei ole tätä viitettä',
    ]);
  });

  it('refuses a file that is not .xml, an empty one or one over the limit before sending anything', async () => {
    mockApi({ [ROUTE]: () => jsonResponse(answer) });
    await renderImport();
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Choose a camt.054 statement file first.')).toBeTruthy();
    choose(/^Statement file/, new File(['%PDF-1.7'], 'statement.pdf', { type: 'application/pdf' }));
    expect(
      await screen.findByText('statement.pdf is not an XML file. Choose the camt.054 statement (.xml).'),
    ).toBeTruthy();
    choose(/^Statement file/, new File([], 'empty.xml'));
    expect(await screen.findByText('empty.xml is empty.')).toBeTruthy();
    choose(/^Statement file/, new File([new Uint8Array(BANK_STATEMENT_MAX_BYTES + 200_000)], 'huge.xml'));
    expect(await screen.findByText('huge.xml is 1.2 MB; a statement may be at most 1 MB.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(sentStatements()).toHaveLength(0);
  });

  it('shows a refusal by its reason, in Finnish, and tells the list nothing', async () => {
    mockApi({
      [ROUTE]: () =>
        jsonResponse(
          {
            code: 'validation_failed',
            reason: 'fees.statementNotCamt054',
            params: {},
            message: 'The bank statement is not a camt.054 notification this service can read.',
            fields: { statement: 'not camt.054' },
          },
          400,
        ),
    });
    const { onImported } = await renderImport('fi');
    choose(/^Tiliotetiedosto/, new File(['<Document/>'], 'camt053.xml'));
    fireEvent.click(screen.getByRole('button', { name: 'Tuo' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Tiliote ei ole camt.054-muotoinen ilmoitus, jonka palvelu osaa lukea.');
    await waitFor(() => expect(sentStatements()).toHaveLength(1));
    expect(onImported).not.toHaveBeenCalled();
    expect(screen.queryByTestId('bank-statement-result')).toBeNull();
  });
});
