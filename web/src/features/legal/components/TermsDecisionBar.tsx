import {
  Body1,
  Body1Strong,
  Button,
  makeStyles,
  mergeClasses,
  MessageBar,
  MessageBarBody,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { RETURN_TO_PARAM, safeReturnPath, TERMS_OF_SERVICE_VERSION } from '@ratkaisu/core';
import { errorMessage } from '../../../api/error-message';
import { signOut } from '../../../identity/session';
import { TermsAgreement, useAuthStore } from '../../../stores/auth-store';
import { useIsSignedIn } from '../../../stores/session';
import { formatDate } from '../../../ui/format-date';
import { updateAgreedTerms } from '../api/update-agreed-terms';

const useStyles = makeStyles({
  bar: {
    position: 'sticky',
    bottom: tokens.spacingVerticalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorBrandStroke2}`,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow16,
  },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalL,
  },
  prompt: { margin: 0, flex: '1 1 320px' },
  line: { margin: 0, display: 'block' },
  // Once accepted, the bar is information at the end of the text, not an overlay on it.
  settled: { position: 'static' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM },
});

type Pending = 'accept' | 'decline' | null;

/**
 * The signed-in user's decision on the terms (docs/product.md section 4): Accept and
 * Decline while undecided or declined — Accept records the agreement and goes
 * home; Decline records it, signs out and goes to /. A user who accepted is told
 * which version and when, and may still decline, with its consequence stated.
 */
export function TermsDecisionBar() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const signedIn = useIsSignedIn();
  const agreed = useAuthStore((state) => state.agreedTermsOfService);
  const agreedAt = useAuthStore((state) => state.agreedTermsAt);
  const agreedVersion = useAuthStore((state) => state.agreedTermsVersion);
  const [pending, setPending] = useState<Pending>(null);
  const [error, setError] = useState<string | null>(null);

  if (!signedIn) return null;
  const accepted = agreed === TermsAgreement.Agreed;

  const decide = async (decision: 'accept' | 'decline') => {
    setPending(decision);
    setError(null);
    try {
      if (decision === 'accept') {
        await updateAgreedTerms(TermsAgreement.Agreed);
        useAuthStore.getState().setAgreedTermsOfService(TermsAgreement.Agreed);
        // Back to where a mail link pointed before the terms were asked, else home.
        void navigate(safeReturnPath(searchParams.get(RETURN_TO_PARAM)) ?? '/home');
      } else {
        await updateAgreedTerms(TermsAgreement.Declined);
        await signOut();
        void navigate('/', { replace: true });
      }
    } catch (failure) {
      setError(errorMessage(failure, t('ErrorTryAgainText')));
      setPending(null);
    }
  };

  return (
    <section
      className={mergeClasses(styles.bar, accepted && styles.settled)}
      aria-label={t('legalPages.termsDecision.region')}
      data-testid="terms-decision"
    >
      {error ? (
        <MessageBar intent="error" data-testid="terms-decision-error">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={styles.row}>
        {accepted ? (
          <div className={styles.prompt}>
            <Body1Strong as="p" className={styles.line}>
              {agreedAt
                ? t('legalPages.termsDecision.acceptedOn', {
                    version: formatDate(agreedVersion ?? TERMS_OF_SERVICE_VERSION),
                    date: formatDate(agreedAt),
                  })
                : t('legalPages.termsDecision.accepted')}
            </Body1Strong>
            <Body1 as="p" className={styles.line}>
              {t('legalPages.termsDecision.declineLater')}
            </Body1>
          </div>
        ) : (
          <Body1Strong as="p" className={styles.prompt}>
            {agreed === TermsAgreement.Declined
              ? t('legalPages.termsDecision.declined')
              : t('legalPages.termsDecision.undecided')}
          </Body1Strong>
        )}
        <div className={styles.actions}>
          <Button
            appearance="secondary"
            disabled={pending !== null}
            icon={pending === 'decline' ? <Spinner size="tiny" /> : undefined}
            onClick={() => void decide('decline')}
          >
            {pending === 'decline' ? t('legalPages.termsDecision.declining') : t('legal.decline')}
          </Button>
          {accepted ? null : (
            <Button
              appearance="primary"
              disabled={pending !== null}
              icon={pending === 'accept' ? <Spinner size="tiny" appearance="inverted" /> : undefined}
              onClick={() => void decide('accept')}
            >
              {pending === 'accept' ? t('legalPages.termsDecision.accepting') : t('legal.accept')}
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}
