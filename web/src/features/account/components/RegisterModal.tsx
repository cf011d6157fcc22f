import {
  Body1,
  Button,
  Checkbox,
  Field,
  Input,
  Link,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/error-message';
import { Modal } from '../../../ui/Modal';
import { PasswordField } from '../../../ui/PasswordField';
import { isAcceptableEmail, MIN_PASSWORD_LENGTH, MIN_USERNAME_LENGTH } from '../account-rules';
import { register } from '../api/register';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  footer: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, alignItems: 'flex-start' },
  text: { margin: 0 },
});

interface FieldErrors {
  username?: string;
  email?: string;
  password?: string;
  terms?: string;
}

/** The register modal (SPEC.md section 2): username, email, password, terms; then "check your email". */
export function RegisterModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [promoCode, setPromoCode] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [registered, setRegistered] = useState(false);

  const close = () => {
    if (submitting) return;
    setRegistered(false);
    setPassword('');
    setFormError(null);
    setFieldErrors({});
    onClose();
  };

  const validate = (): FieldErrors => {
    const errors: FieldErrors = {};
    if (username.trim().length < MIN_USERNAME_LENGTH) errors.username = t('register.usernameTooShort');
    if (!isAcceptableEmail(email)) errors.email = t('register.emailInvalid');
    if (password.length < MIN_PASSWORD_LENGTH) errors.password = t('register.passwordTooShort');
    if (!agreed) errors.terms = t('register.termsRequired');
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
      await register({ username: username.trim(), email: email.trim(), password, promoCode: promoCode.trim() });
      setRegistered(true);
    } catch (error) {
      setFormError(errorMessage(error, t('ErrorTryAgainText')));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal open={open} onClose={close} title={t('register.heading')}>
      {registered ? (
        <div className={styles.form}>
          <MessageBar intent="success" data-testid="register-success">
            <MessageBarBody>
              <MessageBarTitle>{t('register.checkEmail')}</MessageBarTitle>
              {t('register.checkEmailDetail')}
            </MessageBarBody>
          </MessageBar>
          {/* The form (and the focused button) is gone: keep focus inside the dialog. */}
          <Link as="button" type="button" onClick={close} autoFocus>
            {t('forgotPassword.backToLogin')}
          </Link>
        </div>
      ) : (
        <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
          {formError ? (
            <MessageBar intent="error" role="alert" data-testid="register-error">
              <MessageBarBody>{formError}</MessageBarBody>
            </MessageBar>
          ) : null}
          <Field label={t('register.username')} required validationMessage={fieldErrors.username}>
            <Input
              name="username"
              autoComplete="username"
              value={username}
              onChange={(_event, data) => setUsername(data.value)}
            />
          </Field>
          <Field label={t('register.email')} required validationMessage={fieldErrors.email}>
            <Input
              name="email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(_event, data) => setEmail(data.value)}
            />
          </Field>
          <PasswordField
            label={t('register.password')}
            name="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={setPassword}
            validationMessage={fieldErrors.password}
          />
          <Field label={t('register.promoCode')}>
            <Input name="promoCode" value={promoCode} onChange={(_event, data) => setPromoCode(data.value)} />
          </Field>
          <Field validationMessage={fieldErrors.terms}>
            <Checkbox
              checked={agreed}
              onChange={(_event, data) => setAgreed(data.checked === true)}
              label={
                <Trans
                  i18nKey="register.agreeToTermsLinked"
                  components={{
                    // A new tab, so what was typed here is not lost.
                    termsLink: <Link href="/terms-of-service" target="_blank" rel="noopener noreferrer" inline />,
                  }}
                />
              }
            />
          </Field>
          <Button
            type="submit"
            appearance="primary"
            disabled={submitting}
            icon={submitting ? <Spinner size="tiny" /> : undefined}
          >
            {t('register.signUp')}
          </Button>
          <div className={styles.footer}>
            <Body1 as="p" className={styles.text}>
              <Link as="button" type="button" onClick={close}>
                {t('register.haveAccount')}
              </Link>
            </Body1>
          </div>
        </form>
      )}
    </Modal>
  );
}
