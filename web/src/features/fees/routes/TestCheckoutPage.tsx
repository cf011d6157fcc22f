import { Body1, Button, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import type { TestCheckoutView } from '@ratkaisu/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { PageHeading } from '../../../ui/PageHeading';
import { RouterLink } from '../../../ui/RouterLink';
import { fetchTestCheckout, payTestCheckout } from '../api/fee-quote';
import { formatEuros } from '../money';

const useStyles = makeStyles({
  page: {
    maxWidth: '560px',
    width: '100%',
    margin: '0 auto',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: `0 ${tokens.spacingHorizontalM} ${tokens.spacingVerticalXXL}`,
  },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
  },
  lines: {
    display: 'grid',
    gridTemplateColumns: '1fr auto',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`,
    margin: 0,
  },
  figure: { margin: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  total: { fontWeight: tokens.fontWeightSemibold },
  purpose: { margin: 0 },
});

type Load =
  { state: 'loading' } | { state: 'missing' } | { state: 'failed' } | { state: 'ready'; checkout: TestCheckoutView };

/**
 * `/payments/test/:paymentId` (public): the built-in test provider's checkout (docs/fees.md). The Pay button asks
 * the server, which settles the payment as a signed notification would; the page then shows what the server says.
 */
export default function TestCheckoutPage() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const { paymentId = '' } = useParams();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [paying, setPaying] = useState(false);
  const [payFailed, setPayFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    fetchTestCheckout(paymentId, controller.signal).then(
      (checkout) => setLoad({ state: 'ready', checkout }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoad({ state: error instanceof ApiError && error.status === 404 ? 'missing' : 'failed' });
      },
    );
    return () => controller.abort();
  }, [paymentId]);

  const pay = async (checkout: TestCheckoutView) => {
    setPaying(true);
    setPayFailed(false);
    try {
      await payTestCheckout(checkout.paymentId);
      setLoad({ state: 'ready', checkout: await fetchTestCheckout(checkout.paymentId) });
    } catch {
      setPayFailed(true);
    } finally {
      setPaying(false);
    }
  };

  const euros = (cents: number) => formatEuros(cents, i18n.language);
  return (
    <div className={styles.page} data-testid="test-checkout">
      <PageHeading subtitle={t('fees.testCheckout.intro')}>{t('fees.testCheckout.title')}</PageHeading>
      {load.state === 'loading' ? <Spinner size="small" label={t('app.loadingPage')} /> : null}
      {load.state === 'missing' || load.state === 'failed' ? (
        <MessageBar intent="error">
          <MessageBarBody>
            {load.state === 'missing' ? t('fees.testCheckout.notFound') : t('fees.testCheckout.failed')}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {load.state === 'ready' ? (
        <section className={styles.card} aria-label={t(`fees.purpose.${load.checkout.purpose}`)}>
          <Body1 as="p" className={styles.purpose}>
            {t(`fees.purpose.${load.checkout.purpose}`)}
          </Body1>
          <dl className={styles.lines}>
            <dt>{t('fees.testCheckout.price')}</dt>
            <dd className={styles.figure}>{euros(load.checkout.netCents)}</dd>
            <dt>{t('fees.testCheckout.vat')}</dt>
            <dd className={styles.figure}>{euros(load.checkout.vatCents)}</dd>
            <dt className={styles.total}>{t('fees.testCheckout.total')}</dt>
            <dd className={`${styles.figure} ${styles.total}`}>{euros(load.checkout.amountCents)}</dd>
          </dl>
          {load.checkout.status === 'open' ? (
            <Button appearance="primary" disabled={paying} onClick={() => void pay(load.checkout)}>
              {paying
                ? t('fees.testCheckout.paying')
                : t('fees.testCheckout.pay', { amount: euros(load.checkout.amountCents) })}
            </Button>
          ) : (
            <MessageBar
              intent={load.checkout.status === 'paid' ? 'success' : 'warning'}
              data-testid="test-checkout-status"
            >
              <MessageBarBody>
                {load.checkout.status === 'paid' ? t('fees.testCheckout.paid') : t('fees.testCheckout.expired')}
              </MessageBarBody>
            </MessageBar>
          )}
          {payFailed ? (
            <MessageBar intent="error">
              <MessageBarBody>{t('fees.testCheckout.failed')}</MessageBarBody>
            </MessageBar>
          ) : null}
          <RouterLink to={`/case-attachment/${encodeURIComponent(load.checkout.disputeId)}`}>
            {t('fees.testCheckout.backToCase')}
          </RouterLink>
        </section>
      ) : null}
    </div>
  );
}
