import { Body1, Button, makeStyles, MessageBar, MessageBarBody, Spinner, tokens } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/error-message';
import { PasswordField } from '../../../ui/PasswordField';
import { RouterLink } from '../../../ui/RouterLink';
import { MIN_PASSWORD_LENGTH } from '../account-rules';
import { resetPassword } from '../api/password-reset';
import { StatusCard } from '../components/StatusCard';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  text: { margin: 0 },
});

interface FieldErrors {
  password?: string;
  confirm?: string;
}

/** /reset-password?email&token: a new password twice; on success a confirmation and a link to /. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email') ?? '';
  const token = searchParams.get('token') ?? '';

  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);

  const validate = (): FieldErrors => {
    const errors: FieldErrors = {};
    if (password.length < MIN_PASSWORD_LENGTH) errors.password = t('register.passwordTooShort');
    if (confirm.length < MIN_PASSWORD_LENGTH) errors.confirm = t('register.passwordTooShort');
    else if (password !== confirm) errors.confirm = t('PasswordsDontMatch');
    return errors;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = validate();
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setSubmitting(true);
    setFormError(null);
    try {
      await resetPassword({ email, token, password });
      setDone(true);
    } catch (error) {
      setFormError(errorMessage(error, t('ErrorTryAgainText')));
    } finally {
      setSubmitting(false);
    }
  };

  if (email === '' || token === '') {
    return (
      <StatusCard heading={t('routes.resetPassword')}>
        <MessageBar intent="error" role="alert">
          <MessageBarBody>
            {/* SPEC.md section 8: "No email found" when the link carries no email. */}
            {email === '' ? t('accountPages.noEmailFound') : t('accountPages.resetLinkIncomplete')}
          </MessageBarBody>
        </MessageBar>
        <RouterLink to="/">{t('accountPages.goHome')}</RouterLink>
      </StatusCard>
    );
  }

  if (done) {
    return (
      <StatusCard heading={t('routes.resetPassword')}>
        <MessageBar intent="success" data-testid="reset-password-success">
          <MessageBarBody>{t('accountPages.passwordReset')}</MessageBarBody>
        </MessageBar>
        <RouterLink to="/">{t('accountPages.goHome')}</RouterLink>
      </StatusCard>
    );
  }

  return (
    <StatusCard heading={t('routes.resetPassword')}>
      <Body1 as="p" className={styles.text}>
        {t('accountPages.resetPasswordIntro', { email })}
      </Body1>
      {formError ? (
        <MessageBar intent="error" role="alert" data-testid="reset-password-error">
          <MessageBarBody>{formError}</MessageBarBody>
        </MessageBar>
      ) : null}
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <PasswordField
          label={t('accountPages.newPassword')}
          name="newPassword"
          autoComplete="new-password"
          required
          value={password}
          onChange={setPassword}
          validationMessage={fieldErrors.password}
        />
        <PasswordField
          label={t('accountPages.confirmPassword')}
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={setConfirm}
          validationMessage={fieldErrors.confirm}
        />
        <Button
          type="submit"
          appearance="primary"
          disabled={submitting}
          icon={submitting ? <Spinner size="tiny" /> : undefined}
        >
          {t('accountPages.resetPasswordSubmit')}
        </Button>
      </form>
    </StatusCard>
  );
}
