import {
  Body1,
  Button,
  Divider,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Subtitle2,
  Text,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { signInPathFor, type InvitationView } from '@ratkaisu/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { useAuthStore } from '../../../stores/auth-store';
import { useIsSignedIn } from '../../../stores/session';
import { formatDate } from '../../../ui/format-date';
import { RouterLink } from '../../../ui/RouterLink';
import { hasChosenLanguage, showLanguage } from '../../../i18n/i18n';
import { getInvitation } from '../api/invitation';
import { AuthCard } from '../components/AuthCard';
import { RegisterModal } from '../components/RegisterModal';
import { StatusCard } from '../components/StatusCard';

const useStyles = makeStyles({
  header: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  heading: { margin: 0 },
  intro: { margin: 0, color: tokens.colorNeutralForeground2 },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr)',
    gap: tokens.spacingVerticalS,
    margin: 0,
  },
  fact: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  term: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  value: { margin: 0, overflowWrap: 'anywhere', fontWeight: tokens.fontWeightSemibold },
  expires: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  choice: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  text: { margin: 0 },
  task: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  steps: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
});

type Loaded =
  { state: 'loading' } | { state: 'ready'; invitation: InvitationView } | { state: 'failed'; expired: boolean };

/**
 * `/invitation/:token`, the link of the respondent's invitation mail: names the
 * case, who invited them and the invited address, then offers sign-in (for an
 * existing account) or sign-up bound to that address. Either way the user lands
 * on the case page afterwards.
 */
export default function InvitationPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const headingId = useId();
  const taskId = useId();
  const { token = '' } = useParams();
  const signedIn = useIsSignedIn();
  const signedInEmail = useAuthStore((state) => state.email);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [registering, setRegistering] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    getInvitation(token, controller.signal).then(
      async (invitation) => {
        // The invitation speaks the case's language (its mail did) unless this browser has chosen one.
        if (invitation.language && !hasChosenLanguage()) await showLanguage(invitation.language);
        if (!controller.signal.aborted) setLoaded({ state: 'ready', invitation });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoaded({ state: 'failed', expired: error instanceof ApiError && error.code === 'invitation_expired' });
      },
    );
    return () => controller.abort();
  }, [token]);

  if (loaded.state === 'loading') {
    return (
      <StatusCard heading={t('invitation.title')}>
        <Spinner size="small" label={t('invitation.loading')} role="status" />
      </StatusCard>
    );
  }
  if (loaded.state === 'failed') {
    return (
      <StatusCard heading={loaded.expired ? t('invitation.expiredHeading') : t('invitation.notFoundHeading')}>
        <Body1 as="p" className={styles.text} role="alert" data-testid="invitation-error">
          {loaded.expired ? t('invitation.expired') : t('invitation.notFound')}
        </Body1>
        <RouterLink to="/login">{t('invitation.goToSignIn')}</RouterLink>
      </StatusCard>
    );
  }

  const { invitation } = loaded;
  const invitedHere = signedInEmail.toLowerCase() === invitation.invitedEmail.toLowerCase();
  const fact = (term: string, value: string, testId: string) => (
    <div className={styles.fact}>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.value} data-testid={testId}>
        {value}
      </dd>
    </div>
  );

  return (
    <AuthCard labelledBy={headingId}>
      <div className={styles.header}>
        <Title3 as="h1" id={headingId} className={styles.heading}>
          {t('invitation.heading')}
        </Title3>
        <Body1 as="p" className={styles.intro}>
          {t('invitation.intro', { party: invitation.invitingParty })}
        </Body1>
      </div>

      <dl className={styles.facts}>
        {fact(t('invitation.caseName'), invitation.caseName, 'invitation-case')}
        {invitation.caseNumber ? fact(t('invitation.caseNumber'), invitation.caseNumber, 'invitation-number') : null}
        {fact(
          t('invitation.invitingParty'),
          `${invitation.invitingParty} — ${t('invitation.invitingPerson', {
            name: invitation.invitedBy.name,
            email: invitation.invitedBy.email,
          })}`,
          'invitation-inviter',
        )}
        {fact(t('invitation.invitedEmail'), invitation.invitedEmail, 'invitation-email')}
        {invitation.responseDueDate
          ? fact(t('firstUse.invitation.dueHeading'), formatDate(invitation.responseDueDate), 'invitation-due')
          : null}
      </dl>
      {invitation.responseDueDate || invitation.resolved ? null : (
        <Text as="p" className={styles.expires}>
          {t('firstUse.invitation.noDue')}
        </Text>
      )}
      {invitation.resolved ? (
        <MessageBar intent="info" data-testid="invitation-resolved">
          <MessageBarBody>{t('firstUse.invitation.resolved')}</MessageBarBody>
        </MessageBar>
      ) : null}
      {!invitation.resolved && (invitedHere || !signedIn) ? (
        <section className={styles.task} aria-labelledby={taskId} data-testid="invitation-task">
          <Subtitle2 as="h2" id={taskId} className={styles.text}>
            {t('firstUse.invitation.taskHeading')}
          </Subtitle2>
          <ol className={styles.steps}>
            {signedIn ? null : <li>{t('firstUse.invitation.task1')}</li>}
            <li>{t('firstUse.invitation.task2')}</li>
            <li>{t('firstUse.invitation.task3')}</li>
          </ol>
          <Body1 as="p" className={styles.text}>
            {t('firstUse.invitation.taskNote')}
          </Body1>
          <RouterLink to="/how-it-works">{t('firstUse.invitation.howItWorks')}</RouterLink>
        </section>
      ) : null}
      <Text as="p" className={styles.expires}>
        {t('invitation.expires', { date: formatDate(invitation.expiresAt) })}
      </Text>

      {signedIn ? (
        invitedHere ? (
          <div className={styles.choice}>
            <Body1 as="p" className={styles.text}>
              {t('invitation.signedInAs', { email: signedInEmail })}
            </Body1>
            <Button appearance="primary" size="large" onClick={() => void navigate(invitation.casePath)}>
              {t('invitation.openCase')}
            </Button>
          </div>
        ) : (
          <MessageBar intent="warning">
            <MessageBarBody>
              {t('invitation.signedInAsOther', { email: signedInEmail, invited: invitation.invitedEmail })}
            </MessageBarBody>
          </MessageBar>
        )
      ) : (
        <>
          {/* A new address is the usual case for an invitation, so creating the account comes first. Whether the
              address already has an account is not asked of the server: that would tell it to anyone holding the link. */}
          <div className={styles.choice}>
            <Body1 as="p" className={styles.text}>
              {t('invitation.newHere')}
            </Body1>
            <Button
              appearance="primary"
              size="large"
              onClick={() => setRegistering(true)}
              data-testid="invitation-sign-up"
            >
              {t('invitation.signUp')}
            </Button>
          </div>
          <Divider />
          <div className={styles.choice}>
            <Body1 as="p" className={styles.text}>
              {t('invitation.haveAccount')}
            </Body1>
            <Button size="large" onClick={() => void navigate(signInPathFor(invitation.casePath))}>
              {t('invitation.signInToOpen')}
            </Button>
          </div>
          <RegisterModal
            open={registering}
            onClose={() => setRegistering(false)}
            invitation={{ token, email: invitation.invitedEmail }}
            returnTo={invitation.casePath}
          />
        </>
      )}
    </AuthCard>
  );
}
