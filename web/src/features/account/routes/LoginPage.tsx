import {
  Body1,
  Button,
  Checkbox,
  Field,
  Link,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { lazyWithTexts } from '../../../i18n/lazy-with-texts';
import { useTranslation } from 'react-i18next';
import { RETURN_TO_PARAM, safeReturnPath } from '@ratkaisu/core';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { errorMessage } from '../../../api/error-message';
import { loadMsal, workAccountConfigured } from '../../../identity/msal';
import { signInWithPassword, signInWithWorkAccount } from '../../../identity/session';
import { useIdentityStore } from '../../../stores/identity-store';
import { useAuthStore } from '../../../stores/auth-store';
import { FormMessage } from '../../../ui/FormMessage';
import { PasswordField } from '../../../ui/PasswordField';
import { SubmitButton } from '../../../ui/SubmitButton';
import { RouterLink } from '../../../ui/RouterLink';
import { useFocusFirstInvalid } from '../../../ui/use-focus-first-invalid';
import { MIN_TFA_CODE_LENGTH } from '../account-rules';
import { TfaCodeField, UsernameField } from '../components/AccountFields';
import { AuthCard } from '../components/AuthCard';

// Loaded when first opened: the sign-in page's first load carries neither dialog (nor the password-strength meter).
const RegisterModal = lazyWithTexts(() =>
  import('../components/RegisterModal').then((module) => ({ default: module.RegisterModal })),
);
const ForgotPasswordModal = lazy(() =>
  import('../components/ForgotPasswordModal').then((module) => ({ default: module.ForgotPasswordModal })),
);

const useStyles = makeStyles({
  // Fluent's Divider look with its text, drawn here: the Divider component is not worth its weight on the
  // first load for one line.
  or: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    '::before': {
      content: '""',
      flexGrow: 1,
      borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    },
    '::after': {
      content: '""',
      flexGrow: 1,
      borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    },
  },
  anonymousLink: { textAlign: 'center', paddingTop: tokens.spacingVerticalS },
  header: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  heading: { margin: 0 },
  intro: { margin: 0, color: tokens.colorNeutralForeground3 },
  about: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  aboutLine: { margin: 0 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  tfaToggle: { alignSelf: 'flex-start' },
  accountLinks: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  submit: { marginTop: tokens.spacingVerticalS },
});

interface FieldErrors {
  username?: string;
  password?: string;
  tfaCode?: string;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const headingId = useId();

  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [tfaCode, setTfaCode] = useState('');
  const [showTfa, setShowTfa] = useState(false);
  const [remember, setRemember] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const workAccountBusy = useIdentityStore((state) => state.loading);
  const showRegister = useAuthStore((state) => state.showRegister);
  const setShowRegister = useAuthStore((state) => state.setShowRegister);
  const [showForgotPassword, setShowForgotPassword] = useState(false);
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();

  // Where a mail link pointed before sign-in was needed; a path on this site only.
  const returnTo = safeReturnPath(searchParams.get(RETURN_TO_PARAM));
  const queryError = searchParams.get('error');
  const shownQueryError = queryError === 'authorization_error' ? t('login.authorizationFailed') : queryError;
  const workAccountAvailable = workAccountConfigured();
  // Each dialog stays mounted once opened, so it closes with its animation.
  const [registerOpened, setRegisterOpened] = useState(showRegister);
  if (showRegister && !registerOpened) setRegisterOpened(true);
  const [forgotPasswordOpened, setForgotPasswordOpened] = useState(false);
  if (showForgotPassword && !forgotPasswordOpened) setForgotPasswordOpened(true);

  const validate = (): FieldErrors => {
    const errors: FieldErrors = {};
    if (username.trim() === '') errors.username = t('login.usernameRequired');
    if (password === '') errors.password = t('login.passwordRequired');
    if (showTfa && tfaCode.trim().length < MIN_TFA_CODE_LENGTH) errors.tfaCode = t('login.tfaCodeTooShort');
    return errors;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = validate();
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) {
      focusFirstInvalid();
      return;
    }

    setSubmitting(true);
    setFormError(null);
    try {
      const next = await signInWithPassword(
        {
          username: username.trim(),
          password,
          tfaCode: showTfa ? tfaCode.trim() : '',
          ...(remember ? { remember: true } : {}),
        },
        returnTo,
      );
      void navigate(next, { replace: true });
    } catch (error) {
      // The server names the two-factor field when the account needs a code: show it.
      if (error instanceof ApiError && error.fields?.tfaCode) setShowTfa(true);
      setFormError(errorMessage(error, t('login.loginFailed')));
      setSubmitting(false);
    }
  };

  const signInWithMicrosoft = async () => {
    setFormError(null);
    const result = await signInWithWorkAccount(t('login.authorizationFailed'), returnTo);
    switch (result.outcome) {
      case 'signed-in':
        void navigate(result.next, { replace: true });
        break;
      case 'denied':
        window.location.assign(result.accessDeniedUrl);
        break;
      case 'unavailable':
        setFormError(t('login.authServiceUnavailable'));
        break;
      case 'cancelled':
        // A closed or failed popup leaves the user on the sign-in screen.
        break;
    }
  };

  return (
    <AuthCard labelledBy={headingId}>
      <div className={styles.header}>
        <Title3 as="h1" id={headingId} className={styles.heading}>
          {t('login.heading')}
        </Title3>
        <Body1 as="p" className={styles.intro}>
          {t('login.intro')}
        </Body1>
      </div>

      {/* What Ratkaisu does, in three lines, for someone who has never heard of it. */}
      <div className={styles.about} data-testid="login-about">
        <Body1 as="p" className={styles.aboutLine}>
          {t('login.whatItDoes1')}
        </Body1>
        <Body1 as="p" className={styles.aboutLine}>
          {t('login.whatItDoes2')}
        </Body1>
        <Body1 as="p" className={styles.aboutLine}>
          {t('login.whatItDoes3')}
        </Body1>
        <RouterLink to="/how-it-works">{t('login.howItWorks')}</RouterLink>
      </div>

      {returnTo && !shownQueryError ? (
        <MessageBar intent="info" data-testid="login-return-notice">
          <MessageBarBody>{t('login.returnNotice')}</MessageBarBody>
        </MessageBar>
      ) : null}
      {shownQueryError ? (
        <MessageBar intent="error">
          <MessageBarBody>{shownQueryError}</MessageBarBody>
        </MessageBar>
      ) : null}
      <FormMessage intent="error" testId="login-error" message={formError} />

      <form ref={formRef} className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <UsernameField
          label={t('login.username')}
          state={[username, setUsername]}
          validationMessage={fieldErrors.username}
        />
        <PasswordField
          label={t('login.password')}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={setPassword}
          validationMessage={fieldErrors.password}
        />
        {showTfa ? (
          <TfaCodeField
            label={t('login.tfaCode')}
            hint={t('login.tfaCodeHint')}
            state={[tfaCode, setTfaCode]}
            validationMessage={fieldErrors.tfaCode}
          />
        ) : (
          <Link as="button" type="button" className={styles.tfaToggle} onClick={() => setShowTfa(true)}>
            {t('login.useTfaCode')}
          </Link>
        )}
        <Field hint={t('login.keepSignedInHint')}>
          <Checkbox
            name="remember"
            checked={remember}
            onChange={(_event, data) => setRemember(data.checked === true)}
            label={t('login.keepSignedIn')}
          />
        </Field>
        <SubmitButton busy={submitting} size="large" className={styles.submit}>
          {submitting ? t('login.signingIn') : t('login.submit')}
        </SubmitButton>
      </form>

      <div className={styles.accountLinks}>
        <Link as="button" type="button" onClick={() => setShowForgotPassword(true)}>
          {t('login.forgotPassword')}
        </Link>
        <Link as="button" type="button" onClick={() => setShowRegister(true)}>
          {t('login.register')}
        </Link>
      </div>

      {workAccountAvailable ? (
        <>
          <div role="separator" aria-orientation="horizontal" className={styles.or}>
            {t('login.or')}
          </div>
          <Button
            size="large"
            onClick={() => void signInWithMicrosoft()}
            // MSAL starts loading as the pointer or focus reaches the button, so the popup opens at once on the click.
            onPointerEnter={() => void loadMsal()}
            onFocus={() => void loadMsal()}
            disabled={workAccountBusy}
          >
            {t('login.loginWithProvider')}
          </Button>
        </>
      ) : null}

      <div className={styles.anonymousLink} data-testid="login-anonymous-link">
        <RouterLink to="/generate-decision">{t('login.anonymousDecisionLink')}</RouterLink>
      </div>

      <Suspense fallback={null}>
        {registerOpened ? (
          <RegisterModal
            open={showRegister}
            onClose={() => setShowRegister(false)}
            {...(returnTo ? { returnTo } : {})}
          />
        ) : null}
        {forgotPasswordOpened ? (
          <ForgotPasswordModal open={showForgotPassword} onClose={() => setShowForgotPassword(false)} />
        ) : null}
      </Suspense>
    </AuthCard>
  );
}
