import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/error-message';
import { useRefreshCase } from '../../../ui/use-refresh-case';
import { enterPromoCode } from '../api/fee-quote';

const useStyles = makeStyles({
  form: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: tokens.spacingHorizontalM },
  field: { flex: '1 1 200px', maxWidth: '320px' },
  // Level with the input, below the field's label (26 px with its padding), whether or not a refusal shows under it.
  button: { marginTop: '26px' },
});

/**
 * A promo code for an open payment with nothing received (`POST /api/payments/{id}/promo-code`). Applied, the
 * case is fetched again and the payment shows its new amounts and the discount; refused, the field says why in
 * the user's language by the refusal catalogue's reason the server names (`promoCodes.*`, docs/fees.md "Promo
 * codes").
 */
export function PromoCodeForm({ disputeId, paymentId }: { disputeId: string; paymentId: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const refreshCase = useRefreshCase(disputeId);
  const [code, setCode] = useState('');
  const apply = useMutation({
    mutationFn: (entered: string) => enterPromoCode(paymentId, entered),
    onSuccess: () => refreshCase(),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() !== '') apply.mutate(code.trim());
  };
  const refusal = (error: unknown): string => errorMessage(error, t('fees.caseCard.promoFailed'));

  return (
    <form className={styles.form} onSubmit={submit} data-testid="promo-code-form">
      <Field
        className={styles.field}
        label={t('fees.caseCard.promoLabel')}
        validationState={apply.error ? 'error' : 'none'}
        validationMessage={apply.error ? refusal(apply.error) : undefined}
      >
        <Input
          value={code}
          maxLength={32}
          autoComplete="off"
          onChange={(_, data) => {
            setCode(data.value);
            if (apply.error) apply.reset();
          }}
        />
      </Field>
      <Button className={styles.button} type="submit" disabled={apply.isPending || code.trim() === ''}>
        {apply.isPending ? t('fees.caseCard.promoApplying') : t('fees.caseCard.promoApply')}
      </Button>
    </form>
  );
}
