import {
  Body1,
  Button,
  Field,
  Input,
  Link,
  MessageBar,
  MessageBarBody,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { CasePaymentView, DisputeView } from '@ratkaisu/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/error-message';
import { SectionCard, useSectionCardText } from '../../../ui/SectionCard';
import { formatDate } from '../../../ui/format-date';
import { saveBlob } from '../../../ui/save-blob';
import { useRefreshCase } from '../../../ui/use-refresh-case';
import { downloadInvoice, payOtherPartyShare, putAmountInDispute } from '../api/fee-quote';
import { formatEuros } from '../money';
import { PromoCodeForm } from './PromoCodeForm';

const useStyles = makeStyles({
  form: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  amountField: { flexGrow: 1, maxWidth: '320px' },
  payment: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
});

export interface CasePaymentsCardProps {
  dispute: DisputeView;
}

/**
 * The case page's fees (docs/fees.md "Due points"): the amount in dispute (the claimant sets it until the claim
 * is first sent), and each payment a step waits for — to the side that owes it what, by when and how to pay
 * (by card on the provider's checkout, or by invoice), with a field for a promo code while nothing is paid; to
 * the other side that it is awaited. Nothing at all under the embedded default with no amount given. The card
 * reads the case from the page's query; each action is a mutation that fetches the case's queries again.
 */
export function CasePaymentsCard({ dispute }: CasePaymentsCardProps) {
  const { t, i18n } = useTranslation();
  const text = useSectionCardText();
  const payments = dispute.payments ?? [];
  const filingPriced = payments.some((payment) => payment.purpose === 'filingFee');
  const editable = dispute.chargesFees === true && dispute.side === 'claimant' && dispute.status === 'Pending';
  const amountEditable = editable && !filingPriced;
  if (!dispute.chargesFees && payments.length === 0) return null;
  const euros = (cents: number) => formatEuros(cents, i18n.language);

  return (
    <SectionCard heading={t('fees.caseCard.heading')} region data-testid="case-payments">
      {dispute.amountInDisputeCents !== undefined ? (
        <Body1 as="p" className={text.text}>
          {t('fees.caseCard.amountInDispute', { amount: euros(dispute.amountInDisputeCents) })}
        </Body1>
      ) : editable ? (
        <Body1 as="p" className={text.text}>
          {t('fees.caseCard.noAmount')}
        </Body1>
      ) : null}
      {amountEditable ? <AmountForm dispute={dispute} /> : null}
      {payments.map((payment) => (
        <PaymentLine key={payment.id} payment={payment} euros={euros} dispute={dispute} />
      ))}
    </SectionCard>
  );
}

interface PaymentLineProps {
  payment: CasePaymentView;
  euros: (cents: number) => string;
  dispute: DisputeView;
}

function PaymentLine({ payment, euros, dispute }: PaymentLineProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const text = useSectionCardText();
  const fee = t(`fees.purpose.${payment.purpose}`);
  const date = formatDate(payment.dueBy);
  if (payment.status === 'paid') {
    return (
      <MessageBar intent="success" data-testid="case-payment-paid">
        <MessageBarBody>{t('fees.caseCard.paid', { fee })}</MessageBarBody>
      </MessageBar>
    );
  }
  if (!payment.yours) {
    // Whoever pays it: the side that owes it, or the other side that took it over.
    const payingSide = payment.paidBySide ?? payment.payerSide;
    return (
      <MessageBar intent="info" layout="multiline" data-testid="case-payment-awaited">
        <MessageBarBody className={styles.payment}>
          <span>{t(`fees.caseCard.awaited.${payingSide}`, { fee, date })}</span>
          {payment.mayPayForOther ? <PayForOther disputeId={dispute.id} side={payment.payerSide} /> : null}
        </MessageBarBody>
      </MessageBar>
    );
  }
  return (
    <MessageBar intent="warning" layout="multiline" data-testid="case-payment-due">
      <MessageBarBody className={styles.payment}>
        <span>
          {t('fees.caseCard.due', { fee, amount: euros(payment.amountCents), vat: euros(payment.vatCents), date })}{' '}
          {t(`fees.caseCard.dueWhy.${payment.purpose}`)}
          {payment.paidBySide ? <> {t(`fees.caseCard.payingFor.${payment.payerSide}`)}</> : null}
        </span>
        {payment.promoCode ? (
          <span data-testid="case-payment-promo">
            {t('fees.caseCard.promoApplied', {
              code: payment.promoCode.code,
              discount: euros(payment.promoCode.discountCents),
              net: euros(payment.netCents),
            })}
          </span>
        ) : null}
        <span className={text.actions}>
          {payment.checkoutUrl ? <Link href={payment.checkoutUrl}>{t('fees.caseCard.payByCard')}</Link> : null}
          {payment.invoiceUrl ? <InvoiceLink dispute={dispute} invoiceUrl={payment.invoiceUrl} /> : null}
        </span>
        {payment.mayEnterPromoCode ? <PromoCodeForm disputeId={dispute.id} paymentId={payment.id} /> : null}
      </MessageBarBody>
    </MessageBar>
  );
}

/**
 * The invoice: a link to its address, but the click downloads it through the API client, since the API takes
 * the session's bearer token in a header, which a plain navigation would not send.
 */
function InvoiceLink({ dispute, invoiceUrl }: { dispute: DisputeView; invoiceUrl: string }) {
  const { t } = useTranslation();
  const download = useMutation({ mutationFn: () => downloadInvoice(invoiceUrl) });
  const open = (event: MouseEvent) => {
    event.preventDefault();
    if (download.isPending) return;
    download.mutate(undefined, {
      onSuccess: (blob) =>
        saveBlob(blob, `${t('fees.caseCard.invoiceFileName')}-${dispute.caseNumber ?? dispute.id.slice(0, 8)}.pdf`),
    });
  };
  return (
    <>
      <Link href={invoiceUrl} onClick={open} aria-busy={download.isPending || undefined}>
        {t('fees.caseCard.invoice')}
      </Link>
      {download.error ? (
        <span role="alert">{errorMessage(download.error, t('fees.caseCard.invoiceFailed'))}</span>
      ) : null}
    </>
  );
}

/** The other party's unpaid share of the tribunal's advance, taken over to be paid by the caller's party. */
function PayForOther({ disputeId, side }: { disputeId: string; side: 'claimant' | 'respondent' }) {
  const { t } = useTranslation();
  const refreshCase = useRefreshCase(disputeId);
  const take = useMutation({ mutationFn: () => payOtherPartyShare(disputeId, side), onSuccess: () => refreshCase() });
  return (
    <span>
      <Button appearance="secondary" size="small" disabled={take.isPending} onClick={() => take.mutate()}>
        {take.isPending ? t('fees.caseCard.payingForOther') : t(`fees.caseCard.payForOther.${side}`)}
      </Button>
      {take.error ? <span role="alert"> {errorMessage(take.error, t('fees.caseCard.payForOtherFailed'))}</span> : null}
    </span>
  );
}

function AmountForm({ dispute }: { dispute: DisputeView }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const refreshCase = useRefreshCase(dispute.id);
  const [value, setValue] = useState('');
  const save = useMutation({
    mutationFn: (amount: string) => putAmountInDispute(dispute.id, amount),
    onSuccess: async () => {
      setValue('');
      await refreshCase();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(value);
  };

  return (
    <>
      <form className={styles.form} onSubmit={submit}>
        <Field
          className={styles.amountField}
          label={t('fees.caseCard.amountLabel')}
          hint={t('fees.caseCard.amountHint')}
        >
          <Input inputMode="decimal" value={value} onChange={(_, data) => setValue(data.value)} />
        </Field>
        <Button type="submit" disabled={save.isPending || value.trim() === ''}>
          {save.isPending ? t('fees.caseCard.savingAmount') : t('fees.caseCard.saveAmount')}
        </Button>
      </form>
      {save.isSuccess ? (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{t('fees.caseCard.amountSaved')}</MessageBarBody>
        </MessageBar>
      ) : null}
      {save.error ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{errorMessage(save.error, t('fees.caseCard.amountFailed'))}</MessageBarBody>
        </MessageBar>
      ) : null}
    </>
  );
}
