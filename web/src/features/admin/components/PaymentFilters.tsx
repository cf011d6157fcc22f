import { Button, Field, Input, Select, makeStyles, tokens } from '@fluentui/react-components';
import type { AdminPaymentsQuery } from '@ratkaisu/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  // Aligned at the top: the month's hint hangs below its input without lifting it above the others.
  form: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: tokens.spacingHorizontalM },
  field: { flex: '1 1 140px', maxWidth: '200px' },
  search: { flex: '2 1 220px', maxWidth: '360px' },
  // Level with the inputs, below the fields' labels (a Field's label takes 26 px with its padding).
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS, marginTop: '26px' },
});

type Status = NonNullable<AdminPaymentsQuery['status']>;
type Method = NonNullable<AdminPaymentsQuery['method']>;
const STATUSES: readonly Status[] = ['open', 'paid', 'expired'];
const METHODS: readonly Method[] = ['card', 'invoice'];

/**
 * The Payments tab's filters (docs/fees.md "What administrators see"): status, method, month and a case number
 * or payer to search for. Applied together by the button (the server filters, and the CSV follows); Clear shows
 * every payment again.
 */
export function PaymentFilters({ onApply }: { onApply: (query: AdminPaymentsQuery) => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [status, setStatus] = useState('');
  const [method, setMethod] = useState('');
  const [month, setMonth] = useState('');
  const [search, setSearch] = useState('');

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const query: AdminPaymentsQuery = {};
    if (status) query.status = status as Status;
    if (method) query.method = method as Method;
    if (month) query.month = month;
    if (search.trim()) query.q = search.trim();
    onApply(query);
  };
  const clear = () => {
    setStatus('');
    setMethod('');
    setMonth('');
    setSearch('');
    onApply({});
  };

  return (
    <form className={styles.form} onSubmit={apply} role="search" aria-label={t('payments.filters.label')}>
      <Field className={styles.field} label={t('payments.status')}>
        <Select value={status} onChange={(_, data) => setStatus(data.value)}>
          <option value="">{t('payments.filters.all')}</option>
          {STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`payments.statuses.${value}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field className={styles.field} label={t('payments.method')}>
        <Select value={method} onChange={(_, data) => setMethod(data.value)}>
          <option value="">{t('payments.filters.all')}</option>
          {METHODS.map((value) => (
            <option key={value} value={value}>
              {t(`payments.methods.${value}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field className={styles.field} label={t('payments.month')} hint={t('payments.filters.monthHint')}>
        <Input type="month" value={month} onChange={(_, data) => setMonth(data.value)} />
      </Field>
      <Field className={styles.search} label={t('payments.filters.search')}>
        <Input type="search" value={search} maxLength={100} onChange={(_, data) => setSearch(data.value)} />
      </Field>
      <span className={styles.buttons}>
        <Button type="submit" appearance="primary">
          {t('payments.filters.apply')}
        </Button>
        <Button type="button" onClick={clear}>
          {t('payments.filters.clear')}
        </Button>
      </span>
    </form>
  );
}
