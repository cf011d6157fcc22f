import { Body1, makeStyles, Spinner } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RETURN_TO_PARAM, safeReturnPath, signInPathFor } from '@ratkaisu/core';
import { useSearchParams } from 'react-router';
import { RouterLink } from '../../../ui/RouterLink';
import { confirmEmail } from '../api/confirm-email';
import { StatusCard } from '../components/StatusCard';

const useStyles = makeStyles({ text: { margin: 0 } });

type Outcome = 'pending' | 'confirmed' | 'alreadyConfirmed' | 'failed';

/** /confirm-email?userId&token[&returnTo]: confirms on load, then says whether it worked. */
export default function ConfirmEmailPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const [searchParams] = useSearchParams();
  const userId = searchParams.get('userId') ?? '';
  const token = searchParams.get('token') ?? '';
  // Where the sign-up started from (an invitation's case): sign-in then returns there.
  const returnTo = safeReturnPath(searchParams.get(RETURN_TO_PARAM));
  const complete = userId !== '' && token !== '';
  const [outcome, setOutcome] = useState<Outcome>(complete ? 'pending' : 'failed');
  // The token is single use: post it once per link, even when React runs the effect twice.
  const posted = useRef<string | null>(null);

  useEffect(() => {
    if (!complete) return;
    const link = `${userId}\n${token}`;
    if (posted.current === link) return;
    posted.current = link;
    setOutcome('pending');
    confirmEmail({ userId, token }).then(
      (answer) => setOutcome(answer.alreadyConfirmed ? 'alreadyConfirmed' : 'confirmed'),
      () => setOutcome('failed'),
    );
  }, [complete, userId, token]);

  if (outcome === 'pending') {
    return (
      <StatusCard heading={t('routes.confirmEmail')}>
        <Spinner size="small" label={t('accountPages.confirmingEmail')} role="status" />
      </StatusCard>
    );
  }
  if (outcome === 'confirmed') {
    return (
      <StatusCard heading={t('accountPages.emailConfirmed')}>
        <Body1 as="p" className={styles.text}>
          {t('accountPages.emailConfirmedDetail')}
        </Body1>
        {returnTo ? (
          <RouterLink to={signInPathFor(returnTo)}>{t('accountPages.signInToContinue')}</RouterLink>
        ) : (
          <RouterLink to="/">{t('accountPages.goHome')}</RouterLink>
        )}
      </StatusCard>
    );
  }
  if (outcome === 'alreadyConfirmed') {
    return (
      <StatusCard heading={t('accountPages.emailAlreadyConfirmed')}>
        <Body1 as="p" className={styles.text}>
          {t('accountPages.emailAlreadyConfirmedDetail')}
        </Body1>
        <RouterLink to={signInPathFor(returnTo)}>{t('accountPages.signInToContinue')}</RouterLink>
      </StatusCard>
    );
  }
  return (
    <StatusCard heading={t('ErrorConfirmingEmailAddress')}>
      <Body1 as="p" className={styles.text} role="alert">
        {t('EmailErrorDetail')}
      </Body1>
      <RouterLink to="/">{t('accountPages.goHome')}</RouterLink>
    </StatusCard>
  );
}
