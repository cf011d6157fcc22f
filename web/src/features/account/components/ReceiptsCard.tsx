import { Body1, Button, Card, makeStyles, Spinner, Subtitle1, tokens } from '@fluentui/react-components';
import type { PaymentRecordView } from '@ratkaisu/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../ui/format-date';
import { FormMessage } from '../../../ui/FormMessage';
import { saveBlob } from '../../../ui/save-blob';
import { accountKeys } from '../api/query-keys';
import { downloadReceipt, fetchReceipts } from '../api/receipts';

const useStyles = makeStyles({
  card: { padding: tokens.spacingVerticalXL, gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  muted: { margin: 0, color: tokens.colorNeutralForeground2 },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  item: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    paddingBlock: tokens.spacingVerticalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  text: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  name: { fontWeight: tokens.fontWeightSemibold },
});

/** Cents as euros in the screen's language ("753,00 €" / "€753.00"); amounts stay integers of cents until here. */
function euros(cents: number, language: string): string {
  return new Intl.NumberFormat(language === 'fi' ? 'fi-FI' : 'en-IE', { style: 'currency', currency: 'EUR' }).format(
    cents / 100,
  );
}

/** The account's receipts and credit notes, each with its PDF (docs/fees.md "Receipts, credit notes and invoices"). */
export function ReceiptsCard() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const query = useQuery({ queryKey: accountKeys.receipts, queryFn: ({ signal }) => fetchReceipts(signal) });
  const records = query.data ?? null;
  const loadFailed = query.isError;
  const [downloadFailed, setDownloadFailed] = useState(false);

  const language = i18n.language;
  const nameOf = (record: PaymentRecordView) =>
    t(record.kind === 'receipt' ? 'receipts.receipt' : 'receipts.creditNote', { number: record.number });
  const download = async (record: PaymentRecordView) => {
    setDownloadFailed(false);
    try {
      saveBlob(await downloadReceipt(record.id), `${nameOf(record).replace(/\s+/g, '_')}.pdf`);
    } catch {
      setDownloadFailed(true);
    }
  };

  return (
    <Card className={styles.card} role="region" aria-labelledby="receipts-heading">
      <Subtitle1 as="h2" id="receipts-heading" className={styles.heading}>
        {t('receipts.heading')}
      </Subtitle1>
      <Body1 as="p" className={styles.muted}>
        {t('receipts.intro')}
      </Body1>
      <FormMessage
        intent="error"
        message={loadFailed ? t('receipts.loadFailed') : downloadFailed ? t('receipts.downloadFailed') : null}
      />
      {!records && !loadFailed && <Spinner size="small" labelPosition="after" label={t('receipts.loading')} />}
      {records?.length === 0 && (
        <Body1 as="p" className={styles.muted}>
          {t('receipts.empty')}
        </Body1>
      )}
      {records && records.length > 0 && (
        <ul className={styles.list}>
          {records.map((record) => {
            const sign = record.kind === 'creditNote' ? -1 : 1;
            return (
              <li key={record.id} className={styles.item}>
                <span className={styles.text}>
                  <span className={styles.name}>{nameOf(record)}</span>
                  <span>
                    {t('receipts.details', {
                      date: formatDate(record.issuedAt),
                      caseNumber: record.caseNumber,
                      amount: euros(sign * record.grossCents, language),
                      vat: euros(sign * record.vatCents, language),
                    })}
                  </span>
                </span>
                <Button
                  aria-label={t('receipts.downloadLabel', { name: nameOf(record) })}
                  onClick={() => void download(record)}
                >
                  {t('receipts.download')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
