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
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/error-message';
import { SectionCard, useSectionCardText } from '../../../ui/SectionCard';
import { formatDate } from '../../../ui/format-date';
import { payOtherPartyShare, putAmountInDispute } from '../api/fee-quote';
import { formatEuros } from '../money';

const useStyles = makeStyles({
  form: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  amountField: { flexGrow: 1, maxWidth: '320px' },
  payment: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
});

export interface CasePaymentsCardProps {
  dispute: DisputeView;
  onChanged: () => Promise<void>;
}

/**
 * The case page's fees (docs/fees.md "Due points"): the amount in dispute (the claimant sets it until the claim
 * is first sent), and each payment a step waits for — to the side that owes it what, by when and how to pay
 * (by card on the provider's checkout, or by invoice); to the other side that it is awaited. Nothing at all
 * under the embedded default with no amount given.
 */
export function CasePaymentsCard({ dispute, onChanged }: CasePaymentsCardProps) {
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
      {amountEditable ? <AmountForm dispute={dispute} onChanged={onChanged} /> : null}
      {payments.map((payment) => (
        <PaymentLine key={payment.id} payment={payment} euros={euros} disputeId={dispute.id} onChanged={onChanged} />
      ))}
    </SectionCard>
  );
}

interface PaymentLineProps {
  payment: CasePaymentView;
  euros: (cents: number) => string;
  disputeId: string;
  onChanged: () => Promise<void>;
}

function PaymentLine({ payment, euros, disputeId, onChanged }: PaymentLineProps) {
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
          {payment.mayPayForOther ? (
            <PayForOther disputeId={disputeId} side={payment.payerSide} onChanged={onChanged} />
          ) : null}
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
        <span className={text.actions}>
          {payment.checkoutUrl ? <Link href={payment.checkoutUrl}>{t('fees.caseCard.payByCard')}</Link> : null}
          {payment.invoiceUrl ? (
            <Link href={payment.invoiceUrl} target="_blank" rel="noopener">
              {t('fees.caseCard.invoice')}
            </Link>
          ) : null}
        </span>
      </MessageBarBody>
    </MessageBar>
  );
}

/** The other party's unpaid share of the tribunal's advance, taken over to be paid by the caller's party. */
function PayForOther({
  disputeId,
  side,
  onChanged,
}: {
  disputeId: string;
  side: 'claimant' | 'respondent';
  onChanged: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const take = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      await payOtherPartyShare(disputeId, side);
      await onChanged();
    } catch (error) {
      setFailure(errorMessage(error, t('fees.caseCard.payForOtherFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span>
      <Button appearance="secondary" size="small" disabled={busy} onClick={() => void take()}>
        {busy ? t('fees.caseCard.payingForOther') : t(`fees.caseCard.payForOther.${side}`)}
      </Button>
      {failure ? <span role="alert"> {failure}</span> : null}
    </span>
  );
}

function AmountForm({ dispute, onChanged }: CasePaymentsCardProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ intent: 'success' | 'error'; text: string } | null>(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      await putAmountInDispute(dispute.id, value);
      setValue('');
      await onChanged();
      setMessage({ intent: 'success', text: t('fees.caseCard.amountSaved') });
    } catch (failure) {
      setMessage({ intent: 'error', text: errorMessage(failure, t('fees.caseCard.amountFailed')) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <form className={styles.form} onSubmit={(event) => void save(event)}>
        <Field
          className={styles.amountField}
          label={t('fees.caseCard.amountLabel')}
          hint={t('fees.caseCard.amountHint')}
        >
          <Input inputMode="decimal" value={value} onChange={(_, data) => setValue(data.value)} />
        </Field>
        <Button type="submit" disabled={busy || value.trim() === ''}>
          {busy ? t('fees.caseCard.savingAmount') : t('fees.caseCard.saveAmount')}
        </Button>
      </form>
      {message ? (
        <MessageBar intent={message.intent} role={message.intent === 'error' ? 'alert' : 'status'}>
          <MessageBarBody>{message.text}</MessageBarBody>
        </MessageBar>
      ) : null}
    </>
  );
}
