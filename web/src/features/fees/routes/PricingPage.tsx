import {
  Body1,
  Button,
  Caption1,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Spinner,
  Subtitle1,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { parseEuroAmount, type FeeLine, type FeeQuote } from '@ratkaisu/core';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../ui/PageHeading';
import { fetchFeeQuote } from '../api/fee-quote';
import { formatEuros, formatVatRate } from '../money';

/** Below this width the fee table reads as one block per fee. */
const NARROW = '@media (max-width: 600px)';

const useStyles = makeStyles({
  page: {
    maxWidth: '880px',
    width: '100%',
    margin: '0 auto',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: `0 ${tokens.spacingHorizontalM} ${tokens.spacingVerticalXXL}`,
  },
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
  },
  heading: { margin: 0 },
  text: { margin: 0 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, alignItems: 'flex-start' },
  amount: { width: '100%', maxWidth: '320px' },
  table: { width: '100%', borderCollapse: 'collapse', [NARROW]: { display: 'block' } },
  // On a phone each fee is a block of its own: its name, then price, VAT and total each on a labelled line.
  head: {
    [NARROW]: {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clipPath: 'inset(50%)',
      whiteSpace: 'nowrap',
    },
  },
  body: { [NARROW]: { display: 'block' } },
  row: {
    [NARROW]: { display: 'block', borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  },
  headerCell: {
    textAlign: 'left',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    fontWeight: tokens.fontWeightSemibold,
  },
  amountHeaderCell: { textAlign: 'right' },
  cell: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    verticalAlign: 'top',
    [NARROW]: { display: 'block', borderBottomStyle: 'none', padding: `${tokens.spacingVerticalXXS} 0` },
  },
  rowHeader: {
    textAlign: 'left',
    fontWeight: tokens.fontWeightRegular,
    [NARROW]: { paddingTop: tokens.spacingVerticalS },
  },
  amountCell: {
    textAlign: 'right',
    whiteSpace: 'nowrap',
    fontVariantNumeric: 'tabular-nums',
    [NARROW]: {
      display: 'flex',
      justifyContent: 'space-between',
      gap: tokens.spacingHorizontalM,
      '::before': { content: 'attr(data-label)', color: tokens.colorNeutralForeground2 },
    },
  },
  lastAmountCell: { [NARROW]: { paddingBottom: tokens.spacingVerticalS } },
  when: { display: 'block', color: tokens.colorNeutralForeground3, marginTop: tokens.spacingVerticalXXS },
});

const DEFAULT_AMOUNT = '25000';

/**
 * `/pricing` (public): the fee schedule applied to an amount in dispute, by the server's quote (docs/fees.md), so
 * the figures are the ones a payment will ask for. With no schedule set it says that nothing is charged.
 */
