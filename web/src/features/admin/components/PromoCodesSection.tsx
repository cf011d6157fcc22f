import {
  Body1,
  Button,
  Card,
  Field,
  Input,
  makeStyles,
  Select,
  Subtitle2,
  TableCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { parseEuroAmount, type PromoCodeView, type TenantView } from '@ratkaisu/core';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { errorMessage } from '../../../api/error-message';
import { DataTable } from '../../../ui/DataTable';
import { FormMessage } from '../../../ui/FormMessage';
import { formatDate } from '../../../ui/format-date';
import { formatEuros } from '../../../ui/format-euros';
import { LocaleDatePicker } from '../../../ui/LocaleDatePicker';
import { createPromoCode, disablePromoCode, listPromoCodes, type PromoCodeBody } from '../api/payments-api';
import { useAdminTableStyles } from './admin-styles';

const useStyles = makeStyles({
  section: { padding: tokens.spacingVerticalM, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  heading: { margin: 0 },
  form: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'flex-end' },
  field: { flex: '1 1 180px', maxWidth: '280px' },
  submit: { flex: '0 0 auto' },
});

/** `12,5` or `12.5` as a number; undefined when it is not one. */
function parseNumber(text: string): number | undefined {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(value) ? value : undefined;
}

/** The promo code refusals are shown in the screen's language by their catalogued code. */

/**
 * The SuperAdmin's promo codes (docs/fees.md "Promo codes"): a form to create one — a percentage or a fixed
 * sum off the net, the days it is valid, its number of uses and optionally one tenant — and the list of codes
 * with their uses, each of which can be disabled.
 */
export function PromoCodesSection({ tenants }: { tenants: TenantView[] }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const table = useAdminTableStyles();
  const [codes, setCodes] = useState<PromoCodeView[] | null>(null);
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<'percentage' | 'fixed'>('percentage');
  const [amount, setAmount] = useState('');
  const [validFrom, setValidFrom] = useState('');
  const [validUntil, setValidUntil] = useState('');
  const [maxUses, setMaxUses] = useState('');
  const [tenantId, setTenantId] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ intent: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setCodes(await listPromoCodes());
    } catch (cause) {
      setMessage({ intent: 'error', text: errorMessage(cause, t('payments.loadFailed')) });
    }
  }, [t]);
  useEffect(() => {
    void load();
  }, [load]);

  const failure = (cause: unknown, fallback: string): string => {
    // A promo code's refusal reads from the refusal catalogue by its reason, in the screen's language.
    return errorMessage(cause, fallback);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const value = kind === 'percentage' ? parseNumber(amount) : parseEuroAmount(amount);
    const uses = maxUses.trim() === '' ? undefined : parseNumber(maxUses);
    const errors: Record<string, string> = {};
    if (value === undefined) errors.amount = t('payments.invalidNumber');
    if (maxUses.trim() !== '' && uses === undefined) errors.maxUses = t('payments.invalidNumber');
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    const body: PromoCodeBody = {
      code,
      discount: kind === 'percentage' ? { kind, percent: value! } : { kind, cents: value! },
      ...(validFrom ? { validFrom } : {}),
      ...(validUntil ? { validUntil } : {}),
      ...(uses !== undefined ? { maxUses: uses } : {}),
      ...(tenantId ? { tenantId } : {}),
    };
    setBusy(true);
    try {
      const created = await createPromoCode(body);
      setMessage({ intent: 'success', text: t('payments.createdCode', { code: created.code }) });
      setCode('');
      setAmount('');
      await load();
    } catch (cause) {
      if (cause instanceof ApiError && cause.fields) {
        setFieldErrors({
          ...(cause.fields.code ? { code: cause.fields.code } : {}),
          ...(cause.fields['discount.percent'] || cause.fields['discount.cents']
            ? { amount: cause.fields['discount.percent'] ?? cause.fields['discount.cents']! }
            : {}),
          ...(cause.fields.validUntil ? { validUntil: cause.fields.validUntil } : {}),
          ...(cause.fields.maxUses ? { maxUses: cause.fields.maxUses } : {}),
        });
      }
      setMessage({ intent: 'error', text: failure(cause, t('payments.createFailed')) });
    } finally {
      setBusy(false);
    }
  };

  const disable = async (entry: PromoCodeView) => {
    setMessage(null);
    try {
      await disablePromoCode(entry.code);
      await load();
    } catch (cause) {
      setMessage({ intent: 'error', text: failure(cause, t('payments.disableFailed')) });
    }
  };

  const discountText = (entry: PromoCodeView) =>
    entry.discount.kind === 'percentage'
      ? new Intl.NumberFormat(i18n.language === 'fi' ? 'fi-FI' : 'en-IE', {
          style: 'percent',
          maximumFractionDigits: 2,
        }).format(entry.discount.basisPoints / 10_000)
      : formatEuros(entry.discount.cents, i18n.language);
  const validityText = (entry: PromoCodeView) =>
    [
      entry.validFrom ? t('payments.fromDate', { date: formatDate(`${entry.validFrom}T12:00:00`) }) : '',
      entry.validUntil ? t('payments.untilDate', { date: formatDate(`${entry.validUntil}T12:00:00`) }) : '',
    ]
      .filter(Boolean)
      .join(' ') || t('payments.always');
  const tenantName = (id?: string) =>
    id ? (tenants.find((tenant) => tenant.id === id)?.name ?? id) : t('payments.allTenants');

  return (
    <Card className={styles.section}>
      <Subtitle2 as="h2" className={styles.heading}>
        {t('payments.promoTitle')}
      </Subtitle2>
      <Body1>{t('payments.promoIntro')}</Body1>
      <FormMessage intent={message?.intent ?? 'error'} message={message?.text} testId="promo-message" />
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <Field
          className={styles.field}
          label={t('payments.code')}
          hint={t('payments.codeHint')}
          required
          validationMessage={fieldErrors.code}
        >
          <Input name="code" value={code} onChange={(_event, data) => setCode(data.value)} />
        </Field>
        <Field className={styles.field} label={t('payments.discountKind')}>
          <Select value={kind} onChange={(_event, data) => setKind(data.value as 'percentage' | 'fixed')}>
            <option value="percentage">{t('payments.percentage')}</option>
            <option value="fixed">{t('payments.fixed')}</option>
          </Select>
        </Field>
        <Field
          className={styles.field}
          label={t('payments.discountValue')}
          hint={kind === 'percentage' ? t('payments.percentHint') : t('payments.fixedHint')}
          required
          validationMessage={fieldErrors.amount}
        >
          <Input name="amount" inputMode="decimal" value={amount} onChange={(_event, data) => setAmount(data.value)} />
        </Field>
        <Field className={styles.field} label={t('payments.validFrom')}>
          <LocaleDatePicker value={validFrom} onChange={setValidFrom} />
        </Field>
        <Field className={styles.field} label={t('payments.validUntil')} validationMessage={fieldErrors.validUntil}>
          <LocaleDatePicker value={validUntil} onChange={setValidUntil} {...(validFrom ? { min: validFrom } : {})} />
        </Field>
        <Field
          className={styles.field}
          label={t('payments.maxUses')}
          hint={t('payments.maxUsesHint')}
          validationMessage={fieldErrors.maxUses}
        >
          <Input inputMode="numeric" value={maxUses} onChange={(_event, data) => setMaxUses(data.value)} />
        </Field>
        <Field className={styles.field} label={t('payments.tenant')}>
          <Select value={tenantId} onChange={(_event, data) => setTenantId(data.value)}>
            <option value="">{t('payments.allTenants')}</option>
            {tenants.map((tenant) => (
              <option key={tenant.id} value={tenant.id}>
                {tenant.name}
              </option>
            ))}
          </Select>
        </Field>
        <Button className={styles.submit} appearance="primary" type="submit" disabled={busy}>
          {t('payments.create')}
        </Button>
      </form>
      {codes && codes.length === 0 ? <Body1>{t('payments.noPromoCodes')}</Body1> : null}
      {codes && codes.length > 0 ? (
        <DataTable
          className={table.table}
          aria-label={t('payments.promoTitle')}
          columns={[
            t('payments.code'),
            t('payments.discountColumn'),
            t('payments.validity'),
            t('payments.uses'),
            t('payments.tenant'),
            t('payments.status'),
            t('admin.actions'),
          ]}
        >
          {codes.map((entry) => (
            <TableRow key={entry.code} data-testid="promo-row">
              <TableCell>{entry.code}</TableCell>
              <TableCell>{discountText(entry)}</TableCell>
              <TableCell>{validityText(entry)}</TableCell>
              <TableCell>
                {entry.maxUses !== undefined
                  ? t('payments.usesOf', { used: entry.usedCount, max: entry.maxUses })
                  : entry.usedCount}
              </TableCell>
              <TableCell className={table.wrap}>{tenantName(entry.tenantId)}</TableCell>
              <TableCell>{entry.disabled ? t('payments.disabled') : t('payments.active')}</TableCell>
              <TableCell>
                {entry.disabled ? null : (
                  <Button
                    size="small"
                    onClick={() => void disable(entry)}
                    aria-label={`${t('payments.disable')} ${entry.code}`}
                  >
                    {t('payments.disable')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </DataTable>
      ) : null}
    </Card>
  );
}
