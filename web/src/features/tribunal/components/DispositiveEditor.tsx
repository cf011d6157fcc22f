import {
  Body1,
  Button,
  Field,
  Input,
  makeStyles,
  Select,
  Subtitle2,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import {
  DISPOSITIVE_ORDER_KINDS,
  type DispositiveOrder,
  type DispositiveOrderKind,
  type DispositiveParty,
  type DispositivePart,
} from '@ratkaisu/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { centsToEuros, eurosToCents } from '../award-text';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  list: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  order: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalS,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  row: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))',
    gap: tokens.spacingHorizontalM,
    alignItems: 'end',
  },
  readOnly: { margin: 0, whiteSpace: 'pre-wrap' },
});

const EMPTY_ORDER: DispositiveOrder = { kind: 'payment', text: '', references: [] };

export interface DispositiveEditorProps {
  value: DispositivePart | undefined;
  readOnly: boolean;
  onChange: (value: DispositivePart) => void;
}

/** The dispositive part: numbered orders with their kind, the parties they concern, the amount, penalty interest and wording. */
export function DispositiveEditor({ value, readOnly, onChange }: DispositiveEditorProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const orders = value?.orders ?? [];

  const setOrder = (index: number, order: DispositiveOrder) =>
    onChange({ orders: orders.map((current, at) => (at === index ? order : current)) });
  const remove = (index: number) => onChange({ orders: orders.filter((_order, at) => at !== index) });

  return (
    <section className={styles.root} aria-label={t('tribunal.dispositive')} data-testid="dispositive">
      <Subtitle2 as="h2" className={styles.heading}>
        {t('tribunal.dispositive')}
      </Subtitle2>
      <ol className={styles.list}>
        {orders.map((order, index) => (
          <li key={index}>
            {readOnly ? (
              <Body1 as="p" className={styles.readOnly}>
                {order.text}
              </Body1>
            ) : (
              <OrderEditor
                number={index + 1}
                order={order}
                onChange={(next) => setOrder(index, next)}
                onRemove={() => remove(index)}
              />
            )}
          </li>
        ))}
      </ol>
      {readOnly ? null : (
        <div>
          <Button onClick={() => onChange({ orders: [...orders, { ...EMPTY_ORDER }] })}>
            {t('tribunal.addOrder')}
          </Button>
        </div>
      )}
    </section>
  );
}

function OrderEditor({
  number,
  order,
  onChange,
  onRemove,
}: {
  number: number;
  order: DispositiveOrder;
  onChange: (order: DispositiveOrder) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [amountText, setAmountText] = useState(order.amountCents === undefined ? '' : centsToEuros(order.amountCents));
  const [amountError, setAmountError] = useState<string | undefined>();

  // A removed order above shifts this editor to another order: show that order's amount.
  useEffect(() => {
    setAmountText((text) => {
      const typed = text.trim() === '' ? undefined : eurosToCents(text);
      if (typed === order.amountCents) return text;
      return order.amountCents === undefined ? '' : centsToEuros(order.amountCents);
    });
  }, [order.amountCents]);

  const party = (value: string): DispositiveParty | undefined =>
    value === 'claimant' || value === 'respondent' ? value : undefined;
  const withParty = (key: 'debtor' | 'creditor', value: string): DispositiveOrder => {
    const next = { ...order };
    const chosen = party(value);
    if (chosen) next[key] = chosen;
    else delete next[key];
    return next;
  };

  const setAmount = (text: string) => {
    setAmountText(text);
    if (text.trim() === '') {
      setAmountError(undefined);
      const next = { ...order };
      delete next.amountCents;
      onChange(next);
      return;
    }
    const cents = eurosToCents(text);
    if (cents === null) {
      setAmountError(t('tribunal.amountInvalid'));
      return;
    }
    setAmountError(undefined);
    onChange({ ...order, amountCents: cents });
  };

  const setInterestFrom = (from: string) => {
    const next = { ...order };
    if (from) next.interest = { ...(order.interest ?? { basis: 'penalty' }), from };
    else delete next.interest;
    onChange(next);
  };

  return (
    <div className={styles.order} data-testid={`order-${number}`}>
      <div className={styles.row}>
        <Field label={t('tribunal.orderKind')}>
          <Select
            value={order.kind}
            onChange={(_e, data) => onChange({ ...order, kind: data.value as DispositiveOrderKind })}
          >
            {DISPOSITIVE_ORDER_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`tribunal.kind_${kind}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('tribunal.debtor')}>
          <Select value={order.debtor ?? ''} onChange={(_e, data) => onChange(withParty('debtor', data.value))}>
            <option value="">{t('tribunal.partyNone')}</option>
            <option value="claimant">{t('tribunal.partyClaimant')}</option>
            <option value="respondent">{t('tribunal.partyRespondent')}</option>
          </Select>
        </Field>
        <Field label={t('tribunal.creditor')}>
          <Select value={order.creditor ?? ''} onChange={(_e, data) => onChange(withParty('creditor', data.value))}>
            <option value="">{t('tribunal.partyNone')}</option>
            <option value="claimant">{t('tribunal.partyClaimant')}</option>
            <option value="respondent">{t('tribunal.partyRespondent')}</option>
          </Select>
        </Field>
        <Field label={t('tribunal.amount')} validationMessage={amountError}>
          <Input inputMode="decimal" value={amountText} onChange={(_e, data) => setAmount(data.value)} />
        </Field>
        <Field label={t('tribunal.penaltyInterestFrom')}>
          <Input type="date" value={order.interest?.from ?? ''} onChange={(_e, data) => setInterestFrom(data.value)} />
        </Field>
      </div>
      <Field label={`${t('tribunal.orderText')} ${number}`} required>
        <Textarea
          value={order.text}
          resize="vertical"
          onChange={(_e, data) => onChange({ ...order, text: data.value })}
        />
      </Field>
      <div>
        <Button appearance="subtle" onClick={onRemove}>
          {t('tribunal.removeOrder', { number })}
        </Button>
      </div>
    </div>
  );
}
