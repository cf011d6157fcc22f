import { Body1, Caption1, makeStyles, TableCell, TableRow, tokens } from '@fluentui/react-components';
import type { BankStatementEntryView, BankStatementImportView } from '@ratkaisu/core';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../ui/DataTable';
import { formatEuros } from '../../../ui/format-euros';
import { useAdminTableStyles } from './admin-styles';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  heading: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  number: { textAlign: 'end', whiteSpace: 'nowrap' },
});

/** The groups of an import's answer, in the order a reader deals with them. */
const GROUPS = ['matched', 'partial', 'overpaid', 'credited', 'unknown', 'alreadyImported'] as const;
type Group = (typeof GROUPS)[number];

/**
 * What an import of a camt.054 statement did (docs/fees.md "Bank statements"): a summary, then a table per
 * group that has entries — each incoming payment's bank reference, the creditor reference quoted, who paid, the
 * amount in the screen's language, and what the group adds: what is still due (partly paid), the surplus to be
 * credited (overpaid), or why it was not matched (unknown).
 */
export function BankStatementResult({ result, fileName }: { result: BankStatementImportView; fileName: string }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const table = useAdminTableStyles();
  const euros = (cents: number) => formatEuros(cents, i18n.language);
  const empty = GROUPS.every((group) => result[group].length === 0);

  const extraColumn = (group: Group): string | null =>
    group === 'partial'
      ? t('payments.bankStatement.stillDue')
      : group === 'overpaid'
        ? t('payments.bankStatement.surplus')
        : group === 'unknown'
          ? t('payments.bankStatement.reason')
          : null;
  const extraCell = (group: Group, entry: BankStatementEntryView) => {
    if (group === 'unknown') {
      return <TableCell>{entry.reason ? t(`payments.bankStatement.reasons.${entry.reason}`) : '—'}</TableCell>;
    }
    return <TableCell className={styles.number}>{euros(entry.differenceCents ?? 0)}</TableCell>;
  };

  return (
    <section className={styles.root} data-testid="bank-statement-result" aria-live="polite">
      <Body1>
        {t('payments.bankStatement.summary', {
          file: fileName,
          matched: result.matched.length,
          partial: result.partial.length,
          overpaid: result.overpaid.length,
          credited: result.credited.length,
          unknown: result.unknown.length,
          alreadyImported: result.alreadyImported.length,
        })}
      </Body1>
      {result.skipped > 0 ? (
        <Caption1>{t('payments.bankStatement.skipped', { count: result.skipped })}</Caption1>
      ) : null}
      {empty ? <Body1>{t('payments.bankStatement.nothing')}</Body1> : null}
      {GROUPS.filter((group) => result[group].length > 0).map((group) => {
        const extra = extraColumn(group);
        const title = t(`payments.bankStatement.groups.${group}`);
        return (
          <div key={group} className={styles.group} data-testid={`statement-${group}`}>
            <h3 className={styles.heading}>{title}</h3>
            <Caption1 className={table.muted}>{t(`payments.bankStatement.groupHints.${group}`)}</Caption1>
            <DataTable
              className={table.table}
              aria-label={title}
              columns={[
                t('payments.bankStatement.bankRef'),
                t('payments.bankStatement.reference'),
                t('payments.bankStatement.debtor'),
                t('payments.bankStatement.amount'),
                ...(extra ? [extra] : []),
              ]}
            >
              {result[group].map((entry) => (
                <TableRow key={`${entry.bankRef}-${entry.paymentId ?? ''}`} data-testid="statement-row">
                  <TableCell className={table.wrap}>{entry.bankRef}</TableCell>
                  <TableCell className={table.wrap}>{entry.reference ?? '—'}</TableCell>
                  <TableCell className={table.wrap}>{entry.debtorName ?? '—'}</TableCell>
                  <TableCell className={styles.number}>{euros(entry.amountCents)}</TableCell>
                  {extra ? extraCell(group, entry) : null}
                </TableRow>
              ))}
            </DataTable>
          </div>
        );
      })}
    </section>
  );
}
