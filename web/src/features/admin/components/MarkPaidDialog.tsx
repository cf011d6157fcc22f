import { Body1, Button, Field, makeStyles, Textarea, tokens } from '@fluentui/react-components';
import type { AdminPaymentView } from '@ratkaisu/core';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/error-message';
import { formatEuros } from '../../../ui/format-euros';
import { FormMessage } from '../../../ui/FormMessage';
import { Modal } from '../../../ui/Modal';
import { SubmitButton } from '../../../ui/SubmitButton';
import { markPaymentPaid, type MarkPaidAnswer } from '../api/payments-api';

/** The route's bounds of a reason, trimmed (functions' mark-payment-paid schema). */
const REASON_MIN = 5;
const REASON_MAX = 500;

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** Whether a payment may be marked paid: unpaid and not closed (money for a closed one would only be credited). */
export const canMarkPaid = (payment: AdminPaymentView): boolean => payment.status !== 'paid' && !payment.closedReason;

/**
 * A SuperAdmin records money that reached the seller another way (`POST /api/superadmin/payments/{id}/mark-paid`,
 * docs/fees.md "Bank statements"): the dialog names the payment and what is still due, asks the reason (5–500
 * characters, as the route requires), and shows a refusal by its reason. Done, it closes and `onDone` gets the
 * answer, so the list can fetch again and say so.
 */
export function MarkPaidDialog({
  payment,
  onClose,
  onDone,
}: {
  payment: AdminPaymentView | null;
  onClose: () => void;
  onDone: (payment: AdminPaymentView, answer: MarkPaidAnswer) => void;
}) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const formId = useId();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const mark = useMutation({
    mutationFn: (input: { payment: AdminPaymentView; reason: string }) =>
      markPaymentPaid(input.payment.id, input.reason),
    onSuccess: (answer, input) => {
      setReason('');
      onDone(input.payment, answer);
    },
  });

  const close = () => {
    if (mark.isPending) return;
    setReason('');
    setReasonError(null);
    mark.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!payment) return;
    const trimmed = reason.trim();
    const invalid =
      trimmed.length < REASON_MIN
        ? t('payments.markPaid.reasonTooShort')
        : trimmed.length > REASON_MAX
          ? t('payments.markPaid.reasonTooLong')
          : null;
    setReasonError(invalid);
    if (invalid === null) mark.mutate({ payment, reason: trimmed });
  };

  const caseName = payment ? (payment.caseNumber ?? payment.disputeId.slice(0, 8)) : '';
  return (
    <Modal
      open={payment !== null}
      onClose={close}
      title={t('payments.markPaid.title')}
      actions={
        <>
          <SubmitButton busy={mark.isPending} form={formId}>
            {t('payments.markPaid.confirm')}
          </SubmitButton>
          <Button onClick={close} disabled={mark.isPending}>
            {t('payments.markPaid.cancel')}
          </Button>
        </>
      }
    >
      {payment ? (
        <form id={formId} className={styles.form} onSubmit={submit} noValidate>
          <FormMessage
            intent="error"
            message={mark.error ? errorMessage(mark.error, t('payments.markPaid.failed')) : null}
          />
          <Body1>{t('payments.markPaid.intro')}</Body1>
          <Body1 as="p" data-testid="mark-paid-summary">
            {t('payments.markPaid.summary', {
              purpose: t(`payments.purposes.${payment.purpose}`),
              case: caseName,
              payer: payment.payer.name ?? payment.payer.email ?? payment.payer.userId.slice(0, 8),
              due: formatEuros(payment.grossCents - payment.receivedCents, i18n.language),
            })}
          </Body1>
          <Field
            label={t('payments.markPaid.reason')}
            hint={t('payments.markPaid.reasonHint')}
            required
            validationState={reasonError ? 'error' : 'none'}
            validationMessage={reasonError ?? undefined}
          >
            <Textarea
              value={reason}
              maxLength={REASON_MAX}
              resize="vertical"
              onChange={(_, data) => {
                setReason(data.value);
                if (reasonError) setReasonError(null);
              }}
            />
          </Field>
        </form>
      ) : null}
    </Modal>
  );
}
