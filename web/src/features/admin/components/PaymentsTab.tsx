import {
  Body1,
  Button,
  Caption1,
  Card,
  makeStyles,
  mergeClasses,
  Spinner,
  Subtitle2,
  TableCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import {
  formatIsoDate,
  type AdminPaymentsOverview,
  type AdminPaymentsQuery,
  type AdminPaymentView,
  type TenantView,
} from '@ratkaisu/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/error-message';
import { DataTable } from '../../../ui/DataTable';
import { FormMessage } from '../../../ui/FormMessage';
import { formatDate } from '../../../ui/format-date';
import { formatEuros } from '../../../ui/format-euros';
import { saveBlob } from '../../../ui/save-blob';
import { downloadPaymentsCsv, getAdminPayments, type MarkPaidAnswer } from '../api/payments-api';
import { useAdminTableStyles } from './admin-styles';
import { BankStatementImport } from './BankStatementImport';
import { canMarkPaid, MarkPaidDialog } from './MarkPaidDialog';
import { PaymentFilters } from './PaymentFilters';
import { PromoCodesSection } from './PromoCodesSection';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, paddingTop: tokens.spacingVerticalM },
  section: { padding: tokens.spacingVerticalM, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  heading: { margin: 0 },
  header: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  grow: { flexGrow: 1 },
  muted: { color: tokens.colorNeutralForeground3 },
  number: { textAlign: 'end', whiteSpace: 'nowrap' },
});

/**
 * The Payments tab (docs/fees.md "What administrators see"): the payments with status, method, case, payer,
 * amount and VAT and receipt; the outstanding ones with their age; revenue and VAT by month for the VAT return;
 * the bookkeeping CSV; and for a SuperAdmin marking a payment paid with a reason, the import of a bank statement
 * and the promo codes. The server narrows a tenant administrator's view
 * to the tenant.
 */