export default function PricingPage() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const language = i18n.language;
  const [amount, setAmount] = useState(DEFAULT_AMOUNT);
  const [tribunalSize, setTribunalSize] = useState<1 | 3>(1);
  const [amountError, setAmountError] = useState<string | undefined>();
  const [quote, setQuote] = useState<FeeQuote | undefined>();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const inFlight = useRef<AbortController | undefined>(undefined);

  const load = useCallback(async (typed: string, size: 1 | 3) => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setBusy(true);
    setFailed(false);
    try {
      setQuote(await fetchFeeQuote(typed, size, controller.signal));
    } catch {
      if (!controller.signal.aborted) setFailed(true);
    } finally {
      if (inFlight.current === controller) setBusy(false);
    }
  }, []);

  useEffect(() => {
    void load(DEFAULT_AMOUNT, 1);
    return () => inFlight.current?.abort();
  }, [load]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (parseEuroAmount(amount) === undefined) {
      setAmountError(t('fees.invalidAmount'));
      return;
    }
    setAmountError(undefined);
    void load(amount.trim(), tribunalSize);
  };

  const euros = (cents: number) => formatEuros(cents, language);
  const netLabel = t('fees.net');
  const vatLabel = quote ? t('fees.vat', { rate: formatVatRate(quote.vatRateBasisPoints, language) }) : '';
  const totalLabel = t('fees.total');
  const row = (label: string, when: string, line: FeeLine, testId: string) => (
    <tr data-testid={testId} className={styles.row}>
      <th scope="row" className={`${styles.cell} ${styles.rowHeader}`}>
        <Body1>{label}</Body1>
        <Caption1 className={styles.when}>{when}</Caption1>
      </th>
      <td className={`${styles.cell} ${styles.amountCell}`} data-label={netLabel}>
        {euros(line.netCents)}
      </td>
      <td className={`${styles.cell} ${styles.amountCell}`} data-label={vatLabel}>
        {euros(line.vatCents)}
      </td>
      <td className={`${styles.cell} ${styles.amountCell} ${styles.lastAmountCell}`} data-label={totalLabel}>
        {euros(line.grossCents)}
      </td>
    </tr>
  );

  return (
    <div className={styles.page} data-testid="pricing-page">
      <PageHeading subtitle={t('fees.intro')}>{t('fees.title')}</PageHeading>

      <section className={styles.section} aria-labelledby="pricing-form">
        <Subtitle1 as="h2" id="pricing-form" className={styles.heading}>
          {t('fees.formHeading')}
        </Subtitle1>
        <form className={styles.form} onSubmit={submit} noValidate>
          <Field
            className={styles.amount}
            label={t('fees.amountLabel')}
            hint={t('fees.amountHint')}
            validationMessage={amountError}
            validationState={amountError ? 'error' : 'none'}
          >
            <Input
              value={amount}
              inputMode="decimal"
              autoComplete="off"
              onChange={(_, data) => setAmount(data.value)}
              data-testid="pricing-amount"
            />
          </Field>
          <Field label={t('fees.tribunalSizeLabel')}>
            <RadioGroup
              value={String(tribunalSize)}
              onChange={(_, data) => setTribunalSize(data.value === '3' ? 3 : 1)}
            >
              <Radio value="1" label={t('fees.soleArbitrator')} />
              <Radio value="3" label={t('fees.threeArbitrators')} />
            </RadioGroup>
          </Field>
          <Button type="submit" appearance="primary" disabled={busy}>
            {busy ? t('fees.calculating') : t('fees.calculate')}
          </Button>
        </form>
      </section>

      {failed ? (
        <MessageBar intent="error">
          <MessageBarBody>{t('fees.loadFailed')}</MessageBarBody>
        </MessageBar>
      ) : null}

      {!quote && busy ? <Spinner size="small" label={t('fees.calculating')} /> : null}

      {quote && !quote.chargesFees ? (
        <MessageBar intent="info" data-testid="pricing-free">
          <MessageBarBody>{t('fees.noFees')}</MessageBarBody>
        </MessageBar>
      ) : null}

      {quote?.chargesFees ? (
        <section className={styles.section} aria-labelledby="pricing-result" aria-live="polite">
          <Subtitle1 as="h2" id="pricing-result" className={styles.heading}>
            {t('fees.resultHeading', { amount: euros(quote.amountInDisputeCents) })}
          </Subtitle1>
          <table className={styles.table} data-testid="pricing-table" aria-labelledby="pricing-result">
            <thead className={styles.head}>
              <tr>
                <th scope="col" className={styles.headerCell}>
                  {t('fees.fee')}
                </th>
                <th scope="col" className={`${styles.headerCell} ${styles.amountHeaderCell}`}>
                  {netLabel}
                </th>
                <th scope="col" className={`${styles.headerCell} ${styles.amountHeaderCell}`}>
                  {vatLabel}
                </th>
                <th scope="col" className={`${styles.headerCell} ${styles.amountHeaderCell}`}>
                  {totalLabel}
                </th>
              </tr>
            </thead>
            <tbody className={styles.body}>
              {row(t('fees.filingFee'), t('fees.filingFeeWhen'), quote.filingFee, 'pricing-filing')}
              {row(t('fees.aiDecisionFee'), t('fees.aiDecisionFeeWhen'), quote.aiDecisionFee, 'pricing-decision')}
              {row(
                t('fees.administrativeFee'),
                t('fees.administrativeFeeWhen'),
                quote.tribunal.administrativeFee,
                'pricing-administrative',
              )}
              {row(
                t('fees.advanceClaimant'),
                t('fees.advanceWhen', { days: quote.paymentPeriodDays ?? 0 }),
                quote.tribunal.advanceShares.claimant,
                'pricing-advance-claimant',
              )}
              {row(
                t('fees.advanceRespondent'),
                t('fees.advanceWhen', { days: quote.paymentPeriodDays ?? 0 }),
                quote.tribunal.advanceShares.respondent,
                'pricing-advance-respondent',
              )}
            </tbody>
          </table>
          <Body1 as="p" className={styles.text}>
            {t('fees.advanceTotal', { amount: euros(quote.tribunal.advanceTotalCents) })}
          </Body1>
          <Body1 as="p" className={styles.text}>
            {t('fees.reverseCharge')}
          </Body1>
          <Body1 as="p" className={styles.text}>
            {t('fees.nonRefundable')}
          </Body1>
        </section>
      ) : null}
    </div>
  );
}
