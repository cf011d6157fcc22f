import { Body1, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormMessage } from '../../../ui/FormMessage';
import { RouterLink } from '../../../ui/RouterLink';
import { SubmitButton } from '../../../ui/SubmitButton';
import { useFocusFirstInvalid } from '../../../ui/use-focus-first-invalid';
import { useFormSubmission } from '../../../ui/use-form-submission';
import { isResetLinkUsable, resetPassword } from '../api/password-reset';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { StatusCard } from '../components/StatusCard';
import { newPasswordErrors, type NewPasswordErrors } from '../password-errors';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  text: { margin: 0 },
});

/** /reset-password?email&token: a new password twice; on success a confirmation and a link to /. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email') ?? '';
  const token = searchParams.get('token') ?? '';

  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [fieldErrors, setFieldErrors] = useState<NewPasswordErrors>({});
  const [done, setDone] = useState(false);
  // The link is checked before the form shows, so a used or expired one is refused before a password is typed.
  const [link, setLink] = useState<'checking' | 'usable' | 'refused'>('checking');
  useEffect(() => {
    if (email === '' || token === '') return;
    let live = true;
    isResetLinkUsable({ email, token }).then(
      (usable) => live && setLink(usable ? 'usable' : 'refused'),
      // No answer: the form shows, and the reset checks the link again.
      () => live && setLink('usable'),
    );
    return () => {
      live = false;
    };
  }, [email, token]);
  const { submitting, formError, runSubmission } = useFormSubmission(t('ErrorTryAgainText'));
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = newPasswordErrors(password, confirm, t);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) {
      focusFirstInvalid();
      return;
    }
    await runSubmission(async () => {
      await resetPassword({ email, token, password });
      setDone(true);
    });
  };

  if (email === '' || token === '') {
    return (
      <StatusCard heading={t('routes.resetPassword')}>
        {/* docs/product.md section 8: "No email found" when the link carries no email. */}
        <FormMessage
          intent="error"
          message={email === '' ? t('accountPages.noEmailFound') : t('accountPages.resetLinkIncomplete')}
        />
        <RouterLink to="/">{t('accountPages.goHome')}</RouterLink>
      </StatusCard>
    );
  }

  if (!done && link === 'checking') {
    return (
      <StatusCard heading={t('routes.resetPassword')}>
        <Spinner size="small" label={t('accountPages.checkingResetLink')} role="status" />
      </StatusCard>
    );
  }
  if (!done && link === 'refused') {
    return (
      <StatusCard heading={t('routes.resetPassword')}>
        <FormMessage intent="error" testId="reset-link-refused" message={t('accountPages.resetLinkUsed')} />
        <RouterLink to="/login">{t('forgotPassword.backToLogin')}</RouterLink>
      </StatusCard>
    );
  }
  if (done) {
    return (
      <StatusCard heading={t('routes.resetPassword')}>
        <FormMessage intent="success" testId="reset-password-success" message={t('accountPages.passwordReset')} />
        <RouterLink to="/">{t('accountPages.goHome')}</RouterLink>
      </StatusCard>
    );
  }

  return (
    <StatusCard heading={t('routes.resetPassword')}>
      <Body1 as="p" className={styles.text}>
        {t('accountPages.resetPasswordIntro', { email })}
      </Body1>
      <FormMessage intent="error" testId="reset-password-error" message={formError} />
      <form ref={formRef} className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <NewPasswordFields
          newPassword={[password, setPassword]}
          confirm={[confirm, setConfirm]}
          errors={fieldErrors}
          email={email ?? undefined}
        />
        <SubmitButton busy={submitting}>{t('accountPages.resetPasswordSubmit')}</SubmitButton>
      </form>
    </StatusCard>
  );
}