export function PaymentsTab({ tenants, isSuperAdmin }: { tenants: TenantView[] | null; isSuperAdmin: boolean }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const table = useAdminTableStyles();
  const [query, setQuery] = useState<AdminPaymentsQuery>({});
  const [overview, setOverview] = useState<AdminPaymentsOverview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [marking, setMarking] = useState<AdminPaymentView | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const euros = (cents: number) => formatEuros(cents, i18n.language);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      setOverview(null);
      setError(null);
      try {
        setOverview(await getAdminPayments(query, signal));
      } catch (cause) {
        if (!signal?.aborted) setError(errorMessage(cause, t('payments.loadFailed')));
      }
    },
    [t, query],
  );
  /** After a payment changed: the same filters fetched again, the rows shown meanwhile kept. */
  const refresh = useCallback(async () => {
    try {
      setOverview(await getAdminPayments(query));
    } catch (cause) {
      setError(errorMessage(cause, t('payments.loadFailed')));
    }
  }, [t, query]);
  const markedPaid = (payment: AdminPaymentView, answer: MarkPaidAnswer) => {
    setMarking(null);
    const caseName = payment.caseNumber ?? payment.disputeId.slice(0, 8);
    setNotice(
      answer.receipt
        ? t('payments.markPaid.doneWithReceipt', { case: caseName, receipt: answer.receipt.number })
        : t('payments.markPaid.done', { case: caseName }),
    );
    void refresh();
  };
  const filtered = Object.values(query).some(Boolean);
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const exportCsv = async () => {
    setExporting(true);
    setError(null);
    try {
      saveBlob(await downloadPaymentsCsv(query), `payments-${formatIsoDate(new Date())}.csv`);
    } catch (cause) {
      setError(errorMessage(cause, t('payments.exportFailed')));
    } finally {
      setExporting(false);
    }
  };

  const caseCell = (payment: AdminPaymentView) => (
    <TableCell className={table.wrap}>{payment.caseNumber ?? payment.disputeId.slice(0, 8)}</TableCell>
  );
  const payerCell = (payment: AdminPaymentView) => (
    <TableCell className={table.wrap}>
      {payment.payer.name ?? payment.payer.userId.slice(0, 8)}
      {payment.payer.email ? (
        <Caption1 as="p" className={mergeClasses(styles.muted, table.block)}>
          {payment.payer.email}
        </Caption1>
      ) : null}
    </TableCell>
  );
  const amountCell = (payment: AdminPaymentView) => (
    <TableCell className={styles.number}>
      {t('payments.amountLine', { gross: euros(payment.grossCents), vat: euros(payment.vatCents) })}
      {payment.reverseCharge ? (
        <Caption1 as="p" className={mergeClasses(styles.muted, table.block)}>
          {t('payments.reverseCharge')}
        </Caption1>
      ) : null}
      {payment.promoCode ? (
        <Caption1 as="p" className={mergeClasses(styles.muted, table.block)}>
          {t('payments.promo', { code: payment.promoCode })}
        </Caption1>
      ) : null}
    </TableCell>
  );

  return (
    <div className={styles.root}>
      <FormMessage intent="error" message={error} />
      <FormMessage intent="success" message={notice} testId="payments-notice" />
      <Card className={styles.section}>
        <div className={styles.header}>
          <Subtitle2 as="h2" className={mergeClasses(styles.heading, styles.grow)}>
            {t('payments.paymentsTitle')}
          </Subtitle2>
          <Button onClick={() => void exportCsv()} disabled={exporting || overview === null}>
            {t('payments.exportCsv')}
          </Button>
        </div>
        <Caption1 className={styles.muted}>{t('payments.csvHint')}</Caption1>
        <PaymentFilters onApply={setQuery} />
        {overview === null ? (
          error ? null : (
            <Spinner label={t('admin.loading')} />
          )
        ) : overview.payments.length === 0 ? (
          <Body1>{filtered ? t('payments.noMatches') : t('payments.noPayments')}</Body1>
        ) : (
          <DataTable
            className={table.table}
            aria-label={t('payments.paymentsTitle')}
            columns={[
              t('payments.created'),
              t('payments.case'),
              t('payments.purposeColumn'),
              t('payments.payer'),
              t('payments.status'),
              t('payments.method'),
              t('payments.amount'),
              t('payments.receipt'),
              ...(isSuperAdmin ? [t('payments.markPaid.actions')] : []),
            ]}
          >
            {overview.payments.map((payment) => (
              <TableRow key={payment.id} data-testid="payment-row">
                <TableCell>{formatDate(payment.createdAt)}</TableCell>
                {caseCell(payment)}
                <TableCell>{t(`payments.purposes.${payment.purpose}`)}</TableCell>
                {payerCell(payment)}
                <TableCell>
                  {t(`payments.statuses.${payment.status}`)}
                  {payment.paidAt ? (
                    <Caption1 as="p" className={mergeClasses(styles.muted, table.block)}>
                      {formatDate(payment.paidAt)}
                    </Caption1>
                  ) : null}
                </TableCell>
                <TableCell>{payment.method ? t(`payments.methods.${payment.method}`) : '—'}</TableCell>
                {amountCell(payment)}
                <TableCell>{payment.receiptNumber ?? '—'}</TableCell>
                {isSuperAdmin ? (
                  <TableCell>
                    {canMarkPaid(payment) ? (
                      <Button
                        size="small"
                        aria-label={t('payments.markPaid.actionFor', {
                          case: payment.caseNumber ?? payment.disputeId.slice(0, 8),
                          purpose: t(`payments.purposes.${payment.purpose}`),
                        })}
                        onClick={() => {
                          setNotice(null);
                          setMarking(payment);
                        }}
                      >
                        {t('payments.markPaid.action')}
                      </Button>
                    ) : null}
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </DataTable>
        )}
      </Card>

      <Card className={styles.section}>
        <Subtitle2 as="h2" className={styles.heading}>
          {t('payments.outstandingTitle')}
        </Subtitle2>
        {overview && overview.outstanding.length === 0 ? <Body1>{t('payments.noOutstanding')}</Body1> : null}
        {overview && overview.outstanding.length > 0 ? (
          <DataTable
            className={table.table}
            aria-label={t('payments.outstandingTitle')}
            columns={[
              t('payments.age'),
              t('payments.case'),
              t('payments.purposeColumn'),
              t('payments.payer'),
              t('payments.amount'),
            ]}
          >
            {overview.outstanding.map((payment) => (
              <TableRow key={payment.id} data-testid="outstanding-row">
                <TableCell>{t('payments.ageDays', { count: payment.ageDays ?? 0 })}</TableCell>
                {caseCell(payment)}
                <TableCell>{t(`payments.purposes.${payment.purpose}`)}</TableCell>
                {payerCell(payment)}
                {amountCell(payment)}
              </TableRow>
            ))}
          </DataTable>
        ) : null}
      </Card>

      <Card className={styles.section}>
        <Subtitle2 as="h2" className={styles.heading}>
          {t('payments.monthlyTitle')}
        </Subtitle2>
        <Body1>{t('payments.monthlyIntro')}</Body1>
        {overview && overview.monthly.length === 0 ? <Body1>{t('payments.noMonthly')}</Body1> : null}
        {overview && overview.monthly.length > 0 ? (
          <DataTable
            className={table.table}
            aria-label={t('payments.monthlyTitle')}
            columns={[
              t('payments.month'),
              t('payments.count'),
              t('payments.net'),
              t('payments.vat'),
              t('payments.gross'),
              t('payments.reverseChargeNet'),
            ]}
          >
            {overview.monthly.map((row) => (
              <TableRow key={row.month} data-testid="monthly-row">
                <TableCell>{row.month}</TableCell>
                <TableCell className={styles.number}>{row.payments}</TableCell>
                <TableCell className={styles.number}>{euros(row.netCents)}</TableCell>
                <TableCell className={styles.number}>{euros(row.vatCents)}</TableCell>
                <TableCell className={styles.number}>{euros(row.grossCents)}</TableCell>
                <TableCell className={styles.number}>{euros(row.reverseChargeNetCents)}</TableCell>
              </TableRow>
            ))}
          </DataTable>
        ) : null}
      </Card>

      {isSuperAdmin ? (
        <BankStatementImport
          onImported={() => {
            setNotice(null);
            void refresh();
          }}
        />
      ) : null}
      {isSuperAdmin ? <PromoCodesSection tenants={tenants ?? []} /> : null}
      {isSuperAdmin ? <MarkPaidDialog payment={marking} onClose={() => setMarking(null)} onDone={markedPaid} /> : null}
    </div>
  );
}
